import type { BackfillCityResult } from './backfill-city';
import type { LighthouseBlock } from './city';
import type { Profile } from './lighthouse';

/** Goals of issue 32: on the city's edge and the demo alike. */
export const CITY_TARGETS = { mobile: 90, desktop: 98, tbtMsAt4x: 200 } as const;

/**
 * Section 2c: one row per page and profile, one column per build and data set, each the median
 * score (min–max) and the median total blocking time; judged on the last build given.
 */
export function cityLighthouseReport(blocks: LighthouseBlock[]): string[] {
  if (blocks.length === 0) return [];
  const out = [
    '',
    "## 2c. Lighthouse on a city's edge and on the demo",
    '',
    `Lighthouse 12 (mobile: simulated slow 4G and 4× CPU; desktop preset) on every page, against the small embedded demo (60 mics) and against a city's edge over HTTP (\`server/city-edge.ts\`: 2,400 mics named at length in Korean and English, 50,000 events a day for 28 days, the last day all unread, 1,000 composite events; the console starts with an empty database, so its insights back-fill reads the city's weeks while the pages are measured). For each data set the builds' consoles run at once and every page's runs alternate between them, so the machine's drifting load weighs on before and after alike. Targets: mobile ≥ ${CITY_TARGETS.mobile}, desktop ≥ ${CITY_TARGETS.desktop}, TBT at 4× ≤ ${CITY_TARGETS.tbtMsAt4x} ms. Each cell: median score (min–max) · median TBT ms.`,
    '',
    `Machine load (1-minute average, 2 cores, shared) per data set: ${blocks
      .filter((b, i) => blocks.findIndex((o) => o.dataset === b.dataset) === i)
      .map((b) => `${b.dataset} ${b.load.before.toFixed(1)}→${b.load.after.toFixed(1)}`)
      .join(', ')}.`,
    '',
  ];
  const last = blocks.filter((b) => b.build === blocks[blocks.length - 1]!.build);
  out.push(
    `| Page | Profile | ${blocks.map((b) => `${b.build}, ${b.dataset}`).join(' | ')} | |`,
    `|---|---|${blocks.map(() => '---').join('|')}|---|`,
  );
  const pages = Object.keys(blocks[0]!.pages);
  for (const page of pages) {
    for (const profile of ['mobile', 'desktop'] as Profile[]) {
      const cells = blocks.map((b) => {
        const m = b.pages[page]?.[profile];
        return m === undefined ? '' : `${m.score.median} (${m.score.min}–${m.score.max}) · ${m.tbtMs.median}`;
      });
      const meets = last.every((b) => {
        const m = b.pages[page]?.[profile];
        if (m === undefined) return false;
        const scoreOk = m.score.median >= CITY_TARGETS[profile];
        return profile === 'mobile' ? scoreOk && m.tbtMs.median <= CITY_TARGETS.tbtMsAt4x : scoreOk;
      });
      out.push(`| ${page} | ${profile} | ${cells.join(' | ')} | ${meets ? 'meets' : '**misses**'} |`);
    }
  }
  return out;
}

/** Section 8b: the back-fill at start-up on the city's edge, and the pages meanwhile. */
export function backfillCityReport(r: BackfillCityResult | undefined): string[] {
  if (r === undefined) return [];
  const out = [
    '',
    "## 8b. Insights back-fill at start-up on a city's edge",
    '',
    `A console with an empty database over the city's edge (section 2c: 50,000 events a day for 28 days), at the default BACKFILL_MAX_RPS of ${r.rps}. Sampled for ${r.sampleSeconds} s and extrapolated from the share of the 28 days covered (events are spread evenly over them).`,
    '',
    '| What | Figure |',
    '|---|---|',
    `| Edge requests in the sample | ${r.requests.toLocaleString('en')} (${(r.covered * 100).toFixed(2)} % of the 28 days, ${r.eventsCounted.toLocaleString('en')} events counted) |`,
    `| Edge requests for the whole first pass | about ${r.totalRequests.toLocaleString('en')} |`,
    `| Time for the whole first pass | about ${r.totalMinutes.toLocaleString('en')} min |`,
    '',
    "The pages' own requests through the console, one at a time at a screen's pace, without a back-fill and while it runs:",
    '',
    '| Request | Without: median (min–max) · p95 ms | During the back-fill | |',
    '|---|---|---|---|',
  ];
  for (const p of r.pages) {
    const cell = (s: BackfillCityResult['pages'][number]['idle']) => `${s.median} (${s.min}–${s.max}) · ${s.p95}`;
    // "Unaffected": the p95 during the walk within 20 % (or 10 ms) of the one without.
    const ok = p.during.p95 <= Math.max(p.idle.p95 * 1.2, p.idle.p95 + 10);
    out.push(`| ${p.name} | ${cell(p.idle)} | ${cell(p.during)} | ${ok ? 'meets' : '**misses**'} |`);
  }
  return out;
}
