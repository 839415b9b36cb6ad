import { AUDIT_PAGE_SIZES, type AuditFilter, type AuditListParams } from '@/api';
import { dateTime, defineSearchParams, numberOf, positiveInt, text, type SearchState } from '@/lib/search-params';

/** The audit trail's filter in its URL; an unreadable value falls back to "any" instead of failing. */
export const auditSearch = defineSearchParams({
  person: text(),
  action: text(),
  mic: text(),
  /** ISO 8601. */
  from: dateTime(),
  to: dateTime(),
  page: positiveInt(1),
  size: numberOf(AUDIT_PAGE_SIZES, 50),
});
export type AuditFilters = SearchState<typeof auditSearch>;

/** What the API filters on (the CSV export takes the same, without paging). */
export function auditFilterQuery(filters: AuditFilters): AuditFilter {
  return { person: filters.person, action: filters.action, mic: filters.mic, from: filters.from, to: filters.to };
}

export function auditListQuery(filters: AuditFilters): AuditListParams {
  return { ...auditFilterQuery(filters), page: filters.page, size: filters.size };
}

export function isFiltered(filters: AuditFilters): boolean {
  return Object.values(auditFilterQuery(filters)).some((value) => value !== null);
}
