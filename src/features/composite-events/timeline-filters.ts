import type { CompositeEventQuery } from '@/api';
import { dateTime, defineSearchParams, oneOf, positiveInt, text, type SearchState } from '@/lib/search-params';

export const TIMELINE_PAGE_SIZE = 20;

export const REVIEW_FILTERS = ['open', 'new', 'acknowledged', 'resolved', 'all'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/** The timeline's filters in its URL. */
export const timelineSearch = defineSearchParams({
  order: oneOf(['asc', 'desc'], 'desc'),
  /** ISO 8601 bounds on when the composite event was created. */
  from: dateTime(),
  to: dateTime(),
  rule: text(),
  page: positiveInt(1),
  /** Review state shown (on the loaded page: the edge knows nothing of reviews); `open` is new or acknowledged. */
  review: oneOf(REVIEW_FILTERS, 'open'),
  assignee: text(),
  outcome: text(),
});
export type TimelineFilters = SearchState<typeof timelineSearch>;

export function reviewMatches(
  filters: Pick<TimelineFilters, 'review' | 'assignee' | 'outcome'>,
  item: { state: string; assignee: string | null; outcome: string | null } | undefined,
): boolean {
  const state = item?.state ?? 'new';
  if (filters.review === 'open' && state === 'resolved') return false;
  if (filters.review !== 'open' && filters.review !== 'all' && state !== filters.review) return false;
  if (filters.assignee !== null && (item?.assignee ?? null) !== filters.assignee) return false;
  if (filters.outcome !== null && (item?.outcome ?? null) !== filters.outcome) return false;
  return true;
}

export function timelineQuery(filters: TimelineFilters): CompositeEventQuery {
  return {
    page: filters.page,
    size: TIMELINE_PAGE_SIZE,
    order_by: filters.order,
    created_at__ge: filters.from,
    created_at__le: filters.to,
    composite_rule_id: filters.rule,
  };
}
