import { describe, expect, it } from 'vitest';
import { poissonUpperTail } from './poisson.js';

describe('Poisson upper tail', () => {
  it('is 1 for zero observed events, whatever was expected', () => {
    expect(poissonUpperTail(0, 0)).toBe(1);
    expect(poissonUpperTail(0, 7)).toBe(1);
  });

  it('matches hand-computed values: P(X ≥ 1 | 1) = 1 − e⁻¹, P(X ≥ 3 | 0.5)', () => {
    expect(poissonUpperTail(1, 1)).toBeCloseTo(1 - Math.exp(-1), 12);
    const below = Math.exp(-0.5) * (1 + 0.5 + 0.125);
    expect(poissonUpperTail(3, 0.5)).toBeCloseTo(1 - below, 12);
  });

  it('keeps tiny tails instead of rounding them to zero', () => {
    // P(X ≥ 12 | 0.25) ≈ e^-0.25 · 0.25^12 / 12! (the first term dominates).
    const first = (Math.exp(-0.25) * 0.25 ** 12) / 479_001_600;
    const p = poissonUpperTail(12, 0.25);
    expect(p).toBeGreaterThan(first);
    expect(p).toBeLessThan(first * 1.03);
  });

  it('says an event with nothing expected is certain to be unusual', () => {
    expect(poissonUpperTail(1, 0)).toBe(0);
  });

  it('falls as more events are seen and rises as more are expected', () => {
    expect(poissonUpperTail(5, 2)).toBeLessThan(poissonUpperTail(4, 2));
    expect(poissonUpperTail(5, 3)).toBeGreaterThan(poissonUpperTail(5, 2));
    expect(poissonUpperTail(400, 300)).toBeGreaterThan(0);
    expect(poissonUpperTail(400, 300)).toBeLessThan(1e-7);
  });
});
