export interface Summary {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index]!;
}

export function summarize(values: number[], digits = 1): Summary {
  const round = (n: number) => Math.round(n * 10 ** digits) / 10 ** digits;
  return {
    median: round(quantile(values, 0.5)),
    min: round(Math.min(...values)),
    max: round(Math.max(...values)),
    runs: values.length,
  };
}

export const fmt = (s: Summary, unit = '') => `${s.median}${unit} (min ${s.min}, max ${s.max}, ${s.runs} runs)`;
