import { describe, expect, it } from 'vitest';
import { absoluteBounds, eventListQuery, eventSearch, isLiveFilter } from './event-filters';

const parse = (search: string) => eventSearch.read(new URLSearchParams(search));

describe('event filters in the URL', () => {
  it('defaults to the last 24 hours, page 1, nothing selected', () => {
    expect(parse('')).toEqual({
      range: '24h',
      start: null,
      end: null,
      mics: [],
      labels: [],
      page: 1,
      size: 25,
      corroboratedOnly: false,
      sortByHeard: false,
      review: 'all',
      assignee: null,
      outcome: null,
    });
    expect(eventSearch.write(parse('')).toString()).toBe('');
  });

  it('reads quick ranges, repeated mics and labels, and round-trips them', () => {
    const filters = parse('range=15m&mic=mic-0001&mic=mic-0002&label=scream&label=siren&page=3&size=50');
    expect(filters).toMatchObject({
      range: '15m',
      mics: ['mic-0001', 'mic-0002'],
      labels: ['scream', 'siren'],
      page: 3,
      size: 50,
    });
    expect(eventSearch.read(eventSearch.write(filters))).toEqual(filters);
  });

  it('treats start/end as a custom range and normalises them to ISO', () => {
    const filters = parse('start=2026-11-20T00:00:00Z&end=2026-11-21T00:00:00.000Z&range=1h');
    expect(filters).toMatchObject({
      range: 'custom',
      start: '2026-11-20T00:00:00.000Z',
      end: '2026-11-21T00:00:00.000Z',
    });
  });

  it('falls back instead of failing on nonsense', () => {
    expect(parse('range=3y&page=-2&size=7&start=yesterday&mic=&mic=mic-0001&mic=mic-0001')).toEqual({
      range: '24h',
      start: null,
      end: null,
      mics: ['mic-0001'],
      labels: [],
      page: 1,
      size: 25,
      corroboratedOnly: false,
      sortByHeard: false,
      review: 'all',
      assignee: null,
      outcome: null,
    });
  });

  it('keeps the corroborated-only filter and the heard-by order in the URL', () => {
    const filters = parse('corroborated=1&sort=heard');
    expect(filters).toMatchObject({ corroboratedOnly: true, sortByHeard: true });
    expect(eventSearch.write(filters).toString()).toBe('corroborated=1&sort=heard');
    expect(parse('corroborated=yes&sort=time')).toMatchObject({ corroboratedOnly: false, sortByHeard: false });
  });

  it('keeps the review filters in the URL: every state by default, since the events page is a log', () => {
    const filters = parse('review=open&assignee=kim&outcome=false_alarm');
    expect(filters).toMatchObject({ review: 'open', assignee: 'kim', outcome: 'false_alarm' });
    expect(eventSearch.write(filters).toString()).toBe('review=open&assignee=kim&outcome=false_alarm');
    expect(parse('review=whatever').review).toBe('all');
    expect(eventSearch.write({ ...filters, review: 'all', assignee: null, outcome: null }).toString()).toBe('');
  });

  it('keeps an empty custom range in the URL so the pickers stay open', () => {
    const filters = parse('range=custom');
    expect(filters.range).toBe('custom');
    expect(eventSearch.write(filters).get('range')).toBe('custom');
  });

  it('sends quick ranges as relative minutes (no timestamp in the query key) and arrays for repeated params', () => {
    expect(eventListQuery(parse('range=7d&mic=a&mic=b&label=x'))).toEqual({
      sinceMinutes: 10_080,
      mic_id: ['a', 'b'],
      label_id: ['x'],
      page: 1,
      size: 25,
    });
    expect(eventListQuery(parse('range=all'))).toEqual({ mic_id: [], label_id: [], page: 1, size: 25 });
    expect(eventListQuery(parse('start=2026-11-20T00:00:00Z'))).toEqual({
      start: '2026-11-20T00:00:00.000Z',
      end: null,
      mic_id: [],
      label_id: [],
      page: 1,
      size: 25,
    });
  });

  it('is live only on page 1 with an open-ended range', () => {
    expect(isLiveFilter(parse('range=1h'))).toBe(true);
    expect(isLiveFilter(parse('range=1h&page=2'))).toBe(false);
    expect(isLiveFilter(parse('start=2026-11-20T00:00:00Z'))).toBe(true);
    expect(isLiveFilter(parse('start=2026-11-20T00:00:00Z&end=2026-11-21T00:00:00Z'))).toBe(false);
  });

  it('pins a relative range to absolute bounds for an export', () => {
    const now = Date.parse('2026-11-21T08:00:00.000Z');
    expect(absoluteBounds(parse('range=1h'), now)).toEqual({
      start: '2026-11-21T07:00:00.000Z',
      end: '2026-11-21T08:00:00.000Z',
    });
    expect(absoluteBounds(parse('range=all'), now)).toEqual({ start: null, end: '2026-11-21T08:00:00.000Z' });
  });
});
