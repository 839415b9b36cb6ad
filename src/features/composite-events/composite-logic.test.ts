import { describe, expect, it } from 'vitest';
import { compositeEventFixture } from '@/testing/fixtures';
import { endpointUrl, micsWithThresholds, summarize } from './composite-summary';
import { reviewMatches } from '@/components/review/review-filter';
import { timelineQuery, timelineSearch } from './timeline-filters';
import { whyFiredGeometry } from './why-fired';

describe('timeline filters in the URL', () => {
  it('defaults to newest first, page 1, no bounds', () => {
    const filters = timelineSearch.read(new URLSearchParams(''));
    expect(filters).toEqual({
      order: 'desc',
      from: null,
      to: null,
      rule: null,
      page: 1,
      review: 'open',
      assignee: null,
      outcome: null,
    });
    expect(timelineQuery(filters)).toEqual({
      page: 1,
      size: 20,
      order_by: 'desc',
      created_at__ge: null,
      created_at__le: null,
      composite_rule_id: null,
    });
  });

  it('maps order, created range and rule to the API parameters and round-trips', () => {
    const filters = timelineSearch.read(
      new URLSearchParams('order=asc&from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00Z&rule=rule-glass-break&page=2'),
    );
    expect(timelineQuery(filters)).toMatchObject({
      order_by: 'asc',
      created_at__ge: '2026-11-20T00:00:00.000Z',
      created_at__le: '2026-11-21T00:00:00.000Z',
      composite_rule_id: 'rule-glass-break',
      page: 2,
    });
    expect(timelineSearch.read(timelineSearch.write(filters))).toEqual(filters);
  });

  it('ignores nonsense', () => {
    expect(timelineSearch.read(new URLSearchParams('order=sideways&from=soon&page=0&rule=&review=maybe'))).toEqual({
      order: 'desc',
      from: null,
      to: null,
      rule: null,
      page: 1,
      review: 'open',
      assignee: null,
      outcome: null,
    });
  });

  it('shows open items by default, and filters by state, assignee and outcome', () => {
    const open = timelineSearch.read(new URLSearchParams(''));
    const item = (state: string, assignee: string | null = null, outcome: string | null = null) => ({
      state,
      assignee,
      outcome,
    });
    expect(reviewMatches(open, undefined)).toBe(true);
    expect(reviewMatches(open, item('acknowledged'))).toBe(true);
    expect(reviewMatches(open, item('resolved'))).toBe(false);
    const resolvedFalse = timelineSearch.read(new URLSearchParams('review=resolved&outcome=false_alarm&assignee=kim'));
    expect(timelineSearch.read(timelineSearch.write(resolvedFalse))).toEqual(resolvedFalse);
    expect(reviewMatches(resolvedFalse, item('resolved', 'kim', 'false_alarm'))).toBe(true);
    expect(reviewMatches(resolvedFalse, item('resolved', 'lee', 'false_alarm'))).toBe(false);
    expect(reviewMatches(resolvedFalse, item('resolved', 'kim', 'test'))).toBe(false);
    expect(reviewMatches(resolvedFalse, item('acknowledged', 'kim'))).toBe(false);
  });
});

describe('timeline entry summary', () => {
  it('counts events, distinct mics and the first→last span', () => {
    const event = compositeEventFixture();
    event.events[2]!.mic_id = 'mic-0002';
    expect(summarize(event)).toEqual({
      eventCount: 3,
      micCount: 2,
      first: '2026-11-21T07:00:10.000Z',
      last: '2026-11-21T07:00:30.000Z',
      spanMs: 20_000,
    });
  });

  it('handles no events', () => {
    expect(summarize(compositeEventFixture({ events: [] }))).toMatchObject({
      eventCount: 0,
      first: null,
      last: null,
      spanMs: 0,
    });
  });

  it('fills missing thresholds on mics[] from the base events and keeps absent ones absent', () => {
    const event = compositeEventFixture();
    expect(event.mics[0]!.thresholds).toBeUndefined();
    expect(micsWithThresholds(event)[0]!.thresholds).toEqual({ scream: { sound_level_ge: 75, confidence: 0.7 } });
    const lonely = compositeEventFixture({ events: [] });
    expect(micsWithThresholds(lonely)[0]!.thresholds).toBeUndefined();
  });

  it('shows connection endpoints without credentials', () => {
    expect(endpointUrl('rtsp', '10.0.0.5', 554, '/stream1')).toBe('rtsp://10.0.0.5:554/stream1');
    expect(endpointUrl('http', '10.0.0.5', 80, '')).toBe('http://10.0.0.5:80');
    expect(endpointUrl('http', 'h', 8080, 'admin')).toBe('http://h:8080/admin');
  });
});

describe('why it fired: geometry', () => {
  it('places events along started_at + window and marks when min_events was reached', () => {
    // Events at +0 s, +10 s, +20 s of a 60 s window; rule needs 3.
    const g = whyFiredGeometry(compositeEventFixture());
    expect(g.axisMs).toBe(60_000);
    expect(g.windowStartX).toBe(0);
    expect(g.windowEndX).toBe(1);
    expect(g.points.map((p) => p.x)).toEqual([0, 10 / 60, 20 / 60]);
    expect(g.thresholdX).toBeCloseTo(20 / 60);
    expect(g.spanMs).toBe(20_000);
    expect(g.inWindow).toBe(3);
    expect(g.ticks.map((t) => t.seconds)).toEqual([0, 10, 20, 30, 40, 50, 60]);
  });

  it('compares each event with its own thresholds', () => {
    const event = compositeEventFixture();
    event.events[1]!.confidence = 0.65;
    event.events[1]!.sound_level = 70;
    const [first, second] = whyFiredGeometry(event).points;
    expect(first).toMatchObject({ confidenceMet: true, levelMet: true, confidenceY: 0.8, confidenceThresholdY: 0.7 });
    expect(second).toMatchObject({ confidenceMet: false, levelMet: false });
    expect(second!.levelY).toBeLessThan(second!.levelThresholdY);
  });

  it('stretches the axis to show events beyond the window and has no rule-met mark when too few', () => {
    const event = compositeEventFixture();
    event.events[2]!.created_at = '2026-11-21T07:02:10.000Z'; // +120 s of a 60 s window
    event.rule.min_events = 5;
    const g = whyFiredGeometry(event);
    expect(g.axisMs).toBe(120_000);
    expect(g.windowEndX).toBe(0.5);
    expect(g.points[2]!.x).toBe(1);
    expect(g.inWindow).toBe(2);
    expect(g.thresholdX).toBeNull();
  });
});
