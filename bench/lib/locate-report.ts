import type { LocateBucket, LocateResult } from './locate';

/** The goals: error in metres for sounds four mics or more heard, and the share inside the stated radius. */
export const LOCATE_GOALS = {
  milliseconds: { medianM: 5, p90M: 10 },
  wholeSeconds: { medianM: 25, p90M: 50 },
  inRadius: 0.9,
};

const ok = (pass: boolean) => (pass ? 'meets' : '**misses**');

function row(timestamps: string, name: string, b: LocateBucket, goal: { medianM: number; p90M: number } | null) {
  const methods = Object.entries(b.methods)
    .sort((x, y) => y[1] - x[1])
    .map(([m, n]) => `${m} ${n}`)
    .join(', ');
  const verdicts: string[] = [];
  if (goal !== null && b.estimates > 0) verdicts.push(`error ${ok(b.medianM <= goal.medianM && b.p90M <= goal.p90M)}`);
  if (b.estimates > 0 && (name === 'all' || name === '4+ mics')) {
    verdicts.push(`radius ${ok(b.inRadius >= LOCATE_GOALS.inRadius)}`);
  }
  const share = b.estimates === 0 ? '–' : `${(b.inRadius * 100).toFixed(1)} %`;
  const metres = (v: number) => (b.estimates === 0 ? '–' : String(v));
  return `| ${timestamps} | ${name} | ${b.estimates} | ${metres(b.medianM)} | ${metres(b.p90M)} | ${share} | ${metres(b.medianRadiusM)} | ${methods} | ${verdicts.join(', ')} |`;
}

/** Section 9 of bench/RESULTS.md: the locator against the demo's true places, one table per mic layout. */
export function locateReport(results: readonly LocateResult[]): string[] {
  const { milliseconds: ms, wholeSeconds: s, inRadius } = LOCATE_GOALS;
  const out = [
    '',
    '## 9. Locating sounds',
    '',
    `Each incident of a seeded demo week located as \`GET /api/insights/composite-events/:id/source\` locates a composite event (its base events grouped into one estimate per sound), against the true place the demo keeps aside; once with the stored millisecond timestamps, once with them cut to whole seconds (levels only). Estimates are grouped by how many mics heard the sound; "one clock off" and "one mic shaded" are the sounds where the demo put one hearing mic's clock 150–600 ms off, or one mic behind a wall (6–12 dB low). Goals: four mics or more, milliseconds: median ≤ ${ms.medianM} m and p90 ≤ ${ms.p90M} m; whole seconds: median ≤ ${s.medianM} m and p90 ≤ ${s.p90M} m; the truth inside the stated radius ≥ ${inRadius * 100} % of the time.`,
  ];
  for (const r of results) {
    out.push(
      '',
      `### ${r.mics} demo mics (${r.events.toLocaleString('en')} events: ${r.incidents.toLocaleString('en')} incidents, ${r.sounds.toLocaleString('en')} sounds)`,
      '',
      `Time per estimate, on average: ${r.msPerEstimate.milliseconds} ms with millisecond timestamps, ${r.msPerEstimate.wholeSeconds} ms with whole seconds (the levels' posterior is a grid search).`,
      '',
      '| Timestamps | Sounds heard by | Estimates | Median error m | p90 error m | Truth in radius | Median radius m | Methods | |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const [name, b] of Object.entries(r.milliseconds)) {
      out.push(row('ms', name, b, name.startsWith('4+') || name.startsWith('5+') ? ms : null));
    }
    for (const [name, b] of Object.entries(r.wholeSeconds)) {
      out.push(row('whole s', name, b, name.startsWith('4+') || name.startsWith('5+') ? s : null));
    }
  }
  out.push(
    '',
    "Why the misses. With millisecond timestamps a sound heard by four mics has one reading more than the three unknowns (place and instant): a clock that is off shows, but four mics cannot always tell whose it is. The levels then choose, and the places they cannot rule out stay inside the radius (so the radius holds where the error is large); from five mics on the search for outliers names the wrong clock and the goal is met. With whole seconds only the levels place a sound, and 1 dB of scatter on a level is 12 % of a distance: at the demo's spacing (a few hundred metres between its 3–4 mics a site) that is tens of metres, and a near and a far place often fit four levels alike; a mic behind a wall among four cannot be told from the others at all. The radius says so (its median is a few hundred metres, and the truth lies within it in almost every case), but the error goals need more mics around each sound or finer timestamps. The radius is the model's own, not calibrated on these results: it assumes 1.5 dB of scatter where the demo has 1 dB, and 3 ms between clocks where the demo has ±3.",
  );
  return out;
}
