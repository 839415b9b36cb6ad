/**
 * An edge stores an event a moment after it happened: a read at time T is taken to hold every
 * event from before T minus this, not every event before T.
 */
export const EDGE_STORE_LAG_MS = 5_000;

/** A stretch of time, [from, to] in epoch ms, whose every event has been read. */
export interface ReadSpan {
  from: number;
  to: number;
}

/** The spans joined where they overlap or touch, in time order; empty ones dropped. */
export function mergeSpans(spans: readonly ReadSpan[]): ReadSpan[] {
  const sorted = spans.filter((s) => s.to > s.from).sort((a, b) => a.from - b.from);
  const out: ReadSpan[] = [];
  for (const s of sorted) {
    const last = out.at(-1);
    if (last !== undefined && s.from <= last.to) last.to = Math.max(last.to, s.to);
    else out.push({ ...s });
  }
  return out;
}

/**
 * Whether every event that could corroborate one at `at` (its window, both sides) has been read:
 * until then its own mic alone is not an answer, only "not known yet".
 */
export function windowRead(at: number, windowMs: number, merged: readonly ReadSpan[]): boolean {
  return merged.some((s) => s.from <= at - windowMs && at + windowMs <= s.to);
}
