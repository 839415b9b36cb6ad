import type { CompositeEventQuery } from '@/api';
import { REVIEW_FILTERS } from '@/components/review/review-filter';
import { dateTime, defineSearchParams, oneOf, positiveInt, text, type SearchState } from '@/lib/search-params';

export const TIMELINE_PAGE_SIZE = 20;

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
