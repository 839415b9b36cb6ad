import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { ADMIN, CREDENTIAL_CANARY, E2E_WORKERS, EDGE_TOKEN, mainPort, portsOf, servers } from './e2e/support/servers';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Each run starts from a freshly seeded demo edge: a known state for every spec. The config is
// read again by each worker, which inherits the runner's environment and so the same folder;
// the global teardown removes it.
process.env.ESC_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'esc-e2e-'));
const dataDir = process.env.ESC_E2E_DATA_DIR;
const staticDir = process.env.E2E_STATIC_DIR ?? 'dist';
const signIn = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };

function consoleServer(port: number, env: Record<string, string>) {
  return {
    command: 'node dist-server/server/index.js',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Lets several checkouts' builds be tested side by side (`vite build --outDir …`).
    env: { PORT: String(port), HOST: '127.0.0.1', QUIET: '1', STATIC_DIR: staticDir, ...env },
  };
}

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/support/global-teardown.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: E2E_WORKERS,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Two workers share two cores with ten servers and two browsers: a page can take seconds to settle.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    baseURL: servers.main,
    // A trace records every action's DOM and screenshots: on a 2-core machine the e2e run took
    // 28 min with one for each test, 18 without. CI retries a failure once, and that retry records it.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 768 },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-dev-shm-usage',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => serverSet(index)).flat(),
});

/** The five servers of one worker, each keeping its databases in its own folder. */
function serverSet(index: number) {
  const ports = portsOf(mainPort(index));
  const dir = (name: string) => path.join(dataDir, `${index}-${name}`);
  const upstreamEdge = `http://127.0.0.1:${ports.upstreamEdge}`;
  return [
    consoleServer(ports.main, {
      DATA_DIR: dir('main'),
      DEMO_FAULTS: '1',
      DEMO_EVENT_INTERVAL_MS: '0',
      // Specs make the edge fail one after another; the hub's retries after a fault come within
      // 8 s instead of 30, so a spec does not wait out the back-off an earlier one left.
      HUB_BACKOFF_MAX_MS: '8000',
      DEMO_CREDENTIAL_CANARY: CREDENTIAL_CANARY,
    }),
    {
      // A standalone demo edge standing in for a real edge server on the network.
      command: 'node dist-server/server/demo-edge.js',
      // The edge answers 401 without a token: up and refusing, as a real one would.
      url: `${upstreamEdge}/api/v1/mics`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        HOST: '127.0.0.1',
        DEMO_EDGE_PORT: String(ports.upstreamEdge),
        DEMO_API_TOKEN: EDGE_TOKEN,
        DATA_DIR: dir('upstream'),
        DEMO_EVENT_INTERVAL_MS: '0',
        DEMO_CREDENTIAL_CANARY: CREDENTIAL_CANARY,
      },
    },
    // Each console keeps its own database (accounts, sessions) in its own DATA_DIR; proxying
    // consoles require sign-in, so each has a first admin. Only the main console back-fills
    // insights (e2e/insights.spec.ts): the others would read the shared edge all run long.
    consoleServer(ports.browserToken, {
      EDGE_API_URL: upstreamEdge,
      EDGE_TOKEN_FROM_BROWSER: '1',
      DATA_DIR: dir('browser'),
      BACKFILL_MAX_RPS: '0',
      ...signIn,
    }),
    consoleServer(ports.serverToken, {
      EDGE_API_URL: upstreamEdge,
      EDGE_API_TOKEN: EDGE_TOKEN,
      DATA_DIR: dir('server'),
      BACKFILL_MAX_RPS: '0',
      ...signIn,
    }),
    consoleServer(ports.rejectedToken, {
      EDGE_API_URL: upstreamEdge,
      EDGE_API_TOKEN: 'not-the-edge-token',
      DATA_DIR: dir('rejected'),
      BACKFILL_MAX_RPS: '0',
      ...signIn,
    }),
  ];
}
