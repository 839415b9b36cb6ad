import { focusIsInside, focusLook, tabTo } from './support/keyboard';
import { MicsPage } from './support/mics-page';
import { expect, test } from './support/test';

type StoredMic = { id: string; name: string; thresholds: Record<string, { confidence: number }> };

/** A mic with thresholds among mic-0041…0050, which only this spec edits (specs share one demo database per run). */
async function micWithThresholds(page: import('@playwright/test').Page): Promise<StoredMic> {
  for (let n = 41; n <= 50; n++) {
    const response = await page.request.get(`/api/v1/mics/mic-00${n}`);
    const mic = ((await response.json()) as { data: StoredMic }).data;
    if (Object.keys(mic.thresholds).length > 0) return mic;
  }
  throw new Error('no mic with thresholds among mic-0041…0050');
}

test.describe('keyboard only', () => {
  test('edit a mic threshold: find the mic, open it, nudge a slider, save, close, and land back on the row', async ({
    page,
  }) => {
    const mics = new MicsPage(page);
    const mic = await micWithThresholds(page);
    const { name } = mic;
    await mics.goto('/mics');
    await expect(mics.rows.first()).toBeVisible();

    // `/` focuses the page's search box; typing filters the table.
    await page.keyboard.press('/');
    await expect(mics.nameFilter).toBeFocused();
    await page.keyboard.type(name);
    await expect(mics.rows).toHaveCount(1);
    await expect(mics.rowOf(mic.id)).toBeVisible();

    const rowLink = mics.rowOf(mic.id).getByRole('link', { name });
    expect(await tabTo(page, rowLink)).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    await expect(mics.drawer).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/mics/${mic.id}`));
    await expect.poll(() => focusIsInside(mics.drawer), { message: 'focus moves into the drawer' }).toBe(true);

    const slider = mics.drawer.getByRole('slider').first();
    await expect(slider).toBeVisible();
    const before = Number(await slider.getAttribute('aria-valuenow'));
    expect(await tabTo(page, slider)).toBeGreaterThanOrEqual(0);
    // Towards the middle, so the step always stays inside 0–1.
    const key = before < 0.5 ? 'ArrowRight' : 'ArrowLeft';
    await page.keyboard.press(key);
    await page.keyboard.press(key);
    const expected = Math.round((before + (key === 'ArrowRight' ? 0.02 : -0.02)) * 100) / 100;
    await expect(slider).toHaveAttribute('aria-valuenow', String(expected));
    await expect(mics.thresholdInputs().first()).toHaveValue(String(expected));

    expect(await tabTo(page, mics.save)).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    const saved = mics.drawer.getByRole('status').filter({ hasText: `Saved ${name}` });
    await expect(saved).toBeVisible();
    await expect(saved).toContainText(`= ${expected}`);

    const stored = await page.request.get(`/api/v1/mics/${mic.id}`);
    const thresholds = ((await stored.json()) as { data: StoredMic }).data.thresholds;
    expect(Object.values(thresholds).map((t) => t.confidence)).toContain(expected);

    await page.keyboard.press('Escape');
    await expect(mics.drawer).toHaveCount(0);
    await expect(page).toHaveURL(/\/mics(\?|$)/);
    await expect(rowLink, 'focus returns to the row that opened the drawer').toBeFocused();
  });

  test('the drawer keeps the focus inside while open, in both directions', async ({ page }) => {
    const mics = new MicsPage(page);
    await mics.goto('/mics');
    const firstLink = mics.rows.first().getByRole('link');
    await expect(firstLink).toBeVisible();
    expect(await tabTo(page, firstLink)).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    await expect(mics.drawer.getByRole('slider').first()).toBeVisible();

    // Past every stop in the drawer and round again: a leak would have left it by then.
    const stops = await mics.drawer.evaluate(
      (drawer) =>
        drawer.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), textarea, [tabindex="0"]')
          .length,
    );
    expect(stops).toBeGreaterThan(3);
    for (const backwards of [false, true]) {
      for (let i = 0; i < stops + 3; i++) {
        await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
        expect(await focusIsInside(mics.drawer), `focus after ${i + 1} ${backwards ? 'Shift+Tab' : 'Tab'}`).toBe(true);
      }
    }
    await page.keyboard.press('Escape');
    await expect(mics.drawer).toHaveCount(0);
    await expect(firstLink).toBeFocused();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`focus is visible on links, buttons and inputs (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const mics = new MicsPage(page);
      await mics.goto('/mics');
      await expect(mics.rows.first()).toBeVisible();
      const targets = [
        page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Map' }),
        page.getByRole('button', { name: /^Colour scheme/ }),
        mics.nameFilter,
        mics.rows.first().getByRole('link'),
        mics.rows.first().getByRole('switch'),
      ];
      for (const target of targets) {
        await page.locator('body').focus();
        const unfocused = await focusLook(target);
        expect(await tabTo(page, target, { max: 120 })).toBeGreaterThanOrEqual(0);
        const focused = await focusLook(target);
        expect(focused, `focus changes how ${await target.evaluate((el) => el.outerHTML.slice(0, 80))} looks`).not.toBe(
          unfocused,
        );
      }
    });
  }

  test('every page is reachable from the navigation with Tab and Enter', async ({ page }) => {
    await page.goto('/mics');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // In the navigation's order, the incident queue first.
    for (const [link, heading] of [
      ['Composite events', 'Composite events'],
      ['Events', 'Sound events'],
      ['Map', 'Map'],
      ['Mics', 'Mics'],
    ] as const) {
      expect(
        // A link's name may go on with its count of new items (Composite events).
        await tabTo(page, nav.getByRole('link', { name: new RegExp(`^${link}`) }), { max: 120 }),
      ).toBeGreaterThanOrEqual(0);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
    }
  });
});
