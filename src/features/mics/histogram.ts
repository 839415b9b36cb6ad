export interface Histogram {
  /** Count per bin; bin i covers [i/bins, (i+1)/bins), the last one includes 1. */
  counts: number[];
  total: number;
  max: number;
}

export function confidenceHistogram(confidences: readonly number[], bins = 20): Histogram {
  const counts = Array.from({ length: bins }, () => 0);
  let total = 0;
  for (const c of confidences) {
    if (!Number.isFinite(c)) continue;
    const clamped = Math.min(1, Math.max(0, c));
    const index = Math.min(bins - 1, Math.floor(clamped * bins));
    counts[index]! += 1;
    total += 1;
  }
  return { counts, total, max: Math.max(0, ...counts) };
}

/** How many of the events a threshold would have let through ("at or above"). */
export function countAtOrAbove(confidences: readonly number[], threshold: number): number {
  return confidences.filter((c) => c >= threshold).length;
}
