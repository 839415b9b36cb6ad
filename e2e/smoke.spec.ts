import { expect, test } from './support/test';

const SHELL_ROUTES = [
  { path: '/mics', heading: 'Mics' },
  { path: '/mics/mic-0001', heading: 'Mics' },
  { path: '/map', heading: 'Map' },
  { path: '/events', heading: 'Sound events' },
  { path: '/composite-events', heading: 'Composite events' },
];

test.describe('smoke', () => {
  for (const route of SHELL_ROUTES) {
    test(`${route.path} renders its page inside the shell without console errors`, async ({ page, consoleErrors }) => {
      await page.goto(route.path);
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: route.heading, exact: true })).toBeVisible();
      await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live');
      expect(consoleErrors).toEqual([]);
    });
  }

  test('a composite event deep link renders without console errors', async ({ page, consoleErrors }) => {
    const list = await page.request.get('/api/v1/composite-events?size=1');
    const { id } = ((await list.json()) as { results: { id: string }[] }).results[0]!;
    await page.goto(`/composite-events/${id}`);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Rule' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('the wall display renders without the shell and without console errors', async ({ page, consoleErrors }) => {
    await page.goto('/wall');
    await expect(page.getByTestId('wall')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

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
    await page.locator('body').press('g');
    await page.locator('body').press('e');
    await expect(page).toHaveURL(/\/events/);
    await page.locator('body').press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
