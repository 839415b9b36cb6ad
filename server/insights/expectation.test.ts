import { describe, expect, it } from 'vitest';
import { expectationFor, HOUR_MS, hourlyExpectation, windowExpectation, WEEK_MS, type History } from './expectation.js';

const rules = { weeks: 4, decay: 0.5, days: 6 };
const NOW_HOUR = Date.parse('2026-11-25T10:00:00Z');

/** Counts keyed `mic|label|hour`; every hour from `coveredFrom` on counted. */
function history(counts: Record<string, number>, firstSeen: Record<string, number>, coveredFrom = 0): History {
  return {
    count: (mic, label, hour) => counts[`${mic}|${label}|${hour}`] ?? 0,
    firstSeen: (mic) => firstSeen[mic],
    covered: (hour) => hour >= coveredFrom,
  };
}
const week = (k: number, hour = NOW_HOUR) => hour - k * WEEK_MS;

describe('expected events', () => {
  it('weights recent weeks more: 4, 2, 1, 0.5 ÷ 7.5 for decay 0.5', () => {
    const h = history(
      { [`a|x|${week(1)}`]: 8, [`a|x|${week(2)}`]: 4, [`a|x|${week(3)}`]: 0, [`a|x|${week(4)}`]: 16 },
      { a: week(4) },
    );
    expect(hourlyExpectation(h, 'a', 'x', NOW_HOUR, rules)).toBeCloseTo((8 * 1 + 4 * 0.5 + 0 + 16 * 0.125) / 1.875, 12);
  });

  it('leaves out weeks before the mic’s first event and uncounted weeks, rather than reading them as silence', () => {
    const counts = { [`a|x|${week(1)}`]: 6, [`a|x|${week(2)}`]: 2 };
    // First seen exactly at week 2's hour: week 2 counts, weeks 3 and 4 do not.
    expect(hourlyExpectation(history(counts, { a: week(2) }), 'a', 'x', NOW_HOUR, rules)).toBeCloseTo(
      (6 + 2 * 0.5) / 1.5,
      12,
    );
    // First seen a millisecond after week 2's hour: week 1 alone.
    expect(hourlyExpectation(history(counts, { a: week(2) + 1 }), 'a', 'x', NOW_HOUR, rules)).toBe(6);
    // Counting starts after week 2: week 1 alone again.
    expect(hourlyExpectation(history(counts, { a: week(4) }, week(2) + HOUR_MS), 'a', 'x', NOW_HOUR, rules)).toBe(6);
  });

  it('has no expectation for a mic never heard', () => {
    expect(hourlyExpectation(history({}, {}), 'a', 'x', NOW_HOUR, rules)).toBeNull();
  });

  it('falls back to the same hour of past days for a mic heard for less than a week', () => {
    const day = (k: number) => NOW_HOUR - k * 86_400_000;
    const counts = { [`a|x|${day(1)}`]: 2, [`a|x|${day(2)}`]: 6, [`a|x|${day(6)}`]: 100 };
    // Heard since 5 days ago: days 1–5 speak (2, 6, 0, 0, 0 with weights 1, ½, ¼, ⅛, 1/16); day 6 does not.
    const h = history(counts, { a: day(5) });
    expect(hourlyExpectation(h, 'a', 'x', NOW_HOUR, rules)).toBeCloseTo(
      (2 + 3) / (1 + 0.5 + 0.25 + 0.125 + 0.0625),
      12,
    );
    // One week of history: the week decides alone (0 at week 1, whatever the days said).
    expect(hourlyExpectation(history(counts, { a: week(1) }), 'a', 'x', NOW_HOUR, rules)).toBe(0);
  });

  it('splits a quarter hour across the two hours it straddles', () => {
    const h = history({ [`a|x|${week(1)}`]: 4, [`a|x|${week(1, NOW_HOUR - HOUR_MS)}`]: 8 }, { a: week(1) - HOUR_MS });
    const start = NOW_HOUR - 5 * 60_000;
    const end = NOW_HOUR + 10 * 60_000;
    expect(windowExpectation(h, 'a', 'x', start, end, rules)).toBeCloseTo((8 * 5) / 60 + (4 * 10) / 60, 12);
    // Inside one hour: that hour's expectation / 4.
    expect(windowExpectation(h, 'a', 'x', NOW_HOUR, NOW_HOUR + 15 * 60_000, rules)).toBe(1);
  });

  it('borrows the mean of neighbours with history for a mic without, and says so', () => {
    const h = history({ [`b|x|${week(1)}`]: 4, [`c|x|${week(1)}`]: 8 }, { b: week(1), c: week(1) });
    const window = [NOW_HOUR, NOW_HOUR + HOUR_MS] as const;
    expect(expectationFor(h, 'a', 'x', ...window, ['b', 'c', 'd'], rules)).toEqual({ expected: 6, borrowed: true });
    expect(expectationFor(h, 'b', 'x', ...window, ['c'], rules)).toEqual({ expected: 4, borrowed: false });
    expect(expectationFor(h, 'a', 'x', ...window, ['d'], rules)).toBeNull();
  });
});
