import type { Locator, Page } from '@playwright/test';
import { advanceBy, advanceUntil, ApiTraffic } from './support/faults';
import { CompositePage } from './support/composite-page';
import { EventsPage } from './support/events-page';
import { MapPage } from './support/map-page';
import { MicsPage } from './support/mics-page';
import { expect, test } from './support/test';
import { WallPage } from './support/wall-page';

/** Retries of a failed refresh: 1 s, 2 s, 4 s apart (src/app/query-client.ts). */
const RETRY_MS = 1000 + 2000 + 4000;
const TRIES_PER_REFRESH = 4;
/** Every page with the shell polls the edge at least this often (the header's heartbeat). */
const HEARTBEAT_MS = 30_000;
/** How long the edge stays down while requests are counted. */
const DOWN_WINDOW_MS = 60_000;
/** Page time moves in steps of this much; times measured are exact to one step. */
const STEP_MS = 2000;

interface Scenario {
  name: string;
  path: string | ((page: Page) => Promise<string>);
  /** Something that shows the page's data. */
  data: (page: Page) => Locator;
  /**
   * The page's own stale marker, if it polls. Pages that only load once (the drawer, a
   * composite event) are marked by the header's "Stale since …" from the heartbeat.
   */
  staleMarker?: (page: Page) => Locator;
  /** The page's fastest refresh interval (the heartbeat when it has none). */
  refreshMs: number;
  /** Whether failed refreshes are retried with backoff (the wall polls instead). */
  retries: boolean;
  shell: boolean;
}

const firstCompositeId = async (page: Page) => {
  const response = await page.request.get('/api/v1/composite-events?size=1');
  return `/composite-events/${((await response.json()) as { results: { id: string }[] }).results[0]!.id}`;
};

const staleNotice = (page: Page) => page.getByTestId('stale-notice').first();

/**
 * Every part of the page has its answer: "keeps the last data" starts from a page that has it (a
 * drill-down section still loading when the edge goes has no data to keep, and says why instead).
 */
const loaded = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0, { timeout: 15_000 });

const SCENARIOS: Scenario[] = [
  {
    name: 'mic table',
    path: '/mics',
    data: (p) => new MicsPage(p).rows.first(),
    staleMarker: staleNotice,
    refreshMs: 30_000,
    retries: true,
    shell: true,
  },
  {
    name: 'mic drawer',
    path: '/mics/mic-0003',
    data: (p) => new MicsPage(p).field('Name'),
    refreshMs: HEARTBEAT_MS,
    retries: true,
    shell: true,
  },
  {
    name: 'map',
    path: '/map',
    data: (p) => new MapPage(p).summary,
    staleMarker: staleNotice,
    refreshMs: 10_000,
    retries: true,
    shell: true,
  },
  {
    name: 'wall',
    path: '/wall?refresh=5',
    data: (p) => new WallPage(p).eventFeed.getByRole('listitem').first(),
    staleMarker: (p) => new WallPage(p).banner,
    refreshMs: 5000,
    retries: false,
    shell: false,
  },
  {
    name: 'events',
    path: '/events',
    data: (p) => new EventsPage(p).rows().first(),
    staleMarker: staleNotice,
    refreshMs: 10_000,
    retries: true,
    shell: true,
  },
  {
    name: 'composite timeline',
    path: '/composite-events',
    data: (p) => new CompositePage(p).entries().first(),
    staleMarker: staleNotice,
    refreshMs: 15_000,
    retries: true,
    shell: true,
  },
  {
    name: 'composite event',
    path: firstCompositeId,
    data: (p) => new CompositePage(p).ruleSection(),
    refreshMs: HEARTBEAT_MS,
    retries: true,
    shell: true,
  },
];

test.describe('edge down, then back, pages polling (the live stream blocked)', () => {
  for (const scenario of SCENARIOS) {
    test(`${scenario.name}: keeps the last data marked stale, does not storm, recovers without a reload`, async ({
      page,
      demo,
      consoleErrors,
    }) => {
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const traffic = new ApiTraffic(page);
      const header = page.getByTestId('connection-state');
      const errorView = page.getByRole('alert').filter({ hasText: 'Could not load this data' });
      const marker = scenario.staleMarker?.(page) ?? header.filter({ hasText: /^Stale since \d\d:\d\d:\d\d$/ });

      // Without the hub's stream, each page polls the edge through the gateway, as a console behind
      // a proxy that buffers Server-Sent Events would.
      await page.route('**/live*', (route) => route.abort());
      // The page's clock is ours to move: minutes of polling and backoff pass in seconds.
      await page.clock.install();
      await page.goto(typeof scenario.path === 'string' ? scenario.path : await scenario.path(page));
      const data = scenario.data(page);
      await expect(data).toBeVisible();
      await loaded(page);
      if (scenario.shell) await expect(header).toHaveAttribute('data-state', 'live');
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

      await demo.setFault('down');
      const toStale = await advanceUntil(page, () => marker.isVisible(), {
        stepMs: STEP_MS,
        // Each timer of the chain (the interval, three retries) may fire up to one step late.
        maxPageMs: scenario.refreshMs + RETRY_MS + 4 * STEP_MS,
        what: `${scenario.name} marked stale`,
      });
      await expect(data).toBeVisible();
      await expect(errorView).toHaveCount(0);
      if (scenario.shell) await expect(header).toHaveText(/^Stale since \d\d:\d\d:\d\d$/);

      const mark = traffic.mark();
      await advanceBy(page, DOWN_WINDOW_MS, STEP_MS);
      // Review states come from the console's own database, which is up: without the stream they
      // are read each second by design (src/components/review/use-review.ts). The edge is what
      // must not be stormed.
      const counts = new Map([...traffic.countsSince(mark)].filter(([key]) => !key.startsWith('GET /api/review/')));
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      // Each data query refreshes at most once per interval and retries at most three times.
      const perRefresh = scenario.retries ? TRIES_PER_REFRESH : 1;
      const bound = (DOWN_WINDOW_MS / scenario.refreshMs + 1) * perRefresh;
      for (const [key, n] of counts) expect(n, `${key} while down`).toBeLessThanOrEqual(bound);
      await expect(data).toBeVisible();
      await expect(errorView).toHaveCount(0);

      await demo.setFault('normal');
      const toRecover = await advanceUntil(
        page,
        async () =>
          !(await marker.isVisible()) && (!scenario.shell || (await header.getAttribute('data-state')) === 'live'),
        { stepMs: STEP_MS, maxPageMs: 30_000 + STEP_MS, what: `${scenario.name} recovered` },
      );
      await expect(data).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      expect(pageErrors).toEqual([]);
      test.info().annotations.push({
        type: 'figures',
        description: `${scenario.name}: stale after ${toStale} ms, ${total} requests in ${DOWN_WINDOW_MS / 1000} s down (${counts.size} endpoints, bound ${bound} each), recovered ${toRecover} ms after the edge returned`,
      });
      // Chromium logs every refused refresh (502) as a console error: those are the fault under test.
      consoleErrors.length = 0;
    });
  }
});

test.describe('opened while the edge is down, pages polling', () => {
  test('a composite event says why it has no data, then fills in on its own once the edge is back', async ({
    page,
    demo,
    consoleErrors,
  }) => {
    const path = await firstCompositeId(page);
    const errorView = page.getByRole('alert').filter({ hasText: 'Could not load this data' });
    const rules = new CompositePage(page).ruleSection();
    await page.route('**/live*', (route) => route.abort());
    await page.clock.install();
    await demo.setFault('down');
    await page.goto(path);
    // Its retries (1, 2, 4 s) spent, the page says so and offers Retry. Each of its four reads can
    // wait up to a step for the clock, and so can the app's start (its boot script waits for an
    // animation frame, which runs on the page's clock too); one step more of slack. A clean-clone
    // CI run once needed 18 s of page time, against 17 s before the start's step was counted.
    await advanceUntil(page, () => errorView.first().isVisible(), {
      stepMs: STEP_MS,
      maxPageMs: RETRY_MS + 6 * STEP_MS,
      what: 'the error shown',
    });
    await expect(rules).toHaveCount(0);

    await demo.setFault('normal');
    // Nobody presses Retry: the failed read is read again within a heartbeat.
    const toFill = await advanceUntil(page, () => rules.isVisible(), {
      stepMs: STEP_MS,
      maxPageMs: HEARTBEAT_MS + RETRY_MS + 2 * STEP_MS,
      what: 'the composite event read again',
    });
    await expect(errorView).toHaveCount(0);
    test.info().annotations.push({ type: 'figures', description: `filled in ${toFill} ms after the edge returned` });
    // Chromium logs each refused read (502) as a console error: those are the fault under test.
    consoleErrors.length = 0;
  });
});

/** While down, the hub retries each feed at its interval doubled per failure (server/hub/hub.ts). */
const LIVE_DOWN_WINDOW_MS = 15_000;

test.describe('edge down, then back, pages on the live stream', () => {
  test('every open page keeps its data marked stale, the edge gets the hub’s retries only, all recover', async ({
    context,
    demo,
    consoleErrors,
  }) => {
    test.setTimeout(150_000);
    const pageErrors: string[] = [];
    const tabs: { scenario: Scenario; page: Page; marker: Locator; header: Locator }[] = [];
    for (const scenario of SCENARIOS) {
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(`${scenario.name}: ${error.message}`));
      await page.goto(typeof scenario.path === 'string' ? scenario.path : await scenario.path(page));
      await expect(scenario.data(page)).toBeVisible();
      await loaded(page);
      const header = page.getByTestId('connection-state');
      if (scenario.shell) await expect(header).toHaveAttribute('data-live', 'live');
      else await expect(new WallPage(page).setup).toContainText('live');
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      const marker = scenario.staleMarker?.(page) ?? header.filter({ hasText: /^Stale since \d\d:\d\d:\d\d$/ });
      tabs.push({ scenario, page, marker, header });
    }

    await demo.setFault('down');
    const downAt = Date.now();
    for (const { scenario, page, marker } of tabs) {
      // The hub reads events every second: it notices first and tells every screen.
      await expect(marker, `${scenario.name} marked stale`).toBeVisible({ timeout: 15_000 });
      await expect(scenario.data(page)).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Could not load this data' })).toHaveCount(0);
    }
    const toStale = Date.now() - downAt;

    // Seven screens open, and the edge sees only the hub's backed-off retries.
    const before = await demo.requests();
    await new Promise((resolve) => setTimeout(resolve, LIVE_DOWN_WINDOW_MS));
    const during = (await demo.requests()).total - before.total;
    // Events 1 s, composites 2 s, mics 10 s, each doubling per failure: about 6 in 15 s.
    expect(during, 'edge requests while down, all screens together').toBeLessThanOrEqual(12);

    await demo.setFault('normal');
    const backAt = Date.now();
    for (const { scenario, page, marker, header } of tabs) {
      // The slowest retry is at most 8 s away (HUB_BACKOFF_MAX_MS in playwright.config.ts); the first
      // success wakes the others.
      await expect(marker, `${scenario.name} recovered`).toBeHidden({ timeout: 20_000 });
      if (scenario.shell) await expect(header).toHaveAttribute('data-state', 'live');
      await expect(scenario.data(page)).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    }
    expect(pageErrors).toEqual([]);
    test.info().annotations.push({
      type: 'figures',
      description: `${tabs.length} screens: stale within ${toStale} ms, ${during} edge requests in ${LIVE_DOWN_WINDOW_MS / 1000} s down, recovered ${Date.now() - backAt} ms after the edge returned`,
    });
    consoleErrors.length = 0;
  });
});
