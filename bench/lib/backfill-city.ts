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
  try {
    log('  pages without a back-fill');
    const idleDir = path.join(BENCH_DIR, 'backfill-city-idle');
    fs.rmSync(idleDir, { recursive: true, force: true });
    let server = await startConsole(8719, env(idleDir, 0), 300_000, consoleDir);
    let idle: Map<string, number[]>;
    try {
      idle = await timePages(server.url, await signIn(server.url), rounds);
    } finally {
      await server.stop();
    }
    log(`  back-fill at ${rps} req/s for ${sampleSeconds} s, pages timed meanwhile`);
    const dir = path.join(BENCH_DIR, 'backfill-city');
    fs.rmSync(dir, { recursive: true, force: true });
    server = await startConsole(8719, env(dir, rps), 300_000, consoleDir);
    try {
      const started = Date.now();
      const during = await timePages(server.url, await signIn(server.url), rounds);
      const left = sampleSeconds * 1000 - (Date.now() - started);
      if (left > 0) await sleep(left);
      const s = backfillState(path.join(dir, 'console.sqlite'));
      const covered = Math.max(1e-6, (s.cursor - s.from) / (s.target - s.from));
      const totalRequests = Math.round(s.requests / covered);
      return {
        sampleSeconds: Math.round((Date.now() - started) / 1000),
        rps,
        requests: s.requests,
        covered: Math.round(covered * 10_000) / 10_000,
        eventsCounted: s.n,
        totalRequests,
        totalMinutes: Math.round(totalRequests / rps / 6) / 10,
        pages: PAGE_PATHS.map(([name]) => ({
          name,
          idle: withP95(idle.get(name)!),
          during: withP95(during.get(name)!),
        })),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await edge.stop();
  }
}
