import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { reviewKey, reviewQueries, storeReviewItem, type ReviewItem, type ReviewKind } from '@/api';
import { useRuntimeConfig } from '@/lib/runtime-config';

/**
 * Without the server's live stream, review states are asked for again every second (a change
 * must reach every open screen within two); with it, only now and then as a safety net.
 */
export const REVIEW_POLL_MS = 1000;
const REVIEW_SAFETY_MS = 30_000;

/** `review` messages of the server's `/live` stream, written into every cached copy. Mount once per page. */
export function useReviewLive(): void {
  const { live } = useRuntimeConfig();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!live || typeof EventSource === 'undefined') return;
    // A mic id no mic has: this stream carries review messages only, not the events the page fetches itself.
    const source = new EventSource('/live?mic_id=-');
    let opened = false;
    source.addEventListener('open', () => {
      // After a gap, messages may have been missed: ask again once.
      if (opened) void queryClient.invalidateQueries({ queryKey: reviewQueries.all() });
      opened = true;
    });
    source.addEventListener('review', (message) => {
      try {
        const change = JSON.parse((message as MessageEvent<string>).data) as {
          item: ReviewItem;
          comment: number | null;
        };
        storeReviewItem(queryClient, change.item);
        if (change.comment !== null || change.item.version > 0) {
          void queryClient.invalidateQueries({
            queryKey: reviewQueries.thread(change.item.kind, change.item.id).queryKey,
          });
        }
      } catch {
        void queryClient.invalidateQueries({ queryKey: reviewQueries.all() });
      }
    });
    return () => source.close();
  }, [live, queryClient]);
}

export function useReviewRefresh(): number {
  return useRuntimeConfig().live ? REVIEW_SAFETY_MS : REVIEW_POLL_MS;
}

/** The review of each listed item, by id; items not loaded yet are absent. */
export function useReviewStates(kind: ReviewKind, ids: readonly string[]): Map<string, ReviewItem> {
  const keys = useMemo(() => ids.map((id) => reviewKey(kind, id)), [kind, ids]);
  const refresh = useReviewRefresh();
  const query = useQuery({ ...reviewQueries.states(keys), refetchInterval: refresh, retry: false });
  return useMemo(() => new Map((query.data ?? []).map((item) => [item.id, item])), [query.data]);
}

/** Whether this screen's account may act on reviews; false until known, and for viewers and walls. */
export function useCanReview(): { canAct: boolean; username: string | null } {
  const query = useQuery({ ...reviewQueries.me(), retry: false });
  return { canAct: query.data?.can_act ?? false, username: query.data?.username ?? null };
}
