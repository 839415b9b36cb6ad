import { LANGUAGE_KEY, useLanguage } from './support/a11y';
import { expect, test } from './support/test';

test.describe('a Korean browser on its first visit', () => {
  test.use({ locale: 'ko-KR' });

  test('gets Korean without choosing anything', async ({ page }) => {
    await page.goto('/mics');
    await expect(page.getByRole('heading', { level: 2, name: '마이크' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('button', { name: '언어를 영어로 바꾸기' })).toHaveText('English');
  });
});

test.describe('an English browser on its first visit', () => {
  test.use({ locale: 'en-US' });

  test('gets English', async ({ page }) => {
    await page.goto('/mics');
    await expect(page.getByRole('heading', { level: 2, name: 'Mics' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('switching the language', () => {
  test.use({ locale: 'en-US', timezoneId: 'Asia/Seoul' });

  test('in the header switches at once, dates included, and is remembered after a reload', async ({ page }) => {
    await page.goto('/composite-events');
    await expect(page.getByRole('article').first()).toBeVisible();
    const picker = (name: string) => page.getByRole('button', { name });
    await picker('Created from').click();
    const calendar = page.getByRole('dialog', { name: 'Created from' });
    await expect(calendar).toBeVisible();
    await expect(
      calendar.getByText(
        /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
      ),
    ).toBeVisible();
    await expect(calendar.getByRole('columnheader', { name: 'Mo' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Switch the language to Korean' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '복합 이벤트' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe('ko');

    // Mantine's calendar follows the switch without a reload: Korean month and weekday names.
    await picker('생성 시작').click();
    const koCalendar = page.getByRole('dialog', { name: '생성 시작' });
    await expect(koCalendar.getByText(/^\d{4}년 \d{1,2}월$/)).toBeVisible();
    await expect(koCalendar.getByRole('columnheader', { name: '일' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: '복합 이벤트' })).toBeVisible();
    await page.getByRole('button', { name: '언어를 영어로 바꾸기' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Composite events' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Composite events' })).toBeVisible();
  });

  test('relative times and the shortcuts dialog speak the chosen language', async ({ page }) => {
    await useLanguage(page, 'ko');
    await page.goto('/mics');
    const table = page.getByRole('table', { name: '마이크 장치' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect(table.locator('tbody tr').first().locator('time')).toHaveText(/전$/);
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: '단축키' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '닫기' }).click();
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('time', () => {
  test.use({ timezoneId: 'Asia/Seoul' });

  test('timestamps show local time with the zone, and UTC on hover', async ({ page, demo }) => {
    const { created_at } = await demo.addEvent({ mic_id: 'mic-0041', label_id: 'siren', confidence: 0.9 });
    await page.goto('/events');
    const time = page.getByRole('table').locator(`time[datetime="${created_at}"]`);
    await expect(time).toBeVisible();
    // Seoul is UTC+9: the shown time is the UTC one moved by nine hours, and says its zone.
    const local = new Date(Date.parse(created_at) + 9 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    await expect(time).toHaveText(new RegExp(`^${local} (GMT\\+9|KST)$`));
    await time.hover();
    await expect(page.getByRole('tooltip')).toHaveText(`${created_at.slice(0, 19).replace('T', ' ')} UTC`);

    await page.goto('/wall');
    const wallTime = page.getByRole('log', { name: 'Latest events' }).locator('time').first();
    await expect(wallTime).toHaveAttribute('data-hint', / UTC$/);
  });
});

test.describe('colour scheme', () => {
  test('follows the system by default, cycles light → dark → system from the header, and is remembered', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/mics');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

    const toggle = page.getByRole('button', { name: /^Colour scheme: / });
    await expect(toggle).toHaveAccessibleName('Colour scheme: System. Switch to Light');
    await toggle.click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(toggle).toHaveAccessibleName('Colour scheme: Light. Switch to Dark');
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

    // The wall is a control-room display: dark even when the console is set to light.
    await page.goto('/wall');
    await expect(page.getByTestId('wall')).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.goto('/mics');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

    await page.getByRole('button', { name: /^Colour scheme: / }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('button', { name: /^Colour scheme: / }).click();
    await expect(page.getByRole('button', { name: /^Colour scheme: / })).toHaveAccessibleName(
      'Colour scheme: System. Switch to Light',
    );
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});
