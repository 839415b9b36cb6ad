import { useEffect, useSyncExternalStore } from 'react';

/** What a screen wants pushed, when not everything: the hub filters per subscriber. */
export interface LiveFilter {
  edgeId: string | null;
  labelIds: readonly string[];
  windowMinutes: number | null;
}

export const NO_LIVE_FILTER: LiveFilter = { edgeId: null, labelIds: [], windowMinutes: null };

let current: LiveFilter = NO_LIVE_FILTER;
const listeners = new Set<() => void>();

export const liveFilter = {
  get: (): LiveFilter => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(next: LiveFilter): void {
    if (liveFilterQuery(next) === liveFilterQuery(current)) return;
    current = next;
    for (const listener of listeners) listener();
  },
};

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
