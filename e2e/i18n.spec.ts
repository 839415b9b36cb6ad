import {
  APP_PAGES,
  LANGUAGE_KEY,
  mainNavigation,
  NAV_LINKS,
  newestCompositeId,
  useLanguage,
  type Language,
} from './support/a11y';
import { expect, test, type Page } from './support/test';

const ENGLISH_NAV = /^(Mics|Map|Events|Composite events|Shift handover|Wall display)$/;

/** Texts that are only right in one language, per page: a label, a button, a column. */
const KEY_TEXTS: Record<string, (page: Page, language: Language) => ReturnType<Page['getByRole']>[]> = {
  mics: (page, l) => [
    page.getByRole('textbox', { name: l === 'ko' ? '이름' : 'Name', exact: true }),
    page.getByRole('columnheader', { name: l === 'ko' ? '수정' : 'Updated' }),
    page.getByRole('button', { name: l === 'ko' ? '다음 페이지' : 'Next page' }),
  ],
  'mic drawer': (page, l) => [
    page.getByRole('dialog').getByRole('button', { name: l === 'ko' ? '닫기' : 'Close', exact: true }),
    page.getByRole('dialog').getByRole('button', { name: l === 'ko' ? '변경 사항 저장' : 'Save changes' }),
  ],
  map: (page, l) => [page.getByRole('combobox', { name: l === 'ko' ? '마이크 찾기' : 'Find a mic' })],
  events: (page, l) => [
    page.getByRole('button', { name: l === 'ko' ? 'CSV 내보내기' : 'Export CSV' }),
    page.getByRole('button', { name: l === 'ko' ? '다음 페이지' : 'Next page' }),
  ],
  'composite timeline': (page, l) => [
    page.getByRole('button', { name: l === 'ko' ? '생성 시작' : 'Created from' }),
    page.getByRole('button', { name: l === 'ko' ? '다음 페이지' : 'Next page' }),
  ],
  'composite detail': (page, l) => [
    page.getByRole('link', { name: l === 'ko' ? '복합 이벤트' : 'Composite events', exact: true }).last(),
  ],
  handover: (page, l) => [
    page.getByRole('button', { name: l === 'ko' ? 'CSV 내보내기' : 'Export CSV' }),
    page.getByRole('region', { name: l === 'ko' ? '미결' : 'Still open', exact: true }),
  ],
  'not found': (page, l) => [page.getByRole('link', { name: l === 'ko' ? '마이크 목록으로' : 'Go to the mic list' })],
  // The composite region is there in both languages whether or not an incident fell in the window.
  wall: (page, l) => [page.getByRole('region', { name: l === 'ko' ? '복합 이벤트' : 'Composite events' })],
};

test.describe('every page in Korean and in English', () => {
  for (const appPage of APP_PAGES) {
    for (const language of ['en', 'ko'] as const) {
      test(`${appPage.name} in ${language === 'ko' ? 'Korean' : 'English'}`, async ({ page }) => {
        await useLanguage(page, language);
        await page.goto(appPage.path(await newestCompositeId(page.request)));
        await expect(appPage.ready(page, language)).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(
          page
            .getByRole('heading', { level: appPage.headingLevel, name: appPage.heading[language], exact: true })
            .first(),
        ).toBeVisible();
        for (const text of KEY_TEXTS[appPage.name]!(page, language)) await expect(text).toBeVisible();
        if (appPage.shell) {
          const nav = mainNavigation(page, language);
          // A link's name may go on with its count of new items ("Composite events 12 new").
          for (const name of NAV_LINKS[language])
            await expect(nav.getByRole('link', { name: new RegExp(`^${name}(\\s|$)`) })).toBeVisible();
          if (language === 'ko') await expect(nav.getByRole('link', { name: ENGLISH_NAV })).toHaveCount(0);
        }
      });
    }
  }
});

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
