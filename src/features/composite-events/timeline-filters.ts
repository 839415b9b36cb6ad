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
  };
}

export function timelineFiltersToSearch(filters: TimelineFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.order === 'asc') params.set('order', 'asc');
  if (filters.from !== null) params.set('from', filters.from);
  if (filters.to !== null) params.set('to', filters.to);
  if (filters.rule !== null) params.set('rule', filters.rule);
  if (filters.page !== 1) params.set('page', String(filters.page));
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
