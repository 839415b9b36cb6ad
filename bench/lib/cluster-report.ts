import type { ClusterResult } from './cluster';
import { fmt } from './stats';

const ok = (pass: boolean) => (pass ? 'meets' : '**misses**');
const paths = (byPath: Record<string, number>) =>
  Object.entries(byPath)
    .map(([p, n]) => `${p} ${n}`)
    .join(', ');

/** The RESULTS.md section for `--only cluster`. */
export function clusterReport(c: ClusterResult): string[] {
  const { edgeLoad: e, failover: f, fanout: o } = c;
  const out = [
    '',
    '## 11. Cluster: one reader of the edge',
    '',
    `Console processes (the production build) on one PostgreSQL, proxying to a demo edge of 60 mics in the bench's process, which stores an event every 2 s (a label no composite rule takes, so the streams carry events alone); ${e.screensPerReplica} live screens (bench-held /live streams) on every replica; requests counted at the edge over ${e.minutes} min each, after 10 s of warm-up. Target: 3 replicas ≤ 1.1 × 1.`,
    '',
    '| Replicas | Requests per minute | By path |',
    '|---|---|---|',
    `| 1 | ${e.one.requestsPerMinute} | ${paths(e.one.byPath)} |`,
    `| 3 on one PostgreSQL | ${e.three.requestsPerMinute} | ${paths(e.three.byPath)} |`,
  ];
  if (e.separate !== null) {
    out.push(
      `| 3, each on its own SQLite (each reads the edge, as before) | ${e.separate.requestsPerMinute} | ${paths(e.separate.byPath)} |`,
    );
  }
  out.push(
    '',
    `Ratio **${e.ratio}**: ${ok(e.ratio <= 1.1)}${e.separateRatio === null ? '' : ` (each replica reading for itself: ${e.separateRatio})`}.`,
    '',
    `Failover: the reader killed with SIGKILL ${f.kills} times while the demo edge stored an event every 100 ms, a screen on every replica (the killed one restarted after each round). Another replica's /readyz says it reads the edge after ${fmt(f.takeoverMs, ' ms')}; every surviving replica's screens hold an event stored after the kill ${fmt(f.firstEventMs, ' ms')} after it (the hub reads events once a second). Target ≤ 10 s: ${ok(f.firstEventMs.max <= 10_000)}. Events received twice: ${f.repeats}; missed: ${f.missing}.`,
    '',
    `Fan-out: one replica with ${o.subscribers.toLocaleString('en')} /live subscribers (20 of them read whole for delays, from the edge storing an event to its arrival; the others counted), the edge storing events at a steady rate for 10 s each; the hub reads them once a second. The edge and the thousand subscribers run in the bench's process, on the same 2 cores as the console. Sustained: **${o.sustainedPerSecond} events per second** to every subscriber (${Math.round(o.sustainedPerSecond * o.subscribers).toLocaleString('en')} deliveries per second) with p95 delay ≤ 2.5 s. Memory per subscriber: ${o.memoryPerSubscriberKb.heap} kB of heap, ${o.memoryPerSubscriberKb.rss} kB resident.`,
    '',
    '| Asked | Stored per second | Received per subscriber per second | Deliveries per second | All got all | Delay p50 | Delay p95 |',
    '|---|---|---|---|---|---|---|',
    ...o.rates.map(
      (r) =>
        `| ${r.targetPerSecond}/s | ${r.storedPerSecond} | ${r.receivedPerSecond} | ${r.deliveriesPerSecond.toLocaleString('en')} | ${r.complete ? 'yes' : '**no**'} | ${r.p50DelayMs} ms | ${r.p95DelayMs} ms |`,
    ),
  );
  if (o.rates.some((r) => !r.complete)) {
    out.push(
      '',
      "Where not every subscriber got every event the figure is the machine's more than the console's: the bench's own process (the edge storing the events and the thousand subscribers reading them) shares the cores with it, and the two cannot be told apart here; a subscriber that falls 8 MB behind is let go by the console, so \"all got all\" fails once either side lags.",
    );
  }
  return out;
}
