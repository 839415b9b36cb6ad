import {
  APP_PAGES,
  expectSpeaks,
  horizontalOverflow,
  mainNavigation,
  newestCompositeId,
  seriousViolations,
  useLanguage,
  type AppPage,
  type Language,
  type Scheme,
} from './support/a11y';
import type { Page } from '@playwright/test';
import { MapPage } from './support/map-page';
import { servers } from './support/servers';
import { expect, test } from './support/test';

// Each scan stands alone: the workers share them out.
test.describe.configure({ mode: 'parallel' });

const LANGUAGES: Language[] = ['en', 'ko'];
const SCHEMES: Scheme[] = ['light', 'dark'];

/**
 * Contrast comes from a scheme's colours, which are the same in either language: English is
 * scanned in both schemes, Korean (its own names, `lang` and text lengths) in the dark one. Each
 * scan of a full page costs seconds of a 2-core machine's CPU, shared by every test of the run.
 */
const schemesScanned = (appPage: AppPage, language: Language): Scheme[] =>
  appPage.alwaysDark || language === 'ko' ? ['dark'] : SCHEMES;

test.describe('every page, in each language: renders without console errors, translated, no serious axe violation (English in both schemes), fits a tablet', () => {
  for (const appPage of APP_PAGES) {
    for (const language of LANGUAGES) {
      const schemes = schemesScanned(appPage, language);
      test(`${appPage.name}, ${language}`, async ({ page, consoleErrors }) => {
        await page.emulateMedia({ colorScheme: schemes[0] });
        await useLanguage(page, language);
        await page.goto(appPage.path(await newestCompositeId(page.request)));
        await expect(appPage.ready(page, language)).toBeVisible();
        await test.step('speaks the language', () => expectSpeaks(page, appPage, language));
        if (appPage.shell) await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live');
        else await expect(mainNavigation(page, language)).toHaveCount(0);
        for (const scheme of schemes) {
          await test.step(`axe, ${scheme}`, async () => {
            // The app follows the system's scheme as it changes, so one load serves both scans.
            await page.emulateMedia({ colorScheme: scheme });
            // The theme really is the one scanned.
            await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
            expect(await seriousViolations(page)).toEqual([]);
          });
        }
        await test.step('1024 × 768: no sideways scrolling but inside tables', async () => {
          await page.setViewportSize({ width: 1024, height: 768 });
          await expect(appPage.ready(page, language)).toBeVisible();
          await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
        });
        expect(consoleErrors, 'console errors').toEqual([]);
      });
    }
  }
});

test('the drill-downs while their parts still load (a slower edge): no serious axe violation', async ({ page }) => {
  // Axe took 21 s over the loading drill-down beside another worker: the test ran 60.2 s of its 60.
  test.slow();
  // The full drill-downs are scanned above once loaded; here every part that loads on its own
  // is held back, so what shows meanwhile (loaders, skeletons) is scanned too.
  const held = /\/api\/(insights|audio|review|priority|procedures|mics\/[^/]+\/history)\/?|\/api\/v1\/mics\/[^/?]+$/;
  await page.route(held, () => undefined);
  try {
    const compositeId = await newestCompositeId(page.request);
    await page.goto(`/composite-events/${encodeURIComponent(compositeId)}`);
    await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
    await expect(
      page
        .getByLabel('Loading…')
        .or(page.getByText('Loading…', { exact: true }))
        .first(),
    ).toBeAttached();
    expect(await seriousViolations(page), 'composite drill-down, loading').toEqual([]);

    await page.goto('/mics/mic-0001');
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page), 'mic drawer, loading').toEqual([]);
  } finally {
    // A held request would otherwise keep the page from closing.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
});

test.describe('dialogs, pop-ups and sign-in: no serious axe violation', () => {
  /** Scans what is open in either scheme: the app follows the system's as it changes. */
  async function scanInEitherScheme(page: Page, what: string) {
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      expect(await seriousViolations(page), `${what}, ${scheme}`).toEqual([]);
    }
  }

  test('dialogs and pop-ups (shortcuts, CSV export, date picker, map popup), light and dark', async ({ page }) => {
    // Three pages and eight scans: over the 60 s limit beside another worker.
    test.slow();
    await page.goto('/events');
    await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByRole('dialog', { name: 'Export events to CSV' })).toBeVisible();
    await scanInEitherScheme(page, 'export dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await scanInEitherScheme(page, 'shortcuts dialog');
    await page.keyboard.press('Escape');

    await page.goto('/composite-events');
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.getByRole('button', { name: 'Created from' }).click();
    await expect(page.getByRole('dialog').getByRole('table')).toBeVisible();
    await scanInEitherScheme(page, 'date picker');
    await page.keyboard.press('Escape');

    const map = new MapPage(page);
    await map.goto();
    await map.findMic.fill('mic-0001');
    await map.option(/mic-0001/).click();
    await expect(map.micPopup).toBeVisible();
    // Checked mid-fade, text and background blend and contrast reads too low.
    await expect(map.micPopupBox).toHaveCSS('opacity', '1');
    await scanInEitherScheme(page, 'map popup');
  });

  test.describe('the sign-in page of a console that requires sign-in', () => {
    test.use({ baseURL: servers.browserToken });
    for (const language of LANGUAGES) {
      for (const scheme of SCHEMES) {
        test(`sign-in, ${language}, ${scheme}`, async ({ page }) => {
          await page.emulateMedia({ colorScheme: scheme });
          await useLanguage(page, language);
          await page.goto('/mics');
          await expect(page).toHaveURL(/\/sign-in$/);
          await expect(page.getByLabel(language === 'ko' ? '사용자 이름' : 'Username')).toBeVisible();
          expect(await seriousViolations(page)).toEqual([]);
        });
      }
    }
  });
});
