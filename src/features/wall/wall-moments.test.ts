import { describe, expect, it } from 'vitest';
import { PULSE_MS } from '@/components/map/mic-glyph';
import { formatAge } from '@/lib/format';
import type { FeedEntry } from './feed';
import { isNew } from './feed';
import { nextFeedChange } from './wall-moments';

const T0 = Date.parse('2026-11-30T03:00:00.000Z');
const entry = (id: string, at: number, firstSeenAt = 0): FeedEntry<unknown> => ({ id, at, firstSeenAt, item: null });
const options = {
  events: [] as FeedEntry<unknown>[],
  composites: [] as FeedEntry<unknown>[],
  pulses: new Map<string, number>(),
  highlightMs: 60_000,
  escalateAfterMs: 180_000,
  settleMs: 60_000,
};

describe('nextFeedChange', () => {
  it('is never, for feeds of settled events and no incidents', () => {
    expect(nextFeedChange(T0, { ...options, events: [entry('e1', T0 - 65_000)] })).toBe(Infinity);
  });

  it("is when an event's 'heard by' stops waiting for the console to hold it", () => {
    expect(nextFeedChange(T0, { ...options, events: [entry('e1', T0 - 5_000)] })).toBe(T0 + 55_001);
  });

  it('is the end of the earliest pulse or highlight still on', () => {
    const events = [entry('e1', T0 - 90_000, T0 - 10_000), entry('e2', T0 - 90_000, T0 - 70_000)];
    const pulses = new Map([['m1', T0 - 10_000]]);
    expect(nextFeedChange(T0, { ...options, events, pulses })).toBe(T0 - 10_000 + PULSE_MS);
    expect(nextFeedChange(T0 + 20_000, { ...options, events, pulses })).toBe(T0 + 50_000);
    expect(isNew(events[0]!, T0 + 50_000 - 1, 60_000)).toBe(true);
    expect(isNew(events[0]!, T0 + 50_000, 60_000)).toBe(false);
  });

  it("is when an incident's age next reads differently, and when it turns overdue", () => {
    const composites = [entry('c1', T0 - 150_000)];
    // 2.5 minutes old: "2 min" until 3 minutes, when it also turns overdue (one ms after).
    const next = nextFeedChange(T0, { ...options, composites });
    expect(next).toBe(T0 + 30_000);
    expect(formatAge(next - 1 - (T0 - 150_000))).not.toBe(formatAge(next - (T0 - 150_000)));
    expect(nextFeedChange(next, { ...options, composites })).toBe(T0 + 30_001);
    expect(nextFeedChange(next + 1, { ...options, composites })).toBe(T0 + 90_000);
  });
});
