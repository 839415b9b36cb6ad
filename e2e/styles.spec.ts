import type { Locator, Page } from '@playwright/test';
import { useLanguage, type Language } from './support/a11y';
import { CompositePage } from './support/composite-page';
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
  // The table renders its pagination again once the first page's count arrives, so the button
  // first found may be gone by the time its style is read (a gone element has no computed style).
  await expect.poll(async () => (await box(next)).borderStyle, { message: 'pagination button border' }).toBe('solid');
  expect((await box(next)).border, 'pagination button border width').toBeGreaterThan(0);
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

/** Text that overflows its box (an ellipsis, or an input's value scrolled out of sight). */
async function expectNotCut(locator: Locator) {
  for (const element of await locator.all()) {
    const { text, scroll, client } = await element.evaluate((node) => ({
      text: node instanceof HTMLInputElement ? node.value : node.textContent,
      scroll: node.scrollWidth,
      client: node.clientWidth,
    }));
    expect(scroll, `"${text}" reads in full`).toBeLessThanOrEqual(client);
  }
}

const STATUS: Record<Language, RegExp> = { en: /^(Active|Inactive)$/, ko: /^(활성|비활성)$/ };
const REVIEW: Record<Language, string> = { en: 'Review', ko: '검토' };

for (const language of ['en', 'ko'] as const) {
  test.describe(`nothing cut short (${language})`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, language));

    for (const width of [1280, 390]) {
      test(`the mics-involved cards show each status in full at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        const composite = new CompositePage(page);
        const list = await page.request.get('/api/v1/composite-events?size=4');
        const ids = ((await list.json()) as { results: { id: string }[] }).results.map(({ id }) => id);
        for (const id of ids) {
          await composite.gotoDetail(id);
          const cards = page
            .getByRole('region', { name: language === 'en' ? 'Mics involved' : '관련 마이크' })
            .getByRole('article');
          await expect(cards.first()).toBeVisible();
          await expectNotCut(cards.getByText(STATUS[language]));
        }
      });

      test(`the timeline's review filter and its choices read in full at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await new CompositePage(page).gotoTimeline();
        if (width < 600) await page.getByRole('button', { name: language === 'en' ? /^Filters/ : /^필터/ }).click();
        const select = page.getByRole('combobox', { name: REVIEW[language], exact: true });
        await expect(select).toBeVisible();
        await expectNotCut(select);
        await select.click();
        const options = page.getByRole('option');
        await expect(options.first()).toBeVisible();
        await expectNotCut(options);
      });
    }
  });
}
