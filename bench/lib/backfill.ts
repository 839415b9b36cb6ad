import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BENCH_DIR, startConsole } from './servers';
import { quantile, summarize, type Summary } from './stats';

export interface BackfillResult {
  mics: number;
  events: number;
  days: number;
  /** BACKFILL_MAX_RPS of the bench run (the default of 5 would take hours at this size). */
  rps: number;
  seconds: number;
  requests: number;
  /** The same walk at the default 5 requests a second: requests / 5. */
  secondsAtDefaultRps: number;
  countedEvents: number;
  truncatedChunks: number;
  corroboration: Summary;
}

interface State {
  status: string;
  requests: number;
  truncated: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The back-fill's progress as the console stored it: read from its database, so the bench wakes nothing. */
function readState(file: string): { state: State | null; counted: number } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT value FROM insight_state WHERE key = 'backfill'").get() as
      { value: string } | undefined;
    const counted = db.prepare('SELECT COALESCE(SUM(count), 0) AS n FROM insight_hourly').get() as { n: number };
    return { state: row === undefined ? null : (JSON.parse(row.value) as State), counted: counted.n };
  } catch {
    return { state: null, counted: 0 }; // Not migrated yet.
  } finally {
    db.close();
  }
}

/** GET /api/insights/corroboration for an events page of 100, one call at a time, after one warm-up. */
async function timeCorroboration(baseUrl: string, runs: number): Promise<number[]> {
  const url = `${baseUrl}/api/insights/corroboration?size=100&page=1`;
  await fetch(url).then((r) => r.arrayBuffer());
  const times: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - t0);
  }
  return times;
}

/**
 * Back-fill of 28 days from a demo edge seeded with 1,000,000 events (its history spans 7 days,
 * so 21 of the 28 are empty), from a console database with no insights yet: time to `done`,
 * edge requests, and the figure at the default rate. Then the corroboration endpoint's latency on
 * an events page of 100 (medians over `runs`), after one warm-up that walks the mic inventory.
 */
export async function measureBackfill(rps: number, runs: number, log: (m: string) => void): Promise<BackfillResult> {
  const consoleFile = path.join(BENCH_DIR, 'console.sqlite');
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${consoleFile}${suffix}`, { force: true });
  const mics = 5000;
  const events = 1_000_000;
  const server = await startConsole(
    8717,
    {
      DEMO_MICS: String(mics),
      DEMO_EVENTS: String(events),
      DEMO_EVENT_INTERVAL_MS: '0',
      BACKFILL_MAX_RPS: String(rps),
    },
    1_800_000,
  );
  try {
    const started = Date.now();
    let last: { state: State | null; counted: number } = { state: null, counted: 0 };
    // At most an hour: bounded whatever happens to the back-fill.
    while (Date.now() - started < 3_600_000) {
      await sleep(2_000);
      last = readState(consoleFile);
      if (last.state?.status === 'done' || last.state?.status === 'failed') break;
      if (last.state !== null && (Date.now() - started) % 30_000 < 2_000)
        log(`  back-fill: ${last.state.requests} requests`);
    }
    const seconds = (Date.now() - started) / 1000;
    if (last.state?.status !== 'done') throw new Error(`back-fill did not finish: ${JSON.stringify(last.state)}`);
    const times = await timeCorroboration(server.url, runs);
    return {
      mics,
      events,
      days: 28,
      rps,
      seconds: Math.round(seconds),
      requests: last.state.requests,
      secondsAtDefaultRps: Math.round(last.state.requests / 5),
      countedEvents: last.counted,
      truncatedChunks: last.state.truncated,
      corroboration: summarize(times),
    };
  } finally {
    await server.stop();
  }
}

export interface CorroborationAtRest {
  mics: number;
  events: number;
  /** Sequential calls, one at a time. */
  latency: Summary;
  p95Ms: number;
}

/**
 * The events page's "heard by" answer on a console at rest: the same demo edge of 5,000 mics and
 * 1,000,000 events, with no back-fill and so no catch-up job sharing the event loop (section 8's
 * figure was taken during that catch-up). One warm-up call walks the mic inventory first.
 */
export async function measureCorroborationAtRest(runs: number): Promise<CorroborationAtRest> {
  const mics = 5000;
  const events = 1_000_000;
  const server = await startConsole(
    8718,
    { DEMO_MICS: String(mics), DEMO_EVENTS: String(events), DEMO_EVENT_INTERVAL_MS: '0', BACKFILL_MAX_RPS: '0' },
    1_800_000,
  );
  try {
    const times = await timeCorroboration(server.url, runs);
    return { mics, events, latency: summarize(times), p95Ms: Math.round(quantile(times, 0.95) * 10) / 10 };
  } finally {
    await server.stop();
  }
}
