import { expect, type Page, type Request } from '@playwright/test';

/** A request URL as the query it asks: path and parameters, timestamp values blanked. */
export function queryOf(url: string): string {
  const u = new URL(url);
  for (const [name, value] of [...u.searchParams]) if (/^\d{4}-\d\d-\d\dT/.test(value)) u.searchParams.set(name, '…');
  return `${u.pathname}${u.search}`;
}

/** One request the browser sent to the console's API, with the page time it was sent at. */
export interface ApiRequest {
  method: string;
  /** Path without the query, e.g. `/api/v1/mics/mic-0003`. */
  path: string;
  url: string;
  request: Request;
}

/**
 * Records every `/api/` request the page sends, so a spec can count what reached the server
 * per endpoint: duplicates, retries and polling show up as counts.
 */
export class ApiTraffic {
  readonly requests: ApiRequest[] = [];

  constructor(page: Page) {
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/'))
        this.requests.push({ method: request.method(), path: url.pathname, url: request.url(), request });
    });
  }

  /** A position to count from. */
  mark(): number {
    return this.requests.length;
  }

  since(mark: number): ApiRequest[] {
    return this.requests.slice(mark);
  }

  /**
   * Requests since `mark`, grouped by query: `METHOD path?query` with timestamp values (the
   * moving start of a relative window) blanked, so each key is one polled query → count.
   */
  countsSince(mark: number): Map<string, number> {
    const counts = new Map<string, number>();
    for (const r of this.since(mark)) {
      const key = `${r.method} ${queryOf(r.url)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }
}

/** Polls (150 ms apart) the clock waits for a read in flight before it steps anyway: 3 s. */
const MAX_HELD_POLLS = 20;

/** The page's own clock (faked by `page.clock`), in ms. */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => Date.now());
}

/** Margin ahead of the page's clock to pause at: it runs on while the pause is on its way. */
const PAUSE_LEAD_MS = 250;

/**
 * Stops the page's clock (installed by `page.clock.install`) from running with real time, so that
 * page time passes only in the steps taken: a loaded machine's slow polls would otherwise count.
 */
async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.clock.pauseAt((await pageNow(page)) + PAUSE_LEAD_MS);
      return;
    } catch (error) {
      // The clock passed the mark before the pause arrived ("Cannot fast-forward to the past").
      if (attempt >= 5 || !String(error).includes('past')) throw error;
    }
  }
}

/**
 * Lets page time pass in steps until `condition` holds, and returns how much page time it took.
 * The page's clock is paused meanwhile (and runs on afterwards): each step jumps it (its timers
 * fire: refetch intervals, retry backoff) and then gives real requests a moment to complete, so
 * minutes of polling and backoff take seconds, and page time is the steps' alone. While one of the
 * page's reads is in flight no step is taken (for a few seconds at most): a slow answer on a loaded
 * machine is not a reason to fire the page's next timers.
 */
export async function advanceUntil(
  page: Page,
  condition: () => Promise<boolean>,
  { stepMs = 1000, maxPageMs, what }: { stepMs?: number; maxPageMs: number; what: string },
): Promise<number> {
  const inFlight = new Set<Request>();
  const sent = (request: Request) => {
    if (request.resourceType() === 'fetch' || request.resourceType() === 'xhr') inFlight.add(request);
  };
  const ended = (request: Request) => inFlight.delete(request);
  page.on('request', sent);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  await pauseClock(page);
  const start = await pageNow(page);
  let elapsed = 0;
  let held = 0;
  try {
    await expect
      .poll(
        async () => {
          elapsed = (await pageNow(page)) - start;
          if (await condition()) return 'done';
          if (elapsed > maxPageMs) return 'overdue';
          if (inFlight.size > 0 && held < MAX_HELD_POLLS) {
            held += 1;
            return 'waiting';
          }
          held = 0;
          await page.clock.fastForward(stepMs);
          return 'waiting';
        },
        { message: what, intervals: [150], timeout: 90_000 },
      )
      .not.toBe('waiting');
  } finally {
    page.off('request', sent);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
    await page.clock.resume();
  }
  expect(elapsed, `${what}: page time taken`).toBeLessThanOrEqual(maxPageMs);
  return elapsed;
}

/** Lets `ms` of page time pass in steps, real requests completing between them. */
export async function advanceBy(page: Page, ms: number, stepMs = 1000): Promise<void> {
  const end = (await pageNow(page)) + ms;
  await expect
    .poll(
      async () => {
        const now = await pageNow(page);
        if (now >= end) return true;
        await page.clock.fastForward(Math.min(stepMs, end - now));
        return false;
      },
      { intervals: [100], timeout: 90_000 },
    )
    .toBe(true);
}
