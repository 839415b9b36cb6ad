import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { reviewQueries, type ReviewItem, type SoundEvent } from '@/api';
import { reviewMatches, type ReviewFilterState } from '@/components/review/review-filter';
import { useReviewStates } from '@/components/review/use-review';

// A recent event can still join a composite event for a rule window after it fired (the server
// allows 15 min); a page of older events keeps its answer, which costs the edge a composite read.
const MEMBERSHIP_REFRESH_MS = 30_000;
const MEMBERSHIP_SETTLED_MS = 15 * 60_000;

export interface Incident {
  id: string;
  rule: string;
}

/** What the events list shows of a row's review: its own, or the composite event it is part of. */
export type EventReview =
  { kind: 'unknown' } | { kind: 'incident'; incident: Incident } | { kind: 'own'; item: ReviewItem | undefined };

/**
 * The review of each event on the page: the server says which belong to a composite event (they
 * are reviewed with it), the others have their own review. Until membership is known no row
 * offers an action, so nobody acknowledges an event that belongs to an incident.
 */
export function useEventReviews(events: readonly SoundEvent[]) {
  const ids = useMemo(() => events.map((event) => event.id), [events]);
  const times = events.map((event) => event.created_at).sort();
  const from = times[0] ?? '';
  const to = times.at(-1) ?? '';
  const membership = useQuery({
    ...reviewQueries.membership(ids, from, to),
    refetchInterval: () => (Date.now() - Date.parse(to) < MEMBERSHIP_SETTLED_MS ? MEMBERSHIP_REFRESH_MS : false),
    retry: false,
  });
  const incidents = useMemo(() => {
    if (membership.data === undefined) return undefined;
    const byEvent = new Map<string, Incident>();
    for (const m of membership.data.memberships) byEvent.set(m.event_id, { id: m.composite_id, rule: m.rule });
    return byEvent;
  }, [membership.data]);
  const ownIds = useMemo(
    () => (incidents === undefined ? [] : ids.filter((id) => !incidents.has(id))),
    [ids, incidents],
  );
  const states = useReviewStates('event', ownIds);
  const statesKnown = ownIds.every((id) => states.has(id));

  // Stable while nothing it reads changed: the table is drawn again only when a review did.
  const reviewOf = useCallback(
    (id: string): EventReview => {
      if (incidents === undefined) return { kind: 'unknown' };
      const incident = incidents.get(id);
      if (incident !== undefined) return { kind: 'incident', incident };
      return { kind: 'own', item: states.get(id) };
    },
    [incidents, states],
  );
  return {
    reviewOf,
    /** Whether every row's review is known, so a review filter can decide about each. */
    known: incidents !== undefined && statesKnown,
    complete: membership.data?.complete ?? true,
    error: membership.error,
  };
}

/**
 * Whether a row passes the review filters. Events of an incident have no review of their own:
 * only "all" with no assignee or outcome shows them. A row whose review is not known yet is held
 * back while a filter is set.
 */
export function eventReviewMatches(filters: ReviewFilterState, review: EventReview): boolean {
  const unfiltered = filters.review === 'all' && filters.assignee === null && filters.outcome === null;
  if (unfiltered) return true;
  if (review.kind !== 'own') return false;
  return reviewMatches(filters, review.item);
}
