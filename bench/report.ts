import type { BundleReport } from './bundle';
import type { BackfillResult, CorroborationAtRest } from './lib/backfill';
import type { ClusterResult } from './lib/cluster';
import { clusterReport } from './lib/cluster-report';
import type { AlertsResult } from './lib/alerts';
import { alertsReport } from './lib/alerts-report';
import type { EdgeLoadResult } from './lib/edge-load';
import type { EvidenceResult } from './lib/evidence';
import type { FreshnessResult } from './lib/freshness';
import type { LighthouseBlock } from './lib/city';
import { backfillCityReport, cityLighthouseReport } from './lib/city-report';
import type { BackfillCityResult } from './lib/backfill-city';
import type { LighthouseResult, Profile } from './lib/lighthouse';
import type { LoadResult } from './lib/load';
import type { LocateResult } from './lib/locate';
import { locateReport } from './lib/locate-report';
import type { LatencyResult } from './lib/load-test';
import type { MapScaleResult } from './lib/map-scale';
import type { SoakResult } from './lib/soak';
import { fmt, type Summary } from './lib/stats';

const ok = (pass: boolean) => (pass ? 'meets' : '**misses**');

/** bench/RESULTS.md from bench/results.json: every figure beside its budget. */
export function writeReport(r: Record<string, unknown>): string {
  const out: string[] = [];
  const machine = r.machine as { cores: number; cpu: string; memoryGb: number; node: string; platform: string };
  out.push('# Benchmark results', '');
  out.push(
    `Run ${String(r.date)} on ${machine.cores} cores (${machine.cpu}), ${machine.memoryGb} GiB, Node ${machine.node}, ${machine.platform}.`,
  );
  out.push(
    'Medians of the runs with min and max; the machines are shared and noisy, so read ratios and medians, not single figures.',
  );
  if (r.quick === true)
    out.push(
      '',
      '> This was a `--quick` run (fewer runs and cycles): a smoke run of the harness, not the reference figures.',
    );

  const bundle = r.bundle as BundleReport | undefined;
  if (bundle) {
    out.push('', '## 1. Bundle (gzip)', '', '| What | Size | Budget | |', '|---|---|---|---|');
    out.push(
      `| First paint JS (every route) | ${bundle.initial.jsKb} kB | ${bundle.budgets.initialJsKb} kB | ${ok(bundle.initial.jsKb <= bundle.budgets.initialJsKb)} |`,
    );
    out.push(
      `| First paint CSS | ${bundle.initial.cssKb} kB | ${bundle.budgets.initialCssKb} kB | ${ok(bundle.initial.cssKb <= bundle.budgets.initialCssKb)} |`,
    );
    out.push(
      `| Map chunk: Leaflet, react-leaflet, clustering, canvas markers, offline basemap (JS) | ${bundle.mapChunkKb} kB | ${bundle.budgets.mapChunkKb} kB | ${ok(bundle.mapChunkKb <= bundle.budgets.mapChunkKb)} |`,
    );
    out.push(
      `| /map beyond a page without a map: the map chunk plus the page's own code (JS) | ${bundle.mapRouteExtraKb} kB | | |`,
    );
    out.push('', 'Route chunks, loaded after the first paint:', '', '| Route | JS | CSS |', '|---|---|---|');
    for (const [route, size] of Object.entries(bundle.routes))
      out.push(`| ${route} | ${size.jsKb} kB | ${size.cssKb} kB |`);
  }

  const load = r.load as Record<string, LoadResult> | undefined;
  if (load) {
    out.push(
      '',
      '## 2. Page load (1366×768)',
      '',
      'Targets at 4× CPU throttling: LCP ≤ 1000 ms, TBT ≤ 300 ms, CLS ≤ 0.05.',
      '',
    );
    out.push('| Page | LCP ms | TBT ms | CLS | at 4× |', '|---|---|---|---|---|');
    for (const [key, m] of Object.entries(load)) {
      const judged = key.endsWith('@4x')
        ? ok(m.lcpMs.median <= 1000 && m.tbtMs.median <= 300 && m.cls.median <= 0.05)
        : '';
      out.push(`| ${key} | ${fmt(m.lcpMs)} | ${fmt(m.tbtMs)} | ${fmt(m.cls)} | ${judged} |`);
    }
  }

  const lighthouse = r.lighthouse as Record<string, Record<Profile, LighthouseResult>> | undefined;
  const machineLoad = r.lighthouseLoad as { before: number; after: number } | undefined;
  if (lighthouse) {
    out.push(
      '',
      '## 2b. Lighthouse 12 (performance score)',
      '',
      "Lighthouse's mobile profile (simulated slow 4G, 4× CPU, 412×823 phone) and its desktop preset, against the production build with 60 demo mics; targets ≥ 80 mobile, ≥ 98 desktop. Median score (min–max) and the median metrics.",
      '',
      ...(machineLoad
        ? [
            `Machine load (1-minute average, 2 cores) at the start: ${machineLoad.before.toFixed(1)}, at the end: ${machineLoad.after.toFixed(1)}.`,
            '',
          ]
        : []),
      '| Page | Profile | Score | FCP ms | LCP ms | TBT ms | CLS | Speed index ms | |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const [page, profiles] of Object.entries(lighthouse)) {
      for (const [profile, m] of Object.entries(profiles) as [Profile, LighthouseResult][]) {
        const target = profile === 'mobile' ? 80 : 98;
        out.push(
          `| ${page} | ${profile} | ${m.score.median} (${m.score.min}–${m.score.max}, ${m.score.runs} runs) | ${m.fcpMs.median} | ${m.lcpMs.median} | ${m.tbtMs.median} | ${m.cls.median} | ${m.speedIndexMs.median} | ${ok(m.score.median >= target)} |`,
        );
      }
    }
  }

  out.push(...cityLighthouseReport((r.lighthouseCity as LighthouseBlock[] | undefined) ?? []));

  const scale = r.mapScale as MapScaleResult[] | undefined;
  if (scale) {
    out.push(
      '',
      '## 3. Map at scale',
      '',
      'Target at 10,000 mics: ≥ 50 fps average, p95 frame ≤ 34 ms during a scripted pan and zoom. "Every mic on the map" is the first full draw: the page now reads the hub\'s inventory in one response; before the hub it walked /api/v1/mics page by page (1055 ms at 5,000 mics, 1417 ms at 10,000).',
      '',
    );
    out.push('| Mics | Every mic on the map | fps | p95 frame | |', '|---|---|---|---|---|');
    for (const s of scale) {
      out.push(
        `| ${s.mics} | ${fmt(s.allOnMapMs, ' ms')} | ${fmt(s.fps)} | ${fmt(s.p95FrameMs, ' ms')} | ${ok(s.fps.median >= 50 && s.p95FrameMs.median <= 34)} |`,
      );
    }
  }

  const soak = r.soak as SoakResult | undefined;
  if (soak) {
    out.push(
      '',
      '## 4. Wall soak',
      '',
      `${soak.cycles} live pushes of new events to the wall (the hub reading the edge every ${soak.pushEverySeconds} s while the demo edge produced an event every 0.2 s). Targets: heap growth ≤ 2 MB, nodes and listeners flat within 1 %.`,
      '',
    );
    out.push(`| Measure | First sample | Last sample | Growth | |`, '|---|---|---|---|---|');
    const first = soak.samples[0]!;
    const last = soak.samples[soak.samples.length - 1]!;
    out.push(
      `| JS heap after GC | ${first.heapMb} MB | ${last.heapMb} MB | ${soak.heapGrowthMb} MB | ${ok(soak.heapGrowthMb <= 2)} |`,
    );
    out.push(
      `| DOM nodes | ${first.nodes} | ${last.nodes} | ${soak.nodesGrowthPct} % | ${ok(Math.abs(soak.nodesGrowthPct) <= 1)} |`,
    );
    out.push(
      `| Event listeners | ${first.listeners} | ${last.listeners} | ${soak.listenersGrowthPct} % | ${ok(Math.abs(soak.listenersGrowthPct) <= 1)} |`,
    );
    out.push(
      '',
      'Samples (cycle: heap MB / nodes / listeners): ' +
        soak.samples.map((s) => `${s.cycle}: ${s.heapMb}/${s.nodes}/${s.listeners}`).join(', '),
    );
  }

  const server = r.server as
    | {
        mics: number;
        events: number;
        concurrency: number;
        lists: LatencyResult[];
        single?: LatencyResult[];
        proxy: Record<string, number | string>;
      }
    | undefined;
  if (server) {
    out.push(
      '',
      '## 5. Server',
      '',
      `${server.mics.toLocaleString('en')} mics, ${server.events.toLocaleString('en')} events, through the console (proxy + demo edge in one Node process, 2 cores). Target: p95 ≤ 50 ms.`,
    );
    out.push(
      "One client shows each call's own latency; eight concurrent clients show throughput, and their latency includes queueing behind each other on the one event loop.",
      '',
    );
    out.push(
      '| List call | 1 client p50 / p95 ms | 8 clients p50 / p95 ms | 8 clients req/s | p95 ≤ 50: 1 / 8 clients |',
      '|---|---|---|---|---|',
    );
    server.lists.forEach((l, i) => {
      const one = server.single?.[i];
      const single = one === undefined ? '–' : `${one.p50Ms} / ${one.p95Ms}`;
      const verdict = `${one === undefined ? '–' : ok(one.p95Ms <= 50)} / ${ok(l.p95Ms <= 50)}`;
      out.push(`| ${l.name} | ${single} | ${l.p50Ms} / ${l.p95Ms} | ${l.requestsPerSecond} | ${verdict} |`);
    });
    const p = server.proxy;
    out.push(
      '',
      `Proxy overhead on \`${String(p.path)}\` (sequential, alternating): direct p50 ${p.directP50Ms} ms, through the console p50 ${p.proxiedP50Ms} ms, added **${p.addedP50Ms} ms** (target ≤ 1 ms): ${ok(Number(p.addedP50Ms) <= 1)}.`,
    );
  }

  const fresh = r.freshness as FreshnessResult | undefined;
  if (fresh) {
    out.push(
      '',
      '## 6. Freshness',
      '',
      `From the demo edge storing an event to /wall showing it, ${fresh.events} events at random moments. ${
        fresh.live === true
          ? 'The wall is pushed by the hub, which asks the edge for events once a second (HUB_EVENTS_INTERVAL_MS).'
          : `The wall polls every ${fresh.refreshSeconds} s.`
      } Target: median ≤ 1500 ms, p95 ≤ 2500 ms (before the hub: median 1962 ms, max 4688 ms at a 5 s refresh).`,
      '',
    );
    const p95 = fresh.p95Ms ?? Number.NaN;
    out.push(
      `Delay: ${fmt(fresh.delayMs as Summary, ' ms')}, p95 ${p95} ms: ${ok(fresh.delayMs.median <= 1500 && p95 <= 2500)}.`,
    );
  }

  const edge = r.edgeLoad as EdgeLoadResult | undefined;
  if (edge) {
    out.push(
      '',
      '## 7. Edge load against screens',
      '',
      `Requests reaching the demo edge per minute, counted at the edge over ${edge.minutes} min after the screens had loaded. Target: 20 screens ≤ 1.2 × 1 screen (before the hub each screen polled the edge itself: about 20 ×).`,
      '',
      '| Screens | Requests per minute | By path |',
      '|---|---|---|',
      `| 1 (a wall) | ${edge.oneScreen.requestsPerMinute} | ${Object.entries(edge.oneScreen.byPath)
        .map(([p, n]) => `${p} ${n}`)
        .join(', ')} |`,
      `| ${edge.twentyScreens.screens} (${edge.twentyScreens.mix}) | ${edge.twentyScreens.requestsPerMinute} | ${Object.entries(
        edge.twentyScreens.byPath,
      )
        .map(([p, n]) => `${p} ${n}`)
        .join(', ')} |`,
      '',
      `Ratio **${edge.ratio}**: ${ok(edge.ratio <= 1.2)}.`,
      '',
      `Of these, browsers' own calls through the gateway per minute (the rest is the hub): 1 screen ${screenCalls(edge.oneScreen.byScreen)}; 20 screens ${screenCalls(edge.twentyScreens.byScreen)}.`,
    );
  }
  const backfill = r.backfill as BackfillResult | undefined;
  if (backfill) {
    out.push(
      '',
      '## 8. Insights back-fill and corroboration',
      '',
      `The console's back-fill of ${backfill.days} days of hourly counts from a demo edge of ${backfill.mics.toLocaleString('en')} mics and ${backfill.events.toLocaleString('en')} events (its seeded history spans 7 days), into an empty SQLite console database, at BACKFILL_MAX_RPS=${backfill.rps}; the time at the default of 5 requests a second is its requests / 5 (at that rate the edge, not the console, is the limit).`,
      '',
      '| What | Figure |',
      '|---|---|',
      `| Back-fill time at ${backfill.rps} req/s | ${backfill.seconds} s |`,
      `| Edge requests | ${backfill.requests.toLocaleString('en')} |`,
      `| Back-fill time at the default 5 req/s | ${backfill.secondsAtDefaultRps.toLocaleString('en')} s (${(backfill.secondsAtDefaultRps / 3600).toFixed(1)} h) |`,
      `| Events counted | ${backfill.countedEvents.toLocaleString('en')} |`,
      `| Chunks cut short at the smallest size | ${backfill.truncatedChunks} |`,
      `| GET /api/insights/corroboration, events page of 100 | ${fmt(backfill.corroboration, ' ms')} |`,
    );
  }
  const atRest = r.corroborationAtRest as CorroborationAtRest | undefined;
  if (atRest) {
    out.push(
      '',
      '### Corroboration at rest',
      '',
      `GET /api/insights/corroboration for an events page of 100 (what the events page asks beside its list), on a console at rest over a demo edge of ${atRest.mics.toLocaleString('en')} mics and ${atRest.events.toLocaleString('en')} events, no back-fill running, calls one at a time: ${fmt(atRest.latency, ' ms')}, p95 ${atRest.p95Ms} ms. Target p95 ≤ 250 ms (one extra edge query of at most 5 pages, as the events page's own list): ${ok(atRest.p95Ms <= 250)}.`,
    );
  }
  out.push(...backfillCityReport(r.backfillCity as BackfillCityResult | undefined));
  const locate = r.locate as LocateResult[] | undefined;
  if (locate) out.push(...locateReport(locate));
  const evidence = r.evidence as EvidenceResult | undefined;
  if (evidence) {
    out.push(
      '',
      '## 10. Evidence pack',
      '',
      `POST /api/evidence/composite-events/{id} for an incident heard by ${evidence.clips} mics (${evidence.clips} clips of 2 s, 16 kHz, synthesised by the demo edge; a ZIP of ${evidence.zipKb} kB with the timeline, review, audit and manifest), on a console over the embedded demo edge. Goal: under 5 s.`,
      '',
      '| Export | Time | |',
      '|---|---|---|',
      `| First, every clip read from the edge | ${fmt(evidence.coldMs, ' ms')} | ${ok(evidence.coldMs.max < 5000)} |`,
      `| Again, clips from the console's cache | ${fmt(evidence.warmMs, ' ms')} | ${ok(evidence.warmMs.max < 5000)} |`,
    );
  }
  const cluster = r.cluster as ClusterResult | undefined;
  if (cluster) out.push(...clusterReport(cluster));
  const alerts = r.alerts as AlertsResult | undefined;
  if (alerts) out.push(...alertsReport(alerts));
  out.push('', '## Where a budget is missed, and why', '', ...MISSES);
  return `${out.join('\n')}\n`;
}

function screenCalls(byScreen: Record<string, number> | undefined): string {
  if (byScreen === undefined) return 'not counted';
  const entries = Object.entries(byScreen);
  return entries.length === 0 ? 'none' : entries.map(([kind, n]) => `${kind} ${n}`).join(', ');
}

/** Known reasons behind budgets the current build misses, kept with the report so every run explains itself. */
const MISSES = [
  '- **LCP at 4× CPU.** Nothing can paint before the first-paint script has run: 160 kB gzip, about 520 kB of JavaScript (React DOM 200 kB, React Router 90 kB, Mantine core 90 kB, TanStack Query 30 kB, zod 24 kB), which takes 230–400 ms to evaluate at 4×; then the page chunk, the full Mantine stylesheet (41 kB gzip) and the data. Done for this report: route chunks and stylesheets preloaded from the HTML, precompressed assets (brotli 11) instead of per-request compression, one shared tooltip instead of one per table cell, cached Intl formatters, closed dropdowns unmounted, the map chunk and the date pickers loaded after the first paint. Against the previous report (1856, 1608, 1260 and 1236 ms), LCP fell by 7–23 % on /mics and /wall and stayed within the noise on /map and the timeline; TBT fell by about 40 % on /mics (482 → under 300 ms) and the timeline (327 → under 200 ms). /wall now sits at the line: 956 ms in one full run, 1040–1052 ms in the next two, on this shared machine. Going well under 1 s on every page needs either server-side rendering of the page shell or a lighter component library than Mantine, larger changes than a budget fix. /mics also waits for its data: its largest element is a cell of the table, so its LCP includes the list request and rendering 25 rows.',
  '- **Server latency with eight concurrent clients.** The console proxy and the embedded demo edge share one Node event loop, and the load generator runs on the same two cores. A list call costs the server a few milliseconds of CPU (an event page is about 60 kB of JSON, compressed on the way out), so eight requests in flight queue behind each other. With one client every list call meets the budget.',
];
