import { describe, expect, it } from 'vitest';
import type { ReviewItem } from '@/api';
import { triageFeed } from './escalation';
import type { FeedEntry } from './feed';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const MIN = 60_000;
const entry = (id: string, minutesAgo: number): FeedEntry<null> => ({
  id,
  at: NOW - minutesAgo * MIN,
  firstSeenAt: 0,
  item: null,
});
const review = (id: string, state: ReviewItem['state']) => [id, { id, state } as ReviewItem] as const;

describe('triageFeed', () => {
  const feed = [entry('a', 1), entry('b', 2), entry('c', 5), entry('d', 10), entry('e', 0.5)];
  const reviews = new Map([
    review('a', 'acknowledged'),
    review('b', 'new'),
    review('c', 'new'),
    review('d', 'new'),
    review('e', 'resolved'),
  ]);

  it('puts escalated items first, then the other unacknowledged, then the taken; newest first within each', () => {
    const triaged = triageFeed(feed, reviews, { now: NOW, escalateAfterMs: 3 * MIN, max: 10 });
    expect(triaged.map((t) => [t.entry.id, t.escalated, t.unacknowledged])).toEqual([
      ['c', true, true],
      ['d', true, true],
      ['b', false, true],
      ['e', false, false],
      ['a', false, false],
    ]);
  });

  it('escalates only past ESCALATE_AFTER, never an acknowledged item, and keeps at most max', () => {
    const triaged = triageFeed(feed, reviews, { now: NOW, escalateAfterMs: 5 * MIN, max: 2 });
    expect(triaged.map((t) => [t.entry.id, t.escalated])).toEqual([
      ['d', true],
      ['b', false],
    ]);
    expect(triageFeed([entry('a', 60)], reviews, { now: NOW, escalateAfterMs: MIN, max: 4 })[0]!.escalated).toBe(false);
  });

  it('orders an item whose review is still loading as new, but does not escalate it yet', () => {
    const [only] = triageFeed([entry('x', 60), entry('a', 1)], reviews, { now: NOW, escalateAfterMs: MIN, max: 1 });
    expect(only).toMatchObject({ entry: { id: 'x' }, unacknowledged: true, escalated: false });
  });
});
