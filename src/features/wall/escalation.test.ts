import { describe, expect, it } from 'vitest';
import type { ItemPriority } from '@/api/priority';
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

  it('puts the unacknowledged first, then the taken; newest first within each (one priority)', () => {
    const triaged = triageFeed(feed, reviews, { now: NOW, escalateAfterMs: 3 * MIN, max: 10 });
    expect(triaged.map((t) => [t.entry.id, t.escalated, t.unacknowledged])).toEqual([
      ['b', false, true],
      ['c', true, true],
      ['d', true, true],
      ['e', false, false],
      ['a', false, false],
    ]);
  });

  it('escalates only past ESCALATE_AFTER, never an acknowledged item, and keeps at most max', () => {
    const triaged = triageFeed(feed, reviews, { now: NOW, escalateAfterMs: 5 * MIN, max: 2 });
    expect(triaged.map((t) => [t.entry.id, t.escalated])).toEqual([
      ['b', false],
      ['c', false],
    ]);
    expect(triageFeed(feed, reviews, { now: NOW, escalateAfterMs: 5 * MIN, max: 4 })[2]).toMatchObject({
      entry: { id: 'd' },
      escalated: true,
    });
    expect(triageFeed([entry('a', 60)], reviews, { now: NOW, escalateAfterMs: MIN, max: 4 })[0]!.escalated).toBe(false);
  });

  it('orders an item whose review is still loading as new, but does not escalate it yet', () => {
    const [only] = triageFeed([entry('x', 60), entry('a', 1)], reviews, { now: NOW, escalateAfterMs: MIN, max: 1 });
    expect(only).toMatchObject({ entry: { id: 'x' }, unacknowledged: true, escalated: false });
  });
});

describe('triageFeed by priority', () => {
  const priority = (level: ItemPriority['level'], review: boolean): ItemPriority => ({
    level,
    review,
    score: 0,
    reasons: [],
    summary: '',
  });
  it('puts the highest-priority open review item first, a newer critical above an older one; detections never escalate', () => {
    const feed = [
      entry('old-high', 10),
      entry('old-crit', 8),
      entry('new-crit', 1),
      entry('bark', 9),
      entry('taken', 0),
    ];
    const reviews = new Map([
      review('taken', 'acknowledged'),
      review('old-high', 'new'),
      review('old-crit', 'new'),
      review('new-crit', 'new'),
      review('bark', 'new'),
    ]);
    const priorities = new Map([
      ['old-high', priority('high', true)],
      ['old-crit', priority('critical', true)],
      ['new-crit', priority('critical', true)],
      ['bark', priority('low', false)],
      ['taken', priority('critical', true)],
    ]);
    const triaged = triageFeed(feed, reviews, { now: NOW, escalateAfterMs: 3 * MIN, max: 10, priorities });
    expect(triaged.map((t) => [t.entry.id, t.escalated, t.detection])).toEqual([
      ['new-crit', false, false],
      ['old-crit', true, false],
      ['old-high', true, false],
      ['bark', false, true],
      ['taken', false, false],
    ]);
  });
});
