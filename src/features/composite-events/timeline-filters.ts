import dayjs from 'dayjs';
import type { CompositeEventQuery } from '@/api';

export const TIMELINE_PAGE_SIZE = 20;

export interface TimelineFilters {
  order: 'asc' | 'desc';
  /** ISO 8601 bounds on when the composite event was created. */
  from: string | null;
  to: string | null;
  rule: string | null;
  page: number;
  /** Review state shown (on the loaded page: the edge knows nothing of reviews); `open` is new or acknowledged. */
  review: ReviewFilter;
  assignee: string | null;
  outcome: string | null;
}

export const REVIEW_FILTERS = ['open', 'new', 'acknowledged', 'resolved', 'all'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

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

function isoOrNull(value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.toISOString() : null;
}

export function parseTimelineFilters(params: URLSearchParams): TimelineFilters {
  const page = Number(params.get('page'));
  const rule = params.get('rule');
  return {
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    from: isoOrNull(params.get('from')),
    to: isoOrNull(params.get('to')),
    rule: rule === null || rule.trim() === '' ? null : rule,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    review: (REVIEW_FILTERS as readonly string[]).includes(params.get('review') ?? '')
      ? (params.get('review') as ReviewFilter)
      : 'open',
    assignee: params.get('assignee') || null,
    outcome: params.get('outcome') || null,
  };
}

export function timelineFiltersToSearch(filters: TimelineFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.order === 'asc') params.set('order', 'asc');
  if (filters.from !== null) params.set('from', filters.from);
  if (filters.to !== null) params.set('to', filters.to);
  if (filters.rule !== null) params.set('rule', filters.rule);
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.review !== 'open') params.set('review', filters.review);
  if (filters.assignee !== null) params.set('assignee', filters.assignee);
  if (filters.outcome !== null) params.set('outcome', filters.outcome);
  return params;
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
