import dayjs from 'dayjs';
import type { EventQuery } from '@/api';

export const QUICK_RANGES = { '15m': 15, '1h': 60, '24h': 24 * 60, '7d': 7 * 24 * 60 } as const;
export type QuickRange = keyof typeof QUICK_RANGES;
/** A quick pick, every event ("all") or a custom `start`/`end`. */
export type RangeChoice = QuickRange | 'all' | 'custom';

export const DEFAULT_RANGE: QuickRange = '24h';
export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export interface EventFilters {
  range: RangeChoice;
  /** ISO 8601, only with range "custom". */
  start: string | null;
  end: string | null;
  mics: string[];
  labels: string[];
  page: number;
  size: number;
  /** Show only the events of the page that other mics heard too. */
  corroboratedOnly: boolean;
  /** Order the page by how many mics heard each event, most first. */
  sortByHeard: boolean;
}

const isQuickRange = (value: string | null): value is QuickRange => value !== null && value in QUICK_RANGES;

function isoOrNull(value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.toISOString() : null;
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((v) => v.trim() !== ''))];
}

/** Reads the filter from the page URL; anything unreadable falls back to the default instead of failing. */
export function parseEventFilters(params: URLSearchParams): EventFilters {
  const start = isoOrNull(params.get('start'));
  const end = isoOrNull(params.get('end'));
  const rangeParam = params.get('range');
  let range: RangeChoice;
  if (start !== null || end !== null || rangeParam === 'custom') range = 'custom';
  else if (rangeParam === 'all') range = 'all';
  else range = isQuickRange(rangeParam) ? rangeParam : DEFAULT_RANGE;
  const size = positiveInt(params.get('size'), DEFAULT_PAGE_SIZE);
  return {
    range,
    start: range === 'custom' ? start : null,
    end: range === 'custom' ? end : null,
    mics: unique(params.getAll('mic')),
    labels: unique(params.getAll('label')),
    page: positiveInt(params.get('page'), 1),
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    corroboratedOnly: params.get('corroborated') === '1',
    sortByHeard: params.get('sort') === 'heard',
  };
}

/** The page URL for a filter; defaults are left out so a plain /events stays plain. */
export function eventFiltersToSearch(filters: EventFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.range === 'custom') {
    if (filters.start !== null) params.set('start', filters.start);
    if (filters.end !== null) params.set('end', filters.end);
    if (filters.start === null && filters.end === null) params.set('range', 'custom');
  } else if (filters.range !== DEFAULT_RANGE) {
    params.set('range', filters.range);
  }
  for (const mic of filters.mics) params.append('mic', mic);
  for (const label of filters.labels) params.append('label', label);
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.size !== DEFAULT_PAGE_SIZE) params.set('size', String(filters.size));
  if (filters.corroboratedOnly) params.set('corroborated', '1');
  if (filters.sortByHeard) params.set('sort', 'heard');
  return params;
}

/** The API query for a filter, without paging. Quick ranges stay relative (`sinceMinutes`). */
export function eventFilterQuery(filters: EventFilters): Omit<EventQuery, 'page' | 'size'> {
  const query: Omit<EventQuery, 'page' | 'size'> = { mic_id: filters.mics, label_id: filters.labels };
  if (filters.range === 'custom') {
    query.start = filters.start;
    query.end = filters.end;
  } else if (filters.range !== 'all') {
    query.sinceMinutes = QUICK_RANGES[filters.range];
  }
  return query;
}

/** The page query: what `eventQueries.list` takes. */
export function eventListQuery(filters: EventFilters): EventQuery {
  return { ...eventFilterQuery(filters), page: filters.page, size: filters.size };
}

/** New events can arrive only while the first page is shown and the range has no end. */
export function isLiveFilter(filters: EventFilters): boolean {
  return filters.page === 1 && filters.end === null;
}

/** Resolves a relative window to absolute bounds at one moment, for work that spans many requests. */
export function absoluteBounds(filters: EventFilters, now = Date.now()): { start: string | null; end: string } {
  if (filters.range === 'custom') return { start: filters.start, end: filters.end ?? new Date(now).toISOString() };
  const start = filters.range === 'all' ? null : new Date(now - QUICK_RANGES[filters.range] * 60_000).toISOString();
  return { start, end: new Date(now).toISOString() };
}
