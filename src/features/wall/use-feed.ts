import { useState } from 'react';
import { mergeFeed, type FeedEntry, type MergeOptions } from './feed';

/**
 * Keeps a bounded feed from successive pages of a query. Merging happens while rendering,
 * when a new page arrives (React's "adjust state on prop change"), so no extra render pass.
 */
export function useFeed<T>(
  page: readonly T[] | undefined,
  receivedAt: number,
  options: Omit<MergeOptions<T>, 'now' | 'initial'>,
): readonly FeedEntry<T>[] {
  const [state, setState] = useState<{ page: readonly T[] | undefined; entries: readonly FeedEntry<T>[] }>({
    page: undefined,
    entries: [],
  });
  if (page !== undefined && page !== state.page) {
    const entries = mergeFeed(state.entries, page, { ...options, now: receivedAt, initial: state.page === undefined });
    setState({ page, entries });
    return entries;
  }
  return state.entries;
}
