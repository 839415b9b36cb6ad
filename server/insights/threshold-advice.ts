export interface Scored {
  confidence: number;
  /** Likely real: corroborated by a neighbour, or part of a composite event. Else likely noise. */
  real: boolean;
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
  const real = events
    .filter((e) => e.real)
    .map((e) => e.confidence)
    .sort((a, b) => b - a);
  if (real.length < rules.minReal || days <= 0) return null;
  const suggested = real[Math.ceil(rules.keepShare * real.length) - 1]!;
  if (!(suggested > current)) return null;
  const after = events.filter((e) => e.confidence >= suggested).length;
  if (after === events.length) return null;
  return {
    suggested,
    real: real.length,
    noise: events.length - real.length,
    kept_real: real.filter((c) => c >= suggested).length,
    events_per_day_now: perDay(events.length, days),
    events_per_day_after: perDay(after, days),
  };
}
