export interface Scored {
  confidence: number;
  /** Likely real: corroborated by a neighbour, or part of a composite event. Else likely noise. */
  real: boolean;
  /** How many events share this confidence and kind (1 when omitted). */
  n?: number;
}

export interface Advice {
  suggested: number;
  real: number;
  noise: number;
  kept_real: number;
  events_per_day_now: number;
  events_per_day_after: number;
}

export interface AdviceRules {
  /** Share of likely-real events the suggestion must keep. */
  keepShare: number;
  /** Fewer likely-real events than this say too little to suggest anything. */
  minReal: number;
}

export const DEFAULT_ADVICE: AdviceRules = { keepShare: 0.95, minReal: 20 };

const perDay = (n: number, days: number) => Math.round((n / days) * 10) / 10;

/**
 * The highest threshold keeping at least `keepShare` of the likely-real events: the confidence of
 * the ⌈keepShare·n⌉-th most confident real event (every event at or above it is kept). Thresholds
 * can only go up from what the mic has (events below it were never stored), so it is advice only
 * when strictly above `current` and it actually cuts something.
 */
export function adviseThreshold(
  events: readonly Scored[],
  current: number,
  days: number,
  rules: AdviceRules,
): Advice | null {
  const weight = (e: Scored) => e.n ?? 1;
  const real = events.filter((e) => e.real).sort((a, b) => b.confidence - a.confidence);
  const realCount = real.reduce((s, e) => s + weight(e), 0);
  const total = events.reduce((s, e) => s + weight(e), 0);
  if (realCount < rules.minReal || days <= 0) return null;
  const keep = Math.ceil(rules.keepShare * realCount);
  let kept = 0;
  let suggested = current;
  for (const e of real) {
    kept += weight(e);
    if (kept >= keep) {
      suggested = e.confidence;
      break;
    }
  }
  if (!(suggested > current)) return null;
  const after = events.filter((e) => e.confidence >= suggested).reduce((s, e) => s + weight(e), 0);
  if (after === total) return null;
  return {
    suggested,
    real: realCount,
    noise: total - realCount,
    kept_real: real.filter((e) => e.confidence >= suggested).reduce((s, e) => s + weight(e), 0),
    events_per_day_now: perDay(total, days),
    events_per_day_after: perDay(after, days),
  };
}
