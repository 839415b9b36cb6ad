import { describe, expect, it } from 'vitest';
import { isNew, mergeFeed, type FeedEntry, type MergeOptions } from './feed';

interface Item {
  id: string;
  created_at: string;
}
const T0 = Date.parse('2026-11-21T12:00:00Z');
const item = (id: string, secondsAfter: number): Item => ({
  id,
  created_at: new Date(T0 + secondsAfter * 1000).toISOString(),
});
const options = (patch: Partial<MergeOptions<Item>> = {}): MergeOptions<Item> => ({
  idOf: (i) => i.id,
  timeOf: (i) => i.created_at,
  now: T0 + 60_000,
  windowMs: 15 * 60_000,
  max: 3,
  initial: false,
  ...patch,
});

describe('mergeFeed', () => {
  it('does not mark what was there at start as new, but marks later arrivals', () => {
    const first = mergeFeed([], [item('a', 1), item('b', 2)], options({ initial: true }));
    expect(first.map((e) => [e.id, e.firstSeenAt])).toEqual([
      ['b', 0],
      ['a', 0],
    ]);
    const now = T0 + 65_000;
    const second = mergeFeed(first, [item('c', 3), item('b', 2)], options({ now }));
    expect(second.map((e) => e.id)).toEqual(['c', 'b', 'a']);
    expect(second[0]!.firstSeenAt).toBe(now);
    expect(isNew(second[0]!, now + 1000, 30_000)).toBe(true);
    expect(isNew(second[0]!, now + 31_000, 30_000)).toBe(false);
    expect(isNew(second[1]!, now, 30_000)).toBe(false);
  });

  it('stays bounded, newest first, however many refreshes bring new entries', () => {
    let feed: readonly FeedEntry<Item>[] = [];
    for (let i = 0; i < 5000; i++) feed = mergeFeed(feed, [item(`e${i}`, i / 100)], options({ now: T0 + 60_000 + i }));
    expect(feed).toHaveLength(3);
    expect(feed.map((e) => e.id)).toEqual(['e4999', 'e4998', 'e4997']);
  });

  it('drops entries that left the window and keeps ones only missing from a short page', () => {
    const feed = mergeFeed([], [item('old', 0), item('mid', 500)], options({ initial: true, now: T0 + 600_000 }));
    const later = mergeFeed(feed, [item('new', 950)], options({ now: T0 + 960_000 }));
    expect(later.map((e) => e.id)).toEqual(['new', 'mid']);
  });

  it('returns the same array when a refresh brings nothing new, so nothing re-renders', () => {
    const page = [item('a', 1)];
    const feed = mergeFeed([], page, options({ initial: true }));
    expect(mergeFeed(feed, page, options())).toBe(feed);
  });

  it('skips records with unreadable timestamps', () => {
    expect(mergeFeed([], [{ id: 'x', created_at: 'garbage' }], options())).toEqual([]);
  });
});
