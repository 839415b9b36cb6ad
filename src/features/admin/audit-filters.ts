import dayjs from 'dayjs';
import { AUDIT_PAGE_SIZES, type AuditFilter, type AuditListParams } from '@/api';

export const DEFAULT_AUDIT_PAGE_SIZE = 50;

export interface AuditFilters {
  person: string | null;
  action: string | null;
  mic: string | null;
  /** ISO 8601. */
  from: string | null;
  to: string | null;
  page: number;
  size: number;
}

const text = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());

function isoOrNull(value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.toISOString() : null;
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The filter from the page URL; an unreadable value falls back to "any" instead of failing. */
export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const size = positiveInt(params.get('size'), DEFAULT_AUDIT_PAGE_SIZE);
  return {
    person: text(params.get('person')),
    action: text(params.get('action')),
    mic: text(params.get('mic')),
    from: isoOrNull(params.get('from')),
    to: isoOrNull(params.get('to')),
    page: positiveInt(params.get('page'), 1),
    size: (AUDIT_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_AUDIT_PAGE_SIZE,
  };
}

/** The page URL of a filter; defaults are left out so a plain /admin/audit stays plain. */
export function auditFiltersToSearch(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['person', 'action', 'mic', 'from', 'to'] as const) {
    const value = filters[key];
    if (value !== null) params.set(key, value);
  }
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.size !== DEFAULT_AUDIT_PAGE_SIZE) params.set('size', String(filters.size));
  return params;
}

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
