import { describe, expect, it } from 'vitest';
import { adviseThreshold, type Scored } from './threshold-advice.js';

const rules = { keepShare: 0.95, minReal: 20 };
const real = (c: number): Scored => ({ confidence: c, real: true });
const noise = (c: number): Scored => ({ confidence: c, real: false });
/** 20 real events at 0.61 … 0.80, and noise at 0.55. */
const twenty = Array.from({ length: 20 }, (_, i) => real(Math.round((0.61 + i * 0.01) * 100) / 100));

describe('threshold advice', () => {
  it('suggests the highest threshold keeping 95 % of the real events, with the cut per day', () => {
    const advice = adviseThreshold([...twenty, ...Array.from({ length: 30 }, () => noise(0.55))], 0.5, 10, rules);
    // ⌈0.95 · 20⌉ = 19 kept: the 19th most confident is 0.62; 0.61 is the one let go.
    expect(advice).toEqual({
      suggested: 0.62,
      real: 20,
      noise: 30,
      kept_real: 19,
      events_per_day_now: 5,
      events_per_day_after: 1.9,
    });
  });

  it('keeps every real event tied at the suggestion', () => {
    const tied = [...Array.from({ length: 19 }, () => real(0.7)), real(0.6), noise(0.5)];
    expect(adviseThreshold(tied, 0.4, 1, rules)).toMatchObject({ suggested: 0.7, kept_real: 19 });
  });

  it('says nothing when the suggestion is exactly the current threshold or below it', () => {
    const events = [...twenty, noise(0.61)];
    expect(adviseThreshold(events, 0.62, 14, rules)).toBeNull();
    expect(adviseThreshold(events, 0.619, 14, rules)).toMatchObject({ suggested: 0.62 });
    expect(adviseThreshold(events, 0.7, 14, rules)).toBeNull();
  });

  it('says nothing with fewer than 20 real events, or with no event at all', () => {
    expect(adviseThreshold(twenty.slice(1), 0, 14, rules)).toBeNull();
    expect(adviseThreshold([real(0.9)], 0, 14, rules)).toBeNull();
    expect(adviseThreshold([], 0, 14, rules)).toBeNull();
  });

  it('weighs grouped events as the single ones they stand for', () => {
    const grouped: Scored[] = [
      { confidence: 0.8, real: true, n: 19 },
      { confidence: 0.61, real: true, n: 1 },
      { confidence: 0.55, real: false, n: 30 },
    ];
    expect(adviseThreshold(grouped, 0.5, 10, rules)).toMatchObject({
      suggested: 0.8,
      real: 20,
      noise: 30,
      kept_real: 19,
    });
  });

  it('says nothing when raising would cut nothing', () => {
    const same = Array.from({ length: 20 }, () => real(0.8));
    expect(adviseThreshold(same, 0.5, 14, rules)).toBeNull();
  });
});
