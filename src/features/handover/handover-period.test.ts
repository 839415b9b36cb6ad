import { describe, expect, it } from 'vitest';
import { handoverPeriodToSearch, parseHandoverPeriod, periodBounds } from './handover-period';

const parse = (search: string) => parseHandoverPeriod(new URLSearchParams(search));

describe('handover period in the URL', () => {
  it('defaults to the last 8 hours and leaves the default out of the URL', () => {
    expect(parse('')).toEqual({ kind: 'last', hours: 8 });
    expect(handoverPeriodToSearch({ kind: 'last', hours: 8 }).toString()).toBe('');
    expect(handoverPeriodToSearch({ kind: 'last', hours: 12 }).toString()).toBe('hours=12');
  });

  it('reads a range, and falls back to the default for an unreadable or reversed one', () => {
    const range = parse('from=2026-03-01T00:00:00Z&to=2026-03-01T08:00:00Z');
    expect(range).toEqual({ kind: 'range', from: '2026-03-01T00:00:00.000Z', to: '2026-03-01T08:00:00.000Z' });
    expect(parseHandoverPeriod(handoverPeriodToSearch(range))).toEqual(range);
    expect(parse('from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z')).toEqual({ kind: 'last', hours: 8 });
    expect(parse('from=soon&to=later')).toEqual({ kind: 'last', hours: 8 });
    expect(parse('hours=-3')).toEqual({ kind: 'last', hours: 8 });
    expect(parse('hours=1.5')).toEqual({ kind: 'last', hours: 8 });
    expect(parse('hours=100000')).toEqual({ kind: 'last', hours: 8 });
  });

  it('ends "the last N hours" at the next whole minute, so the same minute asks the same question', () => {
    const now = Date.parse('2026-03-01T08:00:30.500Z');
    expect(periodBounds({ kind: 'last', hours: 8 }, now)).toEqual({
      from: '2026-03-01T00:01:00.000Z',
      to: '2026-03-01T08:01:00.000Z',
    });
    expect(periodBounds({ kind: 'last', hours: 8 }, now + 20_000)).toEqual(
      periodBounds({ kind: 'last', hours: 8 }, now),
    );
  });
});
