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
    "How. Four mics with millisecond timestamps are fitted on times and levels together: every place the times allow with all four clocks or with one doubted, scored by the times (each clock normal, 3 ms, or off at a fixed cost), by the levels, and by what the sound's other repeats say of which clock is off (a clock off stays off: each repeat heard by four mics or more votes, and three mics do not time a sound with a clock the repeats show off); from five mics on the times alone name the clock. The levels' model: each level normal (1 dB) about 20·log10(distance) below one source level, fitted between the readings and the category's typical level (scream 130, call for help 128, glass 135, siren 140, gunshot 155, explosion 165 dB at 1 m, ±2.5 dB); at most one mic reading 3–20 dB low behind a wall, summed over which. With whole seconds the levels place the sound, the repeats of one sound heard by the same mics share the place, the source and the wall unless they fit clearly better apart (a siren going by), and the seconds say when the sound could have been made: a sound made at T0 is stamped T0 + distance / 343 m/s cut to the second, so each mic's stamp allows a second's worth of moments, and a place is as likely as the moments every stamp allows at once (none where the stamps' order is broken; one clock off leaves its mic out, at its 15 % chance). The place given by the levels is the one with the most of the posterior within 40 m of it (`SEND_WITHIN_M`), where that differs from the fitted point by more than 10 m: the levels of four mics often allow a near and a far place, and a point between them is closer to the truth whichever it is.",
    '',
    "Why the whole-second misses. At 60 mics every sound heard by four mics or more is heard by exactly four (the nearest a median 88 m away, the others hundreds), often from outside them: four levels of 1 dB (12 % of a distance) and a source level known to ±2.5 dB leave near and far places along the mics' axis. The errors are in the readings, not the search: counted at 703d270 (the seconds then only ordered the mics), of the 383 level estimates of such sounds 83 were more than 50 m off, and for 72 of them the estimated place explained the sound's own readings better than the true place did under the solver's model (median by 1.5 in log-likelihood, 4.4 to 1), so no estimator using these readings could pick the truth; the p90 needs at most 38. Scoring the moments the stamps allow, rather than their order alone, takes a little of that ambiguity away, not most of it. Giving the place most likely within 40 m instead of the likeliest point (2026-11-29) hedges between the two places where they lie close enough: whole seconds, 4+ mics at 60 / 160 mics, p90 81.9 → 70.7 / 76.8 → 65.9 m with medians 19.8 → 22.4 / 20.2 → 22.2 m; one mic shaded p90 118.2 → 109.4 / 156 → 105.4 m; at 160 mics five mics or more with one shaded now meet the goal (p90 57 → 42.7 m). Other distances tried (30, 45, 50, 60, 75, 100 m): the p90 falls no lower than 62.7 m (at 50 m, 160 mics) and the medians rise past 25 m from 60 m on. The stated radius says so (it holds the truth in 98 % of these sounds). At 160 mics, five mics or more meet the goal; with one mic behind a wall the other three (and the category's level) are what is left. Meeting the goal at the demo's density needs more mics around each sound or finer timestamps; the demo's physics is left as it is.",
  );
  return out;
}
