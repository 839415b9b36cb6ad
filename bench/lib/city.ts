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
import { measureLighthouse, type LighthouseResult, type Profile } from './lighthouse';
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
 * Lighthouse on every page for each build and each data set, one console at a time. The city
 * console starts with an empty database each time, so every build is measured while its
 * insights back-fill is reading the city's four weeks, as a console just installed would be.
 */
export async function measureLighthouseCity(
  builds: { name: string; dir: string; staticDir?: string }[],
  runs: number,
  log: (message: string) => void,
  datasets: readonly Dataset[] = ['demo', 'city'],
): Promise<LighthouseBlock[]> {
  const edge = await startCityEdge(8120);
  const blocks: LighthouseBlock[] = [];
  try {
    for (const build of builds) {
      for (const dataset of datasets) {
        log(`Lighthouse, ${build.name} build, ${dataset} data`);
        const dataDir = path.join(BENCH_DIR, `lh-${dataset}-${build.name}`);
        fs.rmSync(dataDir, { recursive: true, force: true });
        const env: Record<string, string> =
          dataset === 'city'
            ? {
                DATA_DIR: dataDir,
                EDGE_API_URL: edge.url,
                EDGE_API_TOKEN: CITY_TOKEN,
                ADMIN_USERNAME: ADMIN.username,
                ADMIN_PASSWORD: ADMIN.password,
              }
            : { DATA_DIR: dataDir, DEMO_EVENT_INTERVAL_MS: '20000' };
        if (build.staticDir !== undefined) env.STATIC_DIR = path.resolve(build.staticDir);
        const server = await startConsole(8716, env, 300_000, path.resolve(build.dir));
        try {
          const loadBefore = os.loadavg()[0]!;
          const cookie = dataset === 'city' ? await signIn(server.url) : undefined;
          const pages = await measureLighthouse(server.url, runs, log, cookie);
          blocks.push({ build: build.name, dataset, load: { before: loadBefore, after: os.loadavg()[0]! }, pages });
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    await edge.stop();
  }
  return blocks;
}
