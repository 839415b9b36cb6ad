import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { eventQueries, listEvents, useLive, usePushedEvents, type PushedEvent, type SoundEvent } from '@/api';
import type { EventFilters } from './event-filters';

export const LIVE_POLL_MS = 10_000;

/** The newest `created_at` among the shown events (the service does not promise an order). */
export function newestCreatedAt(events: readonly SoundEvent[]): string | null {
  let newest: number | null = null;
  for (const event of events) {
    const at = Date.parse(event.created_at);
    if (newest === null || at > newest) newest = at;
  }
  return newest === null ? null : new Date(newest).toISOString();
}

/**
 * Counts events newer than the shown snapshot: one small request (size 1, only `total_cnt` is
 * read) per poll. The key holds the snapshot's newest time, so there is one cache entry per
 * snapshot rather than one per poll. One millisecond is added because the service does not say
 * whether `start` is inclusive.
 */
export function newerEventsQuery(filters: Pick<EventFilters, 'mics' | 'labels'>, newest: string) {
  const after = new Date(Date.parse(newest) + 1).toISOString();
  const params = { mic_id: filters.mics, label_id: filters.labels, after };
  return queryOptions({
    queryKey: [...eventQueries.all(), 'newer', params] as const,
    queryFn: ({ signal }) =>
      listEvents({ mic_id: params.mic_id, label_id: params.label_id, start: after, page: 1, size: 1 }, signal),
    select: (page) => page.total_cnt,
  });
}

/** Pushed events newer than the snapshot that the page's filters would show. */
export function countNewer(
  pushed: readonly PushedEvent[],
  filters: Pick<EventFilters, 'mics' | 'labels'>,
  shown: readonly SoundEvent[],
  newest: string | null,
): number {
  const after = newest === null ? -Infinity : Date.parse(newest);
  const onScreen = new Set(shown.map((e) => e.id));
  return pushed.filter(
    (e) =>
      e.createdAt > after &&
      !onScreen.has(e.id) &&
      (filters.mics.length === 0 || filters.mics.includes(e.micId)) &&
      (filters.labels.length === 0 || filters.labels.includes(e.labelId)),
  ).length;
}

/**
 * How many events are newer than the snapshot on screen. While the live stream is up they are
 * counted from what it pushed (no request at all); without it, one small request per poll.
 */
export function useNewEventCount(
  filters: EventFilters,
  shown: readonly SoundEvent[] | undefined,
  enabled: boolean,
): { count: number; polled: ReturnType<typeof useQuery<number>> } {
  const live = useLive();
  const pushed = usePushedEvents();
  const newest = shown === undefined ? null : newestCreatedAt(shown);
  const polled = useQuery({
    ...newerEventsQuery(filters, newest ?? new Date(0).toISOString()),
    enabled: enabled && !live && newest !== null,
    refetchInterval: LIVE_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const pushedCount = useMemo(
    () => (shown === undefined ? 0 : countNewer(pushed, filters, shown, newest)),
    [pushed, filters, shown, newest],
  );
  if (!enabled) return { count: 0, polled };
  return { count: live ? pushedCount : (polled.data ?? 0), polled };
}
