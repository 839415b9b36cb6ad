import { describe, expect, it } from 'vitest';
import { median, responseTimes } from './response-times.js';

const FROM = '2026-03-01T00:00:00.000Z';
const TO = '2026-03-01T08:00:00.000Z';
const t = (minutes: number) => new Date(Date.parse(FROM) + minutes * 60_000).toISOString();
const MIN = 60_000;

describe('median', () => {
  it('takes the middle of an odd count, the mean of the two middles of an even one, null of none', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNull();
  });
});

describe('responseTimes', () => {
  it('measures from firing to acknowledgement and to resolution (odd counts)', () => {
    const items = [
      { fired_at: t(10), acknowledged_at: t(11), resolved_at: t(20) },
      { fired_at: t(30), acknowledged_at: t(33), resolved_at: t(60) },
      { fired_at: t(40), acknowledged_at: t(45), resolved_at: t(45) },
    ];
    expect(responseTimes(items, FROM, TO)).toEqual({
      acknowledge: { count: 3, median_ms: 3 * MIN },
      resolve: { count: 3, median_ms: 10 * MIN },
    });
  });

  it('averages the two middle durations of an even count', () => {
    const items = [
      { fired_at: t(0), acknowledged_at: t(2), resolved_at: t(10) },
      { fired_at: t(0), acknowledged_at: t(4), resolved_at: t(30) },
    ];
    expect(responseTimes(items, FROM, TO)).toEqual({
      acknowledge: { count: 2, median_ms: 3 * MIN },
      resolve: { count: 2, median_ms: 20 * MIN },
    });
  });

  it('counts an item acknowledged but not resolved only towards the time to acknowledge', () => {
    const items = [
      { fired_at: t(0), acknowledged_at: t(6), resolved_at: null },
      { fired_at: t(0), acknowledged_at: t(2), resolved_at: t(8) },
    ];
    expect(responseTimes(items, FROM, TO)).toEqual({
      acknowledge: { count: 2, median_ms: 4 * MIN },
      resolve: { count: 1, median_ms: 8 * MIN },
    });
  });

  it('says null with no acknowledgement or resolution in the period', () => {
    const none = { acknowledge: { count: 0, median_ms: null }, resolve: { count: 0, median_ms: null } };
    expect(responseTimes([], FROM, TO)).toEqual(none);
    // Fired in the period, nobody acted yet.
    expect(responseTimes([{ fired_at: t(1), acknowledged_at: null, resolved_at: null }], FROM, TO)).toEqual(none);
  });

  it('leaves out actions outside the period and items whose firing time is unknown', () => {
    const items = [
      { fired_at: t(-120), acknowledged_at: t(-100), resolved_at: t(5) },
      { fired_at: null, acknowledged_at: t(3), resolved_at: t(4) },
      { fired_at: t(470), acknowledged_at: t(479), resolved_at: t(490) },
    ];
    expect(responseTimes(items, FROM, TO)).toEqual({
      acknowledge: { count: 1, median_ms: 9 * MIN },
      resolve: { count: 1, median_ms: 125 * MIN },
    });
  });

  it('counts an action stamped before its firing time (clocks apart) as zero', () => {
    const items = [{ fired_at: t(10), acknowledged_at: t(9), resolved_at: t(9) }];
    expect(responseTimes(items, FROM, TO)).toEqual({
      acknowledge: { count: 1, median_ms: 0 },
      resolve: { count: 1, median_ms: 0 },
    });
  });
});
