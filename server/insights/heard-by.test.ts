import { describe, expect, it } from 'vitest';
import { labelSpans } from './heard-by.js';

const ev = (id: string, at: number, labelId = 'scream') => ({ id, micId: 'a', labelId, at });

describe('labelSpans', () => {
  it('widens each event by the window and merges what touches, per label', () => {
    const events = [ev('1', 50_000), ev('2', 0), ev('3', 20_000), ev('4', 5_000, 'siren'), ev('5', 80_000)];
    expect(labelSpans(events, 10_000)).toEqual([
      // 0 and 20 s: the second span starts where the first ends, so they are one range.
      { labelId: 'scream', from: -10_000, to: 30_000 },
      { labelId: 'scream', from: 40_000, to: 60_000 },
      { labelId: 'scream', from: 70_000, to: 90_000 },
      { labelId: 'siren', from: -5_000, to: 15_000 },
    ]);
  });

  it('has nothing to read for no events', () => {
    expect(labelSpans([], 10_000)).toEqual([]);
  });
});
