/** Review filters shared by the composite timeline and the events list (applied to a loaded page). */
export const REVIEW_FILTERS = ['open', 'new', 'acknowledged', 'resolved', 'all'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export interface ReviewFilterState {
  /** `open` is new or acknowledged. */
  review: ReviewFilter;
  assignee: string | null;
  outcome: string | null;
}

export function reviewMatches(
  filters: ReviewFilterState,
  item: { state: string; assignee: string | null; outcome: string | null } | undefined,
): boolean {
  const state = item?.state ?? 'new';
  if (filters.review === 'open' && state === 'resolved') return false;
  if (filters.review !== 'open' && filters.review !== 'all' && state !== filters.review) return false;
  if (filters.assignee !== null && (item?.assignee ?? null) !== filters.assignee) return false;
  if (filters.outcome !== null && (item?.outcome ?? null) !== filters.outcome) return false;
  return true;
}

/** How many of the three narrow the list, against the page's own default state choice. */
export function activeReviewFilters(filters: ReviewFilterState, defaultReview: ReviewFilter): number {
  return [filters.review !== defaultReview, filters.assignee !== null, filters.outcome !== null].filter(Boolean).length;
}
