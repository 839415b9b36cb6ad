/**
 * The insights back-fill at start-up against the city's edge (bench/lib/city.ts): how many edge
 * requests and minutes its 28 days cost at the default 5 requests a second, and what it does to
 * the pages' own requests meanwhile. A full walk would take most of an hour, so the walk is
 * sampled for a few minutes and extrapolated from the share of the 28 days it covered.
 */
import path from 'node:path';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { CITY_TOKEN, signIn, startCityEdge } from './city';
import { BENCH_DIR, startConsole } from './servers';
import { quantile, summarize, type Summary } from './stats';

export interface BackfillCityResult {
  sampleSeconds: number;
  rps: number;
  requests: number;
  /** Share of the 28 days the walk covered in the sample (0..1). */
  covered: number;
  eventsCounted: number;
  /** Extrapolated to the whole first pass. */
  totalRequests: number;
  totalMinutes: number;
  /** Page requests through the console, without a back-fill and while it runs. */
  pages: { name: string; idle: Summary & { p95: number }; during: Summary & { p95: number } }[];
}

const PAGE_PATHS: [string, string][] = [
  ['events, first page of 25', '/api/v1/events?page=1&size=25'],
  ['composite events, first page of 25', '/api/v1/composite-events?page=1&size=25'],
  ['review counts', '/api/review/counts'],
];

/** Phases of each kind, alternating (the pages' rounds are shared among them). */
const PHASES = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function backfillState(file: string): { requests: number; from: number; target: number; cursor: number; n: number } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT value FROM insight_state WHERE key = 'backfill'").get() as
      { value: string } | undefined;
    const n = (db.prepare('SELECT COALESCE(SUM(count), 0) AS n FROM insight_hourly').get() as { n: number }).n;
    const s =
      row === undefined
        ? null
        : (JSON.parse(row.value) as { requests: number; from: number; target: number; cursor: number });
    return { requests: s?.requests ?? 0, from: s?.from ?? 0, target: s?.target ?? 1, cursor: s?.cursor ?? 0, n };
  } catch {
    return { requests: 0, from: 0, target: 1, cursor: 0, n: 0 };
  } finally {
    db.close();
  }
}

async function timePages(baseUrl: string, cookie: string, rounds: number): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>(PAGE_PATHS.map(([name]) => [name, []]));
  for (let k = 0; k < rounds; k++) {
    for (const [name, p] of PAGE_PATHS) {
      const t0 = performance.now();
      const response = await fetch(`${baseUrl}${p}`, { headers: { cookie } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${p}: ${response.status}`);
      out.get(name)!.push(performance.now() - t0);
      // A screen's pace, not a load test: the back-fill's share is what is measured.
      await sleep(150);
    }
  }
  return out;
}

const withP95 = (values: number[]) => ({ ...summarize(values), p95: Math.round(quantile(values, 0.95) * 10) / 10 });

export async function measureBackfillCity(
  sampleSeconds: number,
  rounds: number,
  log: (m: string) => void,
  /** A console build other than this checkout's (`--after <dir>`). */
  consoleDir?: string,
): Promise<BackfillCityResult> {
  // Its own port: section 2c's edge may be running (8120).
  const edge = await startCityEdge(8122);
  const rps = 5;
  const env = (dir: string, backfillRps: number) => ({
    DATA_DIR: dir,
    EDGE_API_URL: edge.url,
    EDGE_API_TOKEN: CITY_TOKEN,
    ADMIN_USERNAME: 'bench',
    ADMIN_PASSWORD: 'bench-city-password-1',
    BACKFILL_MAX_RPS: String(backfillRps),
  });
  const idleDir = path.join(BENCH_DIR, 'backfill-city-idle');
  const dir = path.join(BENCH_DIR, 'backfill-city');
  for (const d of [idleDir, dir]) fs.rmSync(d, { recursive: true, force: true });
  const idle = new Map<string, number[]>(PAGE_PATHS.map(([name]) => [name, []]));
  const during = new Map<string, number[]>(PAGE_PATHS.map(([name]) => [name, []]));
  /** Starts a console, times the pages (after one round untimed) and stops it; the time it ran. */
  const phase = async (dataDir: string, backfillRps: number, into: Map<string, number[]>, atLeastMs = 0) => {
    const server = await startConsole(8719, env(dataDir, backfillRps), 300_000, consoleDir);
    const started = Date.now();
    try {
      const cookie = await signIn(server.url);
      await timePages(server.url, cookie, 1);
      for (const [name, values] of await timePages(server.url, cookie, Math.ceil(rounds / PHASES))) {
        into.get(name)!.push(...values);
      }
      const left = atLeastMs - (Date.now() - started);
      if (left > 0) await sleep(left);
      return Date.now() - started;
    } finally {
      await server.stop();
    }
  };
  try {
    // Without and during alternate, so that the shared machine's load, which moves by the minute,
    // falls on both alike; the back-fill resumes where it stopped at each start.
    let backfillMs = 0;
    for (let n = 1; n <= PHASES; n++) {
      log(`  pages without a back-fill (${n}/${PHASES})`);
      await phase(idleDir, 0, idle);
      const last = n === PHASES;
      log(`  pages during the back-fill at ${rps} req/s (${n}/${PHASES})${last ? `, then to ${sampleSeconds} s` : ''}`);
      backfillMs += await phase(dir, rps, during, last ? sampleSeconds * 1000 - backfillMs : 0);
    }
    const s = backfillState(path.join(dir, 'console.sqlite'));
    const covered = Math.max(1e-6, (s.cursor - s.from) / (s.target - s.from));
    const totalRequests = Math.round(s.requests / covered);
    const seconds = backfillMs / 1000;
    return {
      sampleSeconds: Math.round(seconds),
      rps,
      requests: s.requests,
      covered: Math.round(covered * 10_000) / 10_000,
      eventsCounted: s.n,
      totalRequests,
      // From the time the walk ran, not the cap: it yields to a busy edge (below the cap).
      totalMinutes: Math.round(seconds / covered / 6) / 10,
      pages: PAGE_PATHS.map(([name]) => ({
        name,
        idle: withP95(idle.get(name)!),
        during: withP95(during.get(name)!),
      })),
    };
  } finally {
    await edge.stop();
  }
}
