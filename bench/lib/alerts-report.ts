import type { AlertsResult } from './alerts';
import { fmt } from './stats';

const ok = (pass: boolean) => (pass ? 'meets' : '**misses**');

/** The RESULTS.md section for `--only alerts`. */
export function alertsReport(a: AlertsResult): string[] {
  const { latency: l, burst: b } = a;
  const perRun = l.runs.map((r) => `${r.medianMs}/${r.p95Ms}`).join(', ');
  return [
    '',
    '## 12. Alerts out',
    '',
    `The production build on SQLite (as \`npm start\`), reading a demo edge of 60 mics in the bench's process (the hub's default 1 s reads), with rules and webhook channels from an ALERTS_FILE; a webhook receiver on loopback. Latency: a gunshot stored at the edge, one at a time with a random 0.3–1.2 s between, to its alert's arrival at the receiver; ${l.runs.length} runs of ${l.runs[0]?.samples ?? 0}. Targets: median ≤ 1.5 s, p95 ≤ 2.5 s.`,
    '',
    '| Store → webhook | Median of runs | |',
    '|---|---|---|',
    `| Median | ${fmt(l.medianMs, ' ms')} | ${ok(l.medianMs.median <= 1500)} |`,
    `| p95 | ${fmt(l.p95Ms, ' ms')} | ${ok(l.p95Ms.median <= 2500)} |`,
    '',
    `Per run (median/p95 ms): ${perRun}.`,
    '',
    `Burst, ${b.runs.length} times, each in a minute of its own: ${b.detections.toLocaleString('en')} explosions stored over about 1 s (10 every 10 ms) at 56 mics (56 incidents) against a rule capped at ${b.stormCap} alerts a minute. Pages timed by a thread of the bench's own (the edge storing the burst shares the bench's main thread), one call after another every 100 ms: 10 s at rest before, and from the burst's start for about 11 s. Load average at the end: ${a.loadAverage.toFixed(1)} on a shared machine.`,
    '',
    '| Burst | Alerts sent | Updates | Summary (detections held back) | /healthz p50 / p95, rest → burst | /api/v1/mics p50 / p95, rest → burst |',
    '|---|---|---|---|---|---|',
    ...b.runs.map((r, i) => {
      const page = (name: string) => {
        const p = r.pages[name]!;
        return `${p.rest.p50} / ${p.rest.p95} → ${p.burst.p50} / ${p.burst.p95} ms`;
      };
      return `| ${i + 1} | ${r.alerts} ${ok(r.alerts <= b.stormCap)} | ${r.updates} | ${r.summaries} (${r.suppressed ?? '–'}) | ${page('/healthz')} | ${page('/api/v1/mics')} |`;
    }),
  ];
}
