import { describe, expect, it } from 'vitest';
import { poissonUpperTail } from './poisson.js';
import { flagged, judge, MIN_EXPECTED, rollUp, type Observation } from './unusual.js';

const obs = (micId: string, observed: number, expected: number, labelId = 'horn'): Observation => ({
  micId,
  labelId,
  observed,
  expected,
  borrowed: false,
});

describe('unusual now', () => {
  it('flags only p strictly below the threshold: exactly at it is not unusual', () => {
    const p = judge(6, 1);
    expect(flagged([obs('a', 6, 1)], p)).toEqual([]);
    expect(flagged([obs('a', 6, 1)], p * (1 + 1e-9))).toHaveLength(1);
  });

  it('floors what was expected, so one event of a never-heard label is ordinary and three are not', () => {
    expect(judge(1, 0)).toBeCloseTo(1 - Math.exp(-MIN_EXPECTED), 12);
    expect(flagged([obs('a', 1, 0), obs('b', 2, 0)], 0.001)).toEqual([]);
    expect(flagged([obs('a', 3, 0)], 0.001).map((o) => o.micId)).toEqual(['a']);
  });

  it('orders the flagged ones most unusual first', () => {
    const out = flagged([obs('a', 8, 1), obs('b', 12, 1), obs('c', 2, 1)], 0.001);
    expect(out.map((o) => o.micId)).toEqual(['b', 'a']);
  });

  it('rolls mics up by group and label, and can flag a group none of whose mics is unusual alone', () => {
    const four = ['a', 'b', 'c', 'd'].map((id) => obs(id, 5, 1));
    expect(flagged(four, 0.001)).toEqual([]);
    const groups = rollUp(
      [...four, obs('x', 1, 1), obs('e', 5, 1, 'siren')],
      (id) => (id === 'x' ? undefined : 'g'),
      0.001,
    );
    expect(groups).toEqual([
      { id: 'g', labelId: 'horn', observed: 20, expected: 4, p: poissonUpperTail(20, 4), micIds: ['a', 'b', 'c', 'd'] },
    ]);
  });
});
