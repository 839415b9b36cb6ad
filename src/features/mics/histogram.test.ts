import { describe, expect, it } from 'vitest';
import { confidenceHistogram, countAtOrAbove } from './histogram';

describe('confidence histogram', () => {
  it('puts each confidence in its bin, with 1 in the last bin', () => {
    const h = confidenceHistogram([0, 0.04, 0.05, 0.5, 0.99, 1], 20);
    expect(h.counts[0]).toBe(2);
    expect(h.counts[1]).toBe(1);
    expect(h.counts[10]).toBe(1);
    expect(h.counts[19]).toBe(2);
    expect(h.total).toBe(6);
    expect(h.max).toBe(2);
    expect(h.counts.reduce((a, b) => a + b, 0)).toBe(6);
  });

  it('clamps values outside 0..1 and ignores non-numbers', () => {
    const h = confidenceHistogram([-0.2, 1.4, Number.NaN], 10);
    expect(h.counts[0]).toBe(1);
    expect(h.counts[9]).toBe(1);
    expect(h.total).toBe(2);
  });

  it('is empty for no events', () => {
    expect(confidenceHistogram([], 5)).toEqual({ counts: [0, 0, 0, 0, 0], total: 0, max: 0 });
  });

  it('counts events at or above the threshold, inclusive', () => {
    expect(countAtOrAbove([0.5, 0.7, 0.75, 0.9], 0.75)).toBe(2);
    expect(countAtOrAbove([0.5, 0.7], 0)).toBe(2);
    expect(countAtOrAbove([0.5, 0.7], 1)).toBe(0);
  });
});
