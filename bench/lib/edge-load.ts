import type { Browser, BrowserContext } from '@playwright/test';

export interface EdgeLoadResult {
  /** Minutes each phase was counted over, after its screens had loaded. */
  minutes: number;
  oneScreen: { screens: number; requestsPerMinute: number; byPath: Record<string, number>; byScreen?: ByScreen };
  twentyScreens: {
    screens: number;
    mix: string;
    requestsPerMinute: number;
    byPath: Record<string, number>;
    byScreen?: ByScreen;
  };
  ratio: number;
}

/**
 * Edge calls the browsers made themselves through the console's gateway (`/api/v1/*`), per
 * minute by kind of screen: what is not the hub's. Pushed pages make none but their first reads.
 */
export type ByScreen = Record<string, number>;

interface Traffic {
  total: number;
  by_path: Record<string, number>;
}

const readTraffic = async (baseUrl: string) => (await (await fetch(`${baseUrl}/_demo/requests`)).json()) as Traffic;

function difference(after: Traffic, before: Traffic): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [path, n] of Object.entries(after.by_path)) {
    const d = n - (before.by_path[path] ?? 0);
    if (d > 0) out[path] = d;
  }
  return out;
}

/** Screens in a control room: walls on their own browsers, maps and mic pages as tabs of a few. */
const TWENTY = [
  ...Array.from({ length: 8 }, () => ({ browser: 'own', path: '/wall?window=30m' })),
  ...Array.from({ length: 6 }, (_, i) => ({ browser: `desk-${i % 3}`, path: '/map' })),
  ...Array.from({ length: 6 }, (_, i) => ({ browser: `desk-${i % 3}`, path: '/mics' })),
];

async function openScreens(browser: Browser, baseUrl: string, screens: { browser: string; path: string }[]) {
  const contexts = new Map<string, BrowserContext>();
  const owned: BrowserContext[] = [];
  const gateway: ByScreen = {};
  let counting = false;
  for (const screen of screens) {
    let context = screen.browser === 'own' ? undefined : contexts.get(screen.browser);
    if (context === undefined) {
      context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      owned.push(context);
      if (screen.browser !== 'own') contexts.set(screen.browser, context);
    }
    const page = await context.newPage();
    const kind = screen.path.split('?')[0]!;
    page.on('request', (request) => {
      if (counting && new URL(request.url()).pathname.startsWith('/api/v1/')) gateway[kind] = (gateway[kind] ?? 0) + 1;
    });
    await page.goto(`${baseUrl}${screen.path}`);
  }
  // Every screen says it is pushed (the wall its setup line, the others the header's badge).
  for (const context of owned) {
    for (const page of context.pages()) {
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="connection-state"]')?.getAttribute('data-live') === 'live' ||
          (document.querySelector('[data-testid="wall-setup"]')?.textContent ?? '').includes('live'),
        undefined,
        { timeout: 120_000 },
      );
    }
  }
  return {
    startCounting: () => (counting = true),
    gateway,
    close: () => Promise.all(owned.map((context) => context.close())),
  };
}

/**
 * Requests reaching the demo edge per minute with one screen open, then with twenty (8 walls,
 * 6 maps, 6 mic tables) over the same length of time, counted at the edge itself
 * (`/_demo/requests`) once the screens have loaded: the hub is the edge's one client, so the
 * second figure should be about the first.
 */
export async function measureEdgeLoad(browser: Browser, baseUrl: string, minutes: number): Promise<EdgeLoadResult> {
  const count = async (screens: { browser: string; path: string }[]) => {
    const opened = await openScreens(browser, baseUrl, screens);
    opened.startCounting();
    const before = await readTraffic(baseUrl);
    await new Promise((resolve) => setTimeout(resolve, minutes * 60_000));
    const after = await readTraffic(baseUrl);
    await opened.close();
    const byScreen = Object.fromEntries(
      Object.entries(opened.gateway).map(([kind, n]) => [kind, Math.round((n / minutes) * 10) / 10]),
    );
    return {
      requestsPerMinute: Math.round((after.total - before.total) / minutes),
      byPath: difference(after, before),
      byScreen,
    };
  };
  const one = await count([{ browser: 'own', path: '/wall?window=30m' }]);
  const twenty = await count(TWENTY);
  return {
    minutes,
    oneScreen: { screens: 1, ...one },
    twentyScreens: { screens: TWENTY.length, mix: '8 walls, 6 maps, 6 mic tables', ...twenty },
    ratio: Math.round((twenty.requestsPerMinute / Math.max(1, one.requestsPerMinute)) * 100) / 100,
  };
}
