import { PRIORITY_LEVELS, type ItemPriority } from '@/api/priority';
import { type ReviewItem } from '@/api';
import type { FeedEntry } from './feed';

export interface TriagedEntry<T> {
  entry: FeedEntry<T>;
  review: ReviewItem | undefined;
  /** Nobody has acknowledged it (an item without a review is new). */
  unacknowledged: boolean;
  /** Known to be new for longer than ESCALATE_AFTER (not while its review is still loading: no false alarm on start). */
  escalated: boolean;
  priority: ItemPriority | undefined;
  /** Below the review level: listed, never "not acknowledged", never overdue. */
  detection: boolean;
}

/**
 * The wall's composite feed in the order a supervisor needs it: open review items first, the
 * highest priority on top (a newer critical above an older one, which stays red below it); then
 * open detections (below the review level); then those someone has taken. Newest
 * first within each, at most `max`. An item whose review or priority is not known yet is ordered
 * as new and as a review item: unknown is never taken for harmless.
 */
export function triageFeed<T>(
  feed: readonly FeedEntry<T>[],
  reviews: ReadonlyMap<string, ReviewItem>,
  options: { now: number; escalateAfterMs: number; max: number; priorities?: ReadonlyMap<string, ItemPriority> },
): TriagedEntry<T>[] {
  const group = (item: TriagedEntry<T>) => (!item.unacknowledged ? 2 : item.detection ? 1 : 0);
  const level = (item: TriagedEntry<T>) => PRIORITY_LEVELS.indexOf(item.priority?.level ?? 'high');
  return feed
    .map((entry) => {
      const review = reviews.get(entry.id);
      const priority = options.priorities?.get(entry.id);
      const detection = priority?.review === false;
      const unacknowledged = (review?.state ?? 'new') === 'new';
      return {
        entry,
        review,
        unacknowledged,
        priority,
        detection,
        escalated: !detection && review?.state === 'new' && options.now - entry.at > options.escalateAfterMs,
      };
    })
    .sort((a, b) => group(a) - group(b) || (group(a) === 0 ? level(b) - level(a) : 0) || b.entry.at - a.entry.at)
    .slice(0, options.max);
}
