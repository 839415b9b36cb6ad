/**
 * The "city" profile: a console reading an edge of a city's size over HTTP (server/city-edge.ts,
 * data from server/demo/city-profile.ts: 2,400 mics with long names in Korean and English,
 * 50,000 events a day for 28 days, 1,000 composite events), beside the small embedded demo.
 * Lighthouse runs on both, for each build given (the checkout, and a "before" build).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureLighthouseAlternating, type LighthouseResult, type Profile } from './lighthouse';
import { BENCH_DIR, startConsole } from './servers';

export const CITY_TOKEN = 'bench-city-token';
const ADMIN = { username: 'bench', password: 'bench-city-password-1' };

/** Signs in as the console's admin (ADMIN_USERNAME/ADMIN_PASSWORD): the session cookie. */
export async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('esc_session='));
  if (!response.ok || cookie === undefined) throw new Error(`sign-in failed: ${response.status}`);
  return cookie.split(';')[0]!;
}

export interface CityEdge {
  url: string;
  stop(): Promise<void>;
}

/** Starts the city edge (writing its database first when the cached one is missing or stale). */
export async function startCityEdge(port: number, timeoutMs = 600_000): Promise<CityEdge> {
  const child = spawn(process.execPath, ['dist-server/server/city-edge.js'], {
    env: { ...process.env, CITY_EDGE_PORT: String(port), CITY_EDGE_DIR: BENCH_DIR, DEMO_API_TOKEN: CITY_TOKEN },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`city edge exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/v1/mics?size=1`, { headers: { authorization: `Bearer ${CITY_TOKEN}` } }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`city edge did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        process.off('exit', kill);
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export type Dataset = 'demo' | 'city';
export interface LighthouseBlock {
  build: string;
  dataset: Dataset;
  load: { before: number; after: number };
  pages: Record<string, Record<Profile, LighthouseResult>>;
}

/**
 * Lighthouse on every page for each build and each data set. For each data set every build's
 * console runs at once and each page's runs alternate between them (a shared machine's load
 * drifts over the hour; alternating keeps before and after comparable). The city consoles start
 * with empty databases, so every build is measured while its insights back-fill is reading the
 * city's four weeks, as a console just installed would be.
 */
export async function measureLighthouseCity(
  builds: { name: string; dir: string; staticDir?: string }[],
  runs: number,
  log: (message: string) => void,
  datasets: readonly Dataset[] = ['demo', 'city'],
): Promise<LighthouseBlock[]> {
  // The city's edge (a minute or more to start when its database must be written) only when measured.
  const edge = datasets.includes('city') ? await startCityEdge(8120) : null;
  const blocks: LighthouseBlock[] = [];
  try {
    for (const dataset of datasets) {
      log(`Lighthouse, ${dataset} data: ${builds.map((b) => b.name).join(' and ')}, alternating`);
      const servers: Awaited<ReturnType<typeof startConsole>>[] = [];
      try {
        for (const [i, build] of builds.entries()) {
          const dataDir = path.join(BENCH_DIR, `lh-${dataset}-${build.name}`);
          fs.rmSync(dataDir, { recursive: true, force: true });
          const env: Record<string, string> =
            dataset === 'city'
              ? {
                  DATA_DIR: dataDir,
                  EDGE_API_URL: edge!.url,
                  EDGE_API_TOKEN: CITY_TOKEN,
                  ADMIN_USERNAME: ADMIN.username,
                  ADMIN_PASSWORD: ADMIN.password,
                }
              : { DATA_DIR: dataDir, DEMO_EVENT_INTERVAL_MS: '20000' };
          if (build.staticDir !== undefined) env.STATIC_DIR = path.resolve(build.staticDir);
          servers.push(await startConsole(8716 + i, env, 300_000, path.resolve(build.dir)));
        }
        const loadBefore = os.loadavg()[0]!;
        const targets = await Promise.all(
          servers.map(async (server) => ({
            baseUrl: server.url,
            cookie: dataset === 'city' ? await signIn(server.url) : undefined,
          })),
        );
        const results = await measureLighthouseAlternating(targets, runs, log);
        const load = { before: loadBefore, after: os.loadavg()[0]! };
        builds.forEach((build, i) => blocks.push({ build: build.name, dataset, load, pages: results[i]! }));
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    }
  } finally {
    await edge?.stop();
  }
  return blocks;
}
