import { expect, test } from './support/test';

const ROUTES = [
  { path: '/mics', heading: /mics/i },
  { path: '/map', heading: /map/i },
  { path: '/events', heading: /events/i },
  { path: '/composite-events', heading: /composite/i },
];

test.describe('smoke', () => {
  for (const route of ROUTES) {
    test(`${route.path} renders inside the shell without console errors`, async ({ page, consoleErrors }) => {
      await page.goto(route.path);
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', /live|connecting/);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('an unknown path shows the not-found page with a way back', async ({ page, consoleErrors }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the mic list' }).click();
    await expect(page).toHaveURL(/\/mics$/);
    expect(consoleErrors).toEqual([]);
  });

  test('every HTML response carries the security headers', async ({ page }) => {
    const response = await page.goto('/composite-events/some-deep-link');
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cache-control']).toBe('no-cache');
  });
});
