import { useEffect, useSyncExternalStore } from 'react';
import { createStore } from '@/lib/store';

/** What a screen wants pushed, when not everything: the hub filters per subscriber. */
export interface LiveFilter {
  edgeId: string | null;
  labelIds: readonly string[];
  windowMinutes: number | null;
}

export const NO_LIVE_FILTER: LiveFilter = { edgeId: null, labelIds: [], windowMinutes: null };

/** Two filters that ask the hub for the same stream are the same. */
export const liveFilter = createStore(NO_LIVE_FILTER, (a, b) => liveFilterQuery(a) === liveFilterQuery(b));

/** The query string of /live for a filter. */
export function liveFilterQuery(filter: LiveFilter): string {
  const params = new URLSearchParams();
  if (filter.edgeId !== null) params.set('edge_id', filter.edgeId);
  for (const label of filter.labelIds) params.append('label_id', label);
  if (filter.windowMinutes !== null) params.set('window', String(filter.windowMinutes));
  return params.toString();
}

/**
 * A page narrows the tab's stream to what it shows (the wall: one edge, one label, a window)
 * while it is mounted; the stream reopens, resuming from the last message it had.
 */
export function useLiveFilter(filter: LiveFilter): void {
  const key = liveFilterQuery(filter);
  useEffect(() => {
    liveFilter.set(filter);
    return () => liveFilter.set(NO_LIVE_FILTER);
    // The key stands for the filter's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

export function useCurrentLiveFilter(): LiveFilter {
  return useSyncExternalStore(liveFilter.subscribe, liveFilter.get);
}
