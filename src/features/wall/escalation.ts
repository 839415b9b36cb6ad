import type { ReviewItem } from '@/api';
import type { FeedEntry } from './feed';

export interface TriagedEntry<T> {
  entry: FeedEntry<T>;
  review: ReviewItem | undefined;
  /** Nobody has acknowledged it (an item without a review is new). */
  unacknowledged: boolean;
  /** Known to be new for longer than ESCALATE_AFTER (not while its review is still loading: no false alarm on start). */
  escalated: boolean;
}

/**
 * The wall's composite feed in the order a supervisor needs it: escalated items first, then
 * the other unacknowledged ones, then those someone has taken; newest first within each, at
 * most `max`. An item whose review is not known yet is ordered as new, never as taken.
 */
export function triageFeed<T>(
  feed: readonly FeedEntry<T>[],
  reviews: ReadonlyMap<string, ReviewItem>,
  options: { now: number; escalateAfterMs: number; max: number },
): TriagedEntry<T>[] {
  const rank = (item: TriagedEntry<T>) => (item.escalated ? 0 : item.unacknowledged ? 1 : 2);
  return feed
    .map((entry) => {
      const review = reviews.get(entry.id);
      const unacknowledged = (review?.state ?? 'new') === 'new';
      return {
        entry,
        review,
        unacknowledged,
        escalated: review?.state === 'new' && options.now - entry.at > options.escalateAfterMs,
      };
    })
    .sort((a, b) => rank(a) - rank(b) || b.entry.at - a.entry.at)
    .slice(0, options.max);
}
