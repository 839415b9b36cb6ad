import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';

// A page chunk's stylesheet lands in <head>, the shell's at the end of <body>: the page's full
// Mantine set must still win over the shell's copy (the button reset stripped borders and padding).
async function box(locator: Locator) {
  const style = await locator.evaluate((element) => {
    const { borderTopWidth, borderTopStyle, paddingLeft } = getComputedStyle(element);
    return { borderTopWidth, borderTopStyle, paddingLeft };
  });
  return {
    border: Number.parseFloat(style.borderTopWidth),
    borderStyle: style.borderTopStyle,
    padding: Number.parseFloat(style.paddingLeft),
  };
}

async function expectBorderedPagination(page: Page) {
  const next = page.getByRole('button', { name: 'Next page' });
  await expect(next).toBeVisible();
  const { border, borderStyle } = await box(next);
  expect(borderStyle, 'pagination button border').toBe('solid');
  expect(border, 'pagination button border width').toBeGreaterThan(0);
}

async function expectPaddedAdminSections(page: Page) {
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  for (const name of ['Accounts', 'Wall screens', 'Audit']) {
    const link = sections.getByRole('link', { name });
    await expect(link).toBeVisible();
    expect((await box(link)).padding, `${name} padding`).toBeGreaterThan(4);
  }
}

test.describe('styles of components a page chunk brings', () => {
  test('pagination buttons keep their borders on a direct load and after client-side navigation', async ({ page }) => {
    await page.goto('/events');
    await expectBorderedPagination(page);

    await page.goto('/map');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /^Events/ })
      .click();
    await expect(page).toHaveURL(/\/events/);
    await expectBorderedPagination(page);
  });

  test('the admin section links keep their padding on a direct load and after client-side navigation', async ({
    page,
  }) => {
    await page.goto('/admin/accounts');
    await expectPaddedAdminSections(page);

    await page.goto('/mics');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /^Admin/ })
      .click();
    await expect(page).toHaveURL(/\/admin/);
    await expectPaddedAdminSections(page);
  });
});
