import { expect, test } from './support/test';

// Every page rendering without console errors, in each language, is e2e/every-page.spec.ts.
test.describe('smoke', () => {
  test('an unknown path shows the not-found page with a way back', async ({ page, consoleErrors }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the mic list' }).click();
    await expect(page).toHaveURL(/\/mics$/);
    expect(consoleErrors).toEqual([]);
  });

  test('every HTML response carries the security headers and is not cached', async ({ page }) => {
    for (const path of ['/', '/composite-events/some-deep-link', '/wall']) {
      const response = await page.goto(path);
      const headers = response!.headers();
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).not.toContain('unsafe-eval');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['cache-control']).toBe('no-cache');
    }
  });

  test('before any script runs, the HTML paints the first screen: the page outline, or the wall clock', async ({
    page,
  }) => {
    // A phone on a slow connection, its scripts still on the way.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/mics');
    await expect(page.getByText('Edge Sound Console')).toBeVisible();
    await expect(page.getByText(/^Demo mode: everyone on this machine/)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(1);
    // The other language's copy is in the HTML but not shown.
    await expect(page.getByText('엣지 사운드 콘솔')).toBeHidden();

    await page.goto('/wall');
    await expect(page.getByText(/^\d\d:\d\d:\d\d$/)).toBeVisible();
    await expect(page.getByText('Edge Sound Console')).toBeHidden();
    await expect(page.getByText(/^Demo mode/)).toHaveCount(0);
  });

  test('keyboard shortcuts: / focuses the search box, g then a letter goes to a page, ? lists them', async ({
    page,
  }) => {
    await page.goto('/mics');
    // The page's own search box must be there before '/' has something to focus. Exact role and
    // name: earlier specs rename devices, and a row's switch is labelled with the device name.
    const search = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(search).toBeVisible();
    await page.locator('body').press('/');
    await expect(search).toBeFocused();
    await search.blur();
    // Straight to the keyboard: a locator's press finds and focuses its element first, and under
    // load that took 1.4 s between g and e, longer than the shortcut waits for its second key.
    await page.keyboard.press('g');
    await page.keyboard.press('e');
    await expect(page).toHaveURL(/\/events/);
    await page.locator('body').press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
