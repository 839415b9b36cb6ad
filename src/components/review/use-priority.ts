import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { priorityQueries, type ItemPriority } from '@/api/priority';
import { reviewKey, type ReviewKind } from '@/api';

/** While some shown item is not scored yet (the hub scores it within a moment), ask again soon. */
const UNSCORED_MS = 2_000;
/**
 * Then as slowly as for scored ones: an item older than the hub's feed (an incident of last week
 * opened from the history) is never scored, and was asked for every 2 s for as long as it was open.
 */
const UNSCORED_TRIES = 10;
const SCORED_MS = 30_000;

/** The priority of each listed item, by id; an item the console has not scored yet is absent. */
export function usePriorities(kind: ReviewKind, ids: readonly string[]): Map<string, ItemPriority> {
  return usePrioritiesAnswer(kind, ids).priorities;
}

/** The same, and whether their answer (or its error) is in: a list ordered by priority draws once with it. */
export function usePrioritiesAnswer(
  kind: ReviewKind,
  ids: readonly string[],
): { priorities: Map<string, ItemPriority>; settled: boolean } {
  const keys = useMemo(() => ids.map((id) => reviewKey(kind, id)), [kind, ids]);
  const query = useQuery({
    ...priorityQueries.items(keys),
    refetchInterval: (q) =>
      keys.some((key) => q.state.data?.priorities[key] === undefined) && q.state.dataUpdateCount < UNSCORED_TRIES
        ? UNSCORED_MS
        : SCORED_MS,
    retry: false,
  });
  const priorities = useMemo(
    () =>
      new Map(
        Object.entries(query.data?.priorities ?? {}).map(([key, priority]) => [key.slice(kind.length + 1), priority]),
      ),
    [query.data, kind],
  );
  return { priorities, settled: keys.length === 0 || !query.isPending };
}
