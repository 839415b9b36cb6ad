import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { startHttpReceiver, type HttpReceiver } from '../../server/alerts/test-receivers';
import { buildDemoEdge } from '../../server/demo/edge-app';
import { DemoStore } from '../../server/demo/store';
import { signIn, startConsole, type Running } from './servers';
import { quantile, summarize, type Summary } from './stats';

export interface AlertsResult {
  /** From the edge storing an event to the webhook receiver holding its alert, per run. */
  latency: { runs: { medianMs: number; p95Ms: number; samples: number }[]; medianMs: Summary; p95Ms: Summary };
  burst: { detections: number; stormCap: number; runs: BurstRun[] };
  /** The machine's 1-minute load average at the end (it is shared: pages' times move with it). */
  loadAverage: number;
}

type Timing = { p50: number; p95: number; n: number };

export interface BurstRun {
  /** "alert" messages the burst's rule sent (one per incident let through). */
  alerts: number;
  /** Updates of those alerts (later detections of the same incidents), coalesced. */
  updates: number;
  /** The minute's summary, and how many detections of incidents not let through it counts. */
  summaries: number;
  suppressed: number | null;
  /** Latency of pages' calls, at rest (the 10 s before) and while the console takes the burst. */
  pages: Record<string, { rest: Timing; burst: Timing }>;
}

interface Hook {
  type: string;
  alert: { suppressed?: number };
}

const TOKEN = 'bench-alerts-token';
const ADMIN = { username: 'bench', password: 'bench alerts password 42' };
const PORT = 8730;
const EDGE_PORT = 8731;
const STORM_CAP = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForMore(receiver: HttpReceiver, count: number, timeoutMs: number): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  while (receiver.received.length <= count) {
    if (Date.now() > deadline) return null;
    await sleep(5);
  }
  return receiver.received[count]!.at;
}

/**
 * Times each page call in turn, every 100 ms, until stopped: in a thread of its own, so the edge's
 * work in this process (storing the burst) does not count against the console.
 */
function sampler(base: string, cookie: string, paths: Record<string, string>) {
  const code = `
    const { parentPort, workerData: { base, cookie, paths } } = require('node:worker_threads');
    const times = Object.fromEntries(Object.keys(paths).map((name) => [name, []]));
    let running = true;
    parentPort.on('message', () => (running = false));
    (async () => {
      while (running) {
        for (const [name, p] of Object.entries(paths)) {
          const started = performance.now();
          const response = await fetch(base + p, { headers: { cookie } });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(p + ' answered ' + response.status);
          times[name].push(performance.now() - started);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      parentPort.postMessage(times);
    })();
  `;
  const worker = new Worker(code, { eval: true, workerData: { base, cookie, paths } });
  const done = new Promise<Record<string, number[]>>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const times = await done;
      await worker.terminate();
      const round = (n: number) => Math.round(n * 10) / 10;
      return Object.fromEntries(
        Object.entries(times).map(([name, ms]) => [
          name,
          { p50: round(quantile(ms, 0.5)), p95: round(quantile(ms, 0.95)), n: ms.length },
        ]),
      );
    },
  };
}

/**
 * Alerts out (issue 29), on the production build over SQLite (as `npm start` runs): the demo edge
 * in this process stores gunshots one at a time and a webhook receiver on loopback times each
 * alert's arrival; then 1,000 explosions in a second at 56 mics (56 incidents against a storm cap
 * of 5 a minute) while the bench times /healthz and /api/v1/mics as a screen would call them.
 */
export async function measureAlerts(
  options: { runs: number; samples: number; burst: number; bursts: number },
  log: (message: string) => void,
): Promise<AlertsResult> {
  // The seeded history ends an hour ago: the last minutes of one ending now hold gunshots and
  // explosions by the hour of day, which the alerts would take as news and count with the bench's own.
  const store = new DemoStore({
    dataDir: null,
    mics: 60,
    events: 0,
    now: Date.now() - 3_600_000,
    credentialCanary: null,
  });
  const edge = buildDemoEdge({ store, token: TOKEN });
  const edgeUrl = await edge.app.listen({ host: '127.0.0.1', port: EDGE_PORT });
  const hook = await startHttpReceiver();
  const stormHook = await startHttpReceiver();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esc-bench-alerts-'));
  const file = path.join(dir, 'alerts.yaml');
  // Each sound its own incident (radius 0, a 1 s window), so each sample is a new alert.
  fs.writeFileSync(
    file,
    [
      'channels:',
      `  - { name: hook, type: webhook, url: "${hook.url}" }`,
      `  - { name: storm, type: webhook, url: "${stormHook.url}" }`,
      'rules:',
      '  - { name: gunfire, labels: [gunshot], radius_m: 0, window: 1s, storm_cap: 1000, channels: [hook] }',
      `  - { name: burst, labels: [explosion], radius_m: 0, storm_cap: ${STORM_CAP}, channels: [storm] }`,
      '',
    ].join('\n'),
  );
  // Away from the Seoul Station mics, whose composite rule takes any label.
  const micIds = store.micIds().slice(4);
  let server: Running | null = null;
  try {
    server = await startConsole(PORT, {
      DATA_DIR: path.join(dir, 'data'),
      EDGE_API_URL: edgeUrl,
      EDGE_API_TOKEN: TOKEN,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ALERTS_FILE: file,
      BACKFILL_MAX_RPS: '0',
    });
    const cookie = await signIn(server.url, ADMIN);
    // The hub's first read of the edge is old news; let it pass.
    await sleep(3000);

    const runs: AlertsResult['latency']['runs'] = [];
    let next = 0;
    for (let run = 0; run < options.runs; run++) {
      const ms: number[] = [];
      for (let i = 0; i < options.samples; i++) {
        const before = hook.received.length;
        store.addEvent({ mic_id: micIds[next++ % micIds.length]!, label_id: 'gunshot' });
        const stored = Date.now();
        const at = await waitForMore(hook, before, 15_000);
        if (at === null) throw new Error('an alert did not arrive within 15 s');
        ms.push(at - stored);
        // A random phase against the hub's reads of the edge.
        await sleep(300 + Math.random() * 900);
      }
      runs.push({ medianMs: quantile(ms, 0.5), p95Ms: quantile(ms, 0.95), samples: ms.length });
      log(`  alerts run ${run + 1}: median ${runs.at(-1)!.medianMs} ms, p95 ${runs.at(-1)!.p95Ms} ms`);
    }

    const paths = { '/healthz': '/healthz', '/api/v1/mics': '/api/v1/mics?size=100' };
    const bursts: BurstRun[] = [];
    const starts: number[] = [];
    const pages: BurstRun['pages'][] = [];
    let lastMinute = -1;
    for (let burst = 0; burst < options.bursts; burst++) {
      const rest = sampler(server.url, cookie, paths);
      await sleep(10_000);
      const atRest = await rest.stop();
      // The cap counts per minute: each burst and its intake inside a minute of its own, after
      // the last one's summary (sent as its minute ends).
      const ready = () => {
        const now = new Date();
        return now.getMinutes() !== lastMinute && now.getSeconds() >= 3 && now.getSeconds() <= 30;
      };
      while (!ready()) await sleep(250);
      lastMinute = new Date().getMinutes();
      starts.push(stormHook.received.length);
      const during = sampler(server.url, cookie, paths);
      for (let i = 0; i < options.burst; i += 10) {
        for (let j = i; j < i + 10; j++) store.addEvent({ mic_id: micIds[j % micIds.length]!, label_id: 'explosion' });
        await sleep(10);
      }
      await sleep(10_000);
      const inBurst = await during.stop();
      pages.push(
        Object.fromEntries(Object.keys(paths).map((name) => [name, { rest: atRest[name]!, burst: inBurst[name]! }])),
      );
    }
    log('  waiting for the last minute to pass (its summary)');
    const summariesBy = Date.now() + 75_000;
    const summaryCount = () => stormHook.received.filter((r) => (r.json as Hook).type === 'alert.summary').length;
    while (Date.now() < summariesBy && summaryCount() < options.bursts) await sleep(250);
    await sleep(2000);
    for (const [k, start] of starts.entries()) {
      const types = stormHook.received.slice(start, starts[k + 1]).map((r) => r.json as Hook);
      const summaries = types.filter((t) => t.type === 'alert.summary');
      bursts.push({
        alerts: types.filter((t) => t.type === 'alert.alert').length,
        updates: types.filter((t) => t.type === 'alert.update').length,
        summaries: summaries.length,
        suppressed: summaries[0]?.alert.suppressed ?? null,
        pages: pages[k]!,
      });
      log(`  burst ${k + 1}: ${bursts.at(-1)!.alerts} alerts, ${JSON.stringify(pages[k])}`);
    }
    return {
      latency: {
        runs,
        medianMs: summarize(runs.map((r) => r.medianMs)),
        p95Ms: summarize(runs.map((r) => r.p95Ms)),
      },
      burst: { detections: options.burst, stormCap: STORM_CAP, runs: bursts },
      loadAverage: os.loadavg()[0]!,
    };
  } finally {
    await server?.stop();
    await hook.close();
    await stormHook.close();
    await edge.app.close();
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
