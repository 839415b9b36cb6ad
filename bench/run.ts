/**
 * `npm run bench`: builds nothing itself (the npm script builds first), starts the production
 * server on the demo edge at several scales, drives Debian Chromium over CDP, and writes
 * bench/results.json and bench/RESULTS.md. Loopback only; every loop is bounded.
 *
 *   --only=bundle,load,lighthouse,map,soak,server,freshness,edge,backfill,corroboration,locate,evidence,cluster   run some sections (also `--only lighthouse`)
 *   --only alerts                                   alerts out: edge → webhook latency, a burst against the storm cap
 *   --only backfill-city                            the back-fill's start-up cost on the city's edge
 *   --only city --before <dir>                      Lighthouse on the city profile and the demo, that build then this one
 *   --quick                                         fewer runs and cycles (a smoke run of the harness)
 */
import fs from 'node:fs';
import os from 'node:os';
import { measureAlerts } from './lib/alerts';
import { launch } from './lib/browser';
import { measureBundle, BUDGETS } from './bundle';
import { measureBackfill, measureCorroborationAtRest } from './lib/backfill';
import { measureBackfillCity } from './lib/backfill-city';
import { measureLighthouseCity } from './lib/city';
import { measureCluster } from './lib/cluster';
import { measureEdgeLoad } from './lib/edge-load';
import { measureEvidence } from './lib/evidence';
import { measureFreshness } from './lib/freshness';
import { LIGHTHOUSE_TARGETS, measureLighthouse } from './lib/lighthouse';
import { measureLoad } from './lib/load';
import { measureLocate } from './lib/locate';
import { loadTest, proxyOverhead } from './lib/load-test';
import { measureMapScale } from './lib/map-scale';
import { startConsole } from './lib/servers';
import { soakWall } from './lib/soak';
import { spliceReport } from './lib/splice-report';
import { writeReport } from './report';

const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const onlyValue = args.find((a) => a.startsWith('--only='))?.slice(7) ?? (onlyAt >= 0 ? args[onlyAt + 1] : undefined);
const only = onlyValue?.split(',') ?? [
  'bundle',
  'load',
  'lighthouse',
  'map',
  'soak',
  'server',
  'freshness',
  'edge',
  'backfill',
  'corroboration',
  'locate',
  'evidence',
  'cluster',
  'alerts',
  'city',
  'backfill-city',
];
const quick = args.includes('--quick');
/** `--before <dir>`: a build of the console before a change (its dist/ and dist-server/), measured in the same run. */
const beforeAt = args.indexOf('--before');
const beforeDir = beforeAt >= 0 ? args[beforeAt + 1] : undefined;
/** `--after <dir>`: the build measured as "after" when it is not this checkout's. */
const afterAt = args.indexOf('--after');
const afterDir = afterAt >= 0 ? args[afterAt + 1] : undefined;
const RUNS = quick ? 2 : 5;
const want = (section: string) => only.includes(section);

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  },
  quick,
  budgets: {
    ...BUDGETS,
    lcpMsAt4x: 1000,
    lighthouse: LIGHTHOUSE_TARGETS,
    tbtMsAt4x: 300,
    clsMax: 0.05,
    mapFpsMin: 50,
    mapP95FrameMsMax: 34,
    soakHeapGrowthMbMax: 2,
    soakNodesAndListenersGrowthPctMax: 1,
    serverP95MsMax: 50,
    proxyAddedP50MsMax: 1,
    freshnessMedianMsMax: 1500,
    freshnessP95MsMax: 2500,
    edgeLoadRatioMax: 1.2,
    clusterEdgeRatioMax: 1.1,
    failoverMsMax: 10_000,
  },
};

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function main() {
  if (want('bundle')) {
    log('bundle sizes');
    results.bundle = measureBundle('dist');
  }
  if (want('backfill')) {
    // No browser: the console's own work against the edge.
    const rps = 200;
    log(`insights back-fill: 28 days, 5,000 mics, 1,000,000 events, at ${rps} requests/s (first start seeds)`);
    results.backfill = await measureBackfill(rps, quick ? 5 : 20, log);
  }
  if (want('corroboration')) {
    log('corroboration at rest: events page of 100, 5,000 mics, 1,000,000 events, no back-fill (first start seeds)');
    results.corroborationAtRest = await measureCorroborationAtRest(quick ? 5 : 30);
  }
  if (want('locate')) {
    // No server: the locator itself against the true places the demo keeps, at the demo's own
    // density of mics and at one where five mics or more hear most incidents.
    log('locating sounds: seeded demo weeks at 60 and 160 mics, millisecond and whole-second timestamps');
    results.locate = [measureLocate(quick ? 10_000 : 60_000, 60), measureLocate(quick ? 5_000 : 20_000, 160)];
  }
  if (want('evidence')) {
    log('evidence pack: an incident heard by 20 mics, first export (clips from the edge) and again (cached)');
    const server = await startConsole(8718, { DEMO_FAULTS: '1', DEMO_EVENT_INTERVAL_MS: '0', BACKFILL_MAX_RPS: '0' });
    results.evidence = await measureEvidence(server.url, quick ? 2 : 5);
    await server.stop();
  }
  if (want('cluster')) {
    // No browser: screens are /live streams held by the bench itself.
    const minutes = quick ? 0.5 : 2;
    log(`cluster: edge load with 1 and 3 replicas (${minutes} min each), failover, fan-out to 1,000 subscribers`);
    results.cluster = await measureCluster({ minutes, kills: quick ? 2 : 5, separate: !quick }, log);
  }
  if (want('alerts')) {
    log('alerts: a stored gunshot to its webhook, then a burst of 1,000 detections against the storm cap');
    results.alerts = await measureAlerts(
      { runs: quick ? 2 : 5, samples: quick ? 10 : 20, burst: 1000, bursts: quick ? 1 : 3 },
      log,
    );
  }
  if (want('backfill-city')) {
    log("insights back-fill at start-up on the city's edge (sampled), pages timed with and without it");
    results.backfillCity = await measureBackfillCity(quick ? 60 : 180, quick ? 10 : 30, log, afterDir);
  }
  if (want('city')) {
    const builds = [
      ...(beforeDir === undefined ? [] : [{ name: 'before', dir: beforeDir }]),
      ...(args.includes('--before-only')
        ? []
        : [{ name: 'after', dir: afterDir ?? '.', staticDir: process.env.BENCH_STATIC_DIR }]),
    ];
    log(`Lighthouse on the city profile and the demo: ${builds.map((b) => b.name).join(', ')}`);
    // `--datasets city`: one of the two (a run pressed for time); both by default.
    const datasetsAt = args.indexOf('--datasets');
    const datasets = (datasetsAt >= 0 ? args[datasetsAt + 1]!.split(',') : ['demo', 'city']) as ('demo' | 'city')[];
    results.lighthouseCity = await measureLighthouseCity(builds, quick ? 1 : 3, log, datasets);
  }
  const browserParts = ['load', 'lighthouse', 'map', 'soak', 'server', 'freshness', 'edge'];
  if (!browserParts.some(want)) return finish();
  const browser = await launch();
  try {
    if (want('load')) {
      log('page load metrics (60 mics)');
      const server = await startConsole(8710, { DEMO_EVENT_INTERVAL_MS: '20000' });
      const load: Record<string, unknown> = {};
      for (const route of ['/mics', '/map', '/composite-events', '/wall']) {
        for (const throttle of [1, 4]) {
          log(`  ${route} at ${throttle}x CPU`);
          load[`${route} @${throttle}x`] = await measureLoad(browser, `${server.url}${route}`, throttle, RUNS);
        }
      }
      results.load = load;
      await server.stop();
    }
    if (want('lighthouse')) {
      log('Lighthouse, mobile and desktop profiles (60 mics)');
      const server = await startConsole(8716, { DEMO_EVENT_INTERVAL_MS: '20000' });
      // Lighthouse's simulated throttling still reads a busy machine's CPU: its 1-minute load is kept with it.
      const loadBefore = os.loadavg()[0]!;
      results.lighthouse = await measureLighthouse(server.url, quick ? 1 : 3, log);
      results.lighthouseLoad = { before: loadBefore, after: os.loadavg()[0]! };
      await server.stop();
    }
    if (want('map')) {
      const scale: unknown[] = [];
      for (const mics of [5000, 10000]) {
        log(`map at ${mics} mics (first start seeds the database)`);
        const server = await startConsole(8711, { DEMO_MICS: String(mics), DEMO_EVENT_INTERVAL_MS: '5000' });
        scale.push(await measureMapScale(browser, server.url, mics, RUNS));
        await server.stop();
      }
      results.mapScale = scale;
    }
    if (want('soak')) {
      const cycles = quick ? 100 : 1000;
      log(`wall soak: ${cycles} live pushes`);
      // An event every 200 ms, read by the hub every 250 ms: nearly every read pushes new events.
      const server = await startConsole(8712, { DEMO_EVENT_INTERVAL_MS: '200', HUB_EVENTS_INTERVAL_MS: '250' });
      results.soak = await soakWall(browser, server.url, cycles, 0.25, quick ? 25 : 100);
      await server.stop();
    }
    if (want('server')) {
      log('server latency at 5,000 mics and 1,000,000 events (first start seeds for several minutes)');
      const token = 'bench-token';
      const server = await startConsole(
        8713,
        {
          DEMO_MICS: '5000',
          DEMO_EVENTS: '1000000',
          DEMO_EVENT_INTERVAL_MS: '0',
          DEMO_API_TOKEN: token,
          DEMO_EDGE_PORT: '8714',
          // The insights back-fill of 1,000,000 events runs for many minutes after start and would
          // share the event loop with the requests measured here: it has a part of its own.
          BACKFILL_MAX_RPS: '0',
        },
        900_000,
      );
      // The seeded database is reused between runs with the live feed off, so "the last hour"
      // counts back from its newest event, not from the clock (which would find nothing).
      const newest = (await fetch(`${server.url}/api/v1/events?size=1`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.json())) as {
        results: { created_at: string }[];
      };
      const now = Date.parse(newest.results[0]?.created_at ?? new Date().toISOString());
      const day = encodeURIComponent(new Date(now - 86_400_000).toISOString());
      const hour = encodeURIComponent(new Date(now - 3_600_000).toISOString());
      const paths: [string, string][] = [
        ['mics, first page', '/api/v1/mics?size=100'],
        ['mics, by name', '/api/v1/mics?size=100&name=gangnam'],
        ['mics, by edge, page 10', '/api/v1/mics?size=100&edge_id=edge-seoul-01&page=10'],
        ['events, first page', '/api/v1/events?size=100'],
        ['events, page 5,000', '/api/v1/events?size=100&page=5000'],
        ['events, last 24 h', `/api/v1/events?size=100&start=${day}`],
        ['events, last hour, one label', `/api/v1/events?size=100&start=${hour}&label_id=scream`],
        ['events, two mics', '/api/v1/events?size=100&mic_id=mic-0001&mic_id=mic-0002'],
        ['events, two labels', '/api/v1/events?size=100&label_id=scream&label_id=siren'],
        ['events, two labels, page 50', '/api/v1/events?size=100&label_id=scream&label_id=siren&page=50'],
        [
          'events, two mics, two labels, 24 h',
          `/api/v1/events?size=100&mic_id=mic-0001&mic_id=mic-0002&label_id=scream&label_id=car_horn&start=${day}`,
        ],
        ['composite events, first page of 25', '/api/v1/composite-events?size=25'],
        [
          'composite events, by rule, oldest first',
          '/api/v1/composite-events?size=25&composite_rule_id=rule-repeated-scream&order_by=asc',
        ],
        ['composite events, created last 24 h', `/api/v1/composite-events?size=25&created_at__ge=${day}`],
      ];
      const lists = [];
      const single = [];
      for (const [name, path] of paths) {
        log(`  ${name}`);
        single.push(await loadTest(name, server.url, path, { requests: quick ? 50 : 200, concurrency: 1 }));
        lists.push(await loadTest(name, server.url, path, { requests: quick ? 100 : 400, concurrency: 8 }));
      }
      log('  proxy overhead');
      const proxy = await proxyOverhead(
        'http://127.0.0.1:8714',
        server.url,
        '/api/v1/mics?size=10',
        token,
        quick ? 100 : 500,
      );
      results.server = { mics: 5000, events: 1_000_000, concurrency: 8, lists, single, proxy };
      await server.stop();
    }
    if (want('freshness')) {
      log('freshness: store → wall');
      const server = await startConsole(8715, { DEMO_FAULTS: '1', DEMO_EVENT_INTERVAL_MS: '0' });
      results.freshness = await measureFreshness(browser, server.url, quick ? 5 : 20, 5);
      await server.stop();
    }
    if (want('edge')) {
      const minutes = quick ? 1 : 3;
      log(`edge requests per minute: 1 screen, then 20 screens, ${minutes} min each`);
      // Screens only: the insights back-fill (a one-off 28-day read at start) is measured on its own.
      const server = await startConsole(8716, {
        DEMO_FAULTS: '1',
        DEMO_EVENT_INTERVAL_MS: '5000',
        BACKFILL_MAX_RPS: '0',
      });
      results.edgeLoad = await measureEdgeLoad(browser, server.url, minutes);
      await server.stop();
    }
  } finally {
    await browser.close();
  }
  finish();
}

function finish() {
  const previous = fs.existsSync('bench/results.json')
    ? (JSON.parse(fs.readFileSync('bench/results.json', 'utf8')) as Record<string, unknown>)
    : {};
  // A partial run (--only) keeps the other sections from the last full one.
  const merged = { ...previous, ...results };
  fs.writeFileSync('bench/results.json', `${JSON.stringify(merged, null, 2)}\n`);
  const fresh = writeReport(merged);
  // A partial run replaces only its own sections: the others stay as the report has them.
  const report =
    onlyValue !== undefined && fs.existsSync('bench/RESULTS.md')
      ? spliceReport(fs.readFileSync('bench/RESULTS.md', 'utf8'), fresh, only)
      : fresh;
  fs.writeFileSync('bench/RESULTS.md', report);
  log('wrote bench/results.json and bench/RESULTS.md');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
