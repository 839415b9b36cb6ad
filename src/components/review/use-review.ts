import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { reviewKey, reviewQueries, useLive, type ReviewItem, type ReviewKind } from '@/api';

/**
 * Without a hub (no live stream), review states are asked for again every second (a change
 * must reach every open screen within two); while it is live its `review` messages carry
 * changes (src/api/live) and states are read only now and then as a safety net.
 */
export const REVIEW_POLL_MS = 1000;
const REVIEW_SAFETY_MS = 30_000;

export function useReviewRefresh(): number {
  // The stream's own state, not whether the console has a hub: while it reconnects or has gone
  // silent, a change must still reach this screen within two seconds.
  return useLive() ? REVIEW_SAFETY_MS : REVIEW_POLL_MS;
}

/** The review of each listed item, by id; items not loaded yet are absent. */
export function useReviewStates(kind: ReviewKind, ids: readonly string[]): Map<string, ReviewItem> {
  return useReviewStatesAnswer(kind, ids).states;
}

/**
 * The same, and whether their answer (or its error) is in: a list that filters and orders by
 * review draws once with it rather than drawing, then hiding and moving its rows.
 */
export function useReviewStatesAnswer(
  kind: ReviewKind,
  ids: readonly string[],
): { states: Map<string, ReviewItem>; settled: boolean } {
  const keys = useMemo(() => ids.map((id) => reviewKey(kind, id)), [kind, ids]);
  const refresh = useReviewRefresh();
  const query = useQuery({ ...reviewQueries.states(keys), refetchInterval: refresh, retry: false });
  const states = useMemo(() => new Map((query.data ?? []).map((item) => [item.id, item])), [query.data]);
  return { states, settled: keys.length === 0 || !query.isPending };
}

/**
 * Whether this screen's account may act on reviews; false until known, and for viewers and walls.
 * `known`: answered or failed, for a page that draws its actions with it rather than a moment later.
 */
export function useCanReview(): { canAct: boolean; username: string | null; known: boolean } {
  const query = useQuery({ ...reviewQueries.me(), retry: false });
  return { canAct: query.data?.can_act ?? false, username: query.data?.username ?? null, known: !query.isPending };
}
