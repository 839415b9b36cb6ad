import type { Page, TestInfo } from '@playwright/test';
import { HEADER_CONTROLS, SCREENS, ScreensPage } from './support/screens-page';
import { servers } from './support/servers';
import { expect, test } from './support/test';

interface Route {
  slug: string;
  path: (ids: { composite: string }) => string;
  /** What shows once the page has painted its content. */
  ready: (page: Page) => ReturnType<Page['getByRole']>;
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { level: 2, name, exact: true });
/** A table's first cell of data (a phone hides the header row): the page has painted its content, not its loader. */
const firstRow = (name: string) => (page: Page) => page.getByRole('table', { name }).getByRole('cell').first();

const ROUTES: Route[] = [
  { slug: 'mics', path: () => '/mics', ready: firstRow('Microphone devices') },
  { slug: 'mic-drawer', path: () => '/mics/mic-0001', ready: (p) => p.getByRole('dialog') },
  { slug: 'map', path: () => '/map', ready: (p) => p.getByRole('region', { name: 'Mic map' }) },
  { slug: 'events', path: () => '/events', ready: firstRow('Sound events') },
  { slug: 'composite-events', path: () => '/composite-events', ready: heading('Composite events') },
  {
    slug: 'composite-event',
    path: ({ composite }) => `/composite-events/${composite}`,
    ready: (p) => p.getByRole('heading', { name: 'Rule' }),
  },
  { slug: 'admin-accounts', path: () => '/admin/accounts', ready: firstRow('Accounts') },
  {
    slug: 'admin-walls',
    path: () => '/admin/walls',
    ready: (p) => p.getByRole('button', { name: 'New wall link' }),
  },
  { slug: 'admin-audit', path: () => '/admin/audit', ready: firstRow('Audit entries') },
  // A console that requires sign-in, seen signed out.
  {
    slug: 'sign-in',
    path: () => `${servers.serverToken}/sign-in`,
    ready: (p) => p.getByRole('heading', { level: 1, name: 'Sign in' }),
  },
  // The feed's heading, not its list: the list is there only while the window holds events.
  { slug: 'wall', path: () => '/wall', ready: (p) => p.getByRole('heading', { name: 'Latest events' }) },
];

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  // JPEG: a 4K PNG takes seconds to encode, and these are looked at, not compared.
  const path = testInfo.outputPath(`${name}.jpeg`);
  await page.screenshot({ path, type: 'jpeg', quality: 80 });
  await testInfo.attach(name, { path, contentType: 'image/jpeg' });
}

/**
 * Every header control is on the screen, or on it once the burger has opened the menu (a collapsed
 * menu is only moved off the screen, so "visible" would not do); the account menu offers sign-out.
 */
async function expectHeaderControlsReachable(screens: ScreensPage, narrow: boolean) {
  if (await screens.menuButton.isVisible()) await screens.menuButton.click();
  for (const control of HEADER_CONTROLS) {
    if (narrow && control.keyboardOnly) continue;
    await expect(screens.control(control.role, control.name), String(control.name)).toBeInViewport({ ratio: 1 });
  }
  await screens.control('button', /^Account menu: /).click();
  await expect(screens.signOut).toBeInViewport({ ratio: 1 });
  await screens.page.keyboard.press('Escape');
  await expect(screens.signOut).toBeHidden();
}

for (const screen of SCREENS) {
  test.describe(`${screen.name} (${screen.width}×${screen.height})`, () => {
    test.use({
      viewport: { width: screen.width, height: screen.height },
      // Light and dark both get looked at: the tablet and the portrait screen in dark.
      colorScheme: screen.name === 'tablet' || screen.name === '4k-portrait' ? 'dark' : 'light',
    });

    test('every page fits sideways, its header controls are reachable, and it is captured', async ({
      page,
    }, testInfo) => {
      test.setTimeout(150_000);
      const screens = new ScreensPage(page);
      const list = await page.request.get('/api/v1/composite-events?size=1');
      const composite = ((await list.json()) as { results: { id: string }[] }).results[0]!.id;
      const narrow = screen.width < 576;
      for (const [index, route] of ROUTES.entries()) {
        await test.step(route.slug, async () => {
          await page.goto(route.path({ composite }));
          await expect(route.ready(page)).toBeVisible();
          await attachScreenshot(page, testInfo, `${screen.name}-${route.slug}`);
          expect(await screens.sidewaysOverflow(), `${route.slug} scrolls sideways`).toBeLessThanOrEqual(0);
          // The header is the same on every page of the shell: its controls are tried on the first.
          if (index === 0) await expectHeaderControlsReachable(screens, narrow);
        });
      }
    });
  });
}

test.describe('wall on a 4K TV', () => {
  test.use({ viewport: { width: 3840, height: 2160 } });

  test('feed titles and entries are at least 32 px, twice their 1080p size; scale= adjusts them', async ({
    page,
    demo,
  }) => {
    await demo.addEvent({ label_id: 'scream' });
    const screens = new ScreensPage(page);
    await page.goto('/wall');
    await expect(screens.wallEntryTitles.first()).toBeVisible();
    const titles = await screens.fontSizes(screens.wallFeedTitles);
    expect(titles).toEqual([52, 52]);
    for (const size of await screens.fontSizes(screens.wallEntryTitles)) expect(size).toBeGreaterThanOrEqual(32);

    await page.goto('/wall?scale=1.5');
    await expect(screens.wallEntryTitles.first()).toBeVisible();
    expect(await screens.fontSizes(screens.wallFeedTitles)).toEqual([78, 78]);
  });
});

test.describe('wall on a portrait 4K screen', () => {
  test.use({ viewport: { width: 2160, height: 3840 } });

  test('stacks the map above the feeds, each the width of the screen', async ({ page }) => {
    const screens = new ScreensPage(page);
    await page.goto('/wall');
    const map = await screens.wallMap.boundingBox();
    const feeds = await screens.wallFeeds.boundingBox();
    expect(map!.y + map!.height).toBeLessThanOrEqual(feeds!.y);
    expect(map!.width).toBeGreaterThan(2000);
    expect(feeds!.width).toBeGreaterThan(2000);
  });
});
