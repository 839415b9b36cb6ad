import type { EventQuery } from '@/api';
import type { ReviewFilter } from '@/components/review/review-filter';
import {
  dateTime,
  is,
  defineSearchParams,
  list,
  numberOf,
  oneOf,
  positiveInt,
  text,
  type SearchState,
} from '@/lib/search-params';

export const QUICK_RANGES = { '15m': 15, '1h': 60, '24h': 24 * 60, '7d': 7 * 24 * 60 } as const;
export type QuickRange = keyof typeof QUICK_RANGES;
/** A quick pick, every event ("all") or a custom `start`/`end`. */
export type RangeChoice = QuickRange | 'all' | 'custom';

export const DEFAULT_RANGE: QuickRange = '24h';
export const PAGE_SIZES = [25, 50, 100] as const;
/** The events page is a log: every state by default, unlike the timeline's open queue. */
export const EVENT_REVIEW_CHOICES: readonly ReviewFilter[] = ['all', 'open', 'new', 'acknowledged', 'resolved'];

/** The events page's filter in its URL; defaults are left out so a plain /events stays plain. */
export const eventSearch = defineSearchParams(
  {
    range: oneOf<RangeChoice, RangeChoice>(
      [...(Object.keys(QUICK_RANGES) as QuickRange[]), 'all', 'custom'],
      DEFAULT_RANGE,
    ),
    /** ISO 8601, only with range "custom". */
    start: dateTime(),
    end: dateTime(),
    mics: list().as('mic'),
    labels: list().as('label'),
    page: positiveInt(1),
    size: numberOf(PAGE_SIZES, 25),
    /** Show only the events of the page that other mics heard too. */
    corroboratedOnly: is('1').as('corroborated'),
    /** Order the page by how many mics heard each event, most first. */
    sortByHeard: is('heard').as('sort'),
    /** Review of the page's separate events (the edge knows nothing of reviews: applied to the page shown). */
    review: oneOf(EVENT_REVIEW_CHOICES, 'all'),
    assignee: text(),
    outcome: text(),
  },
  {
    // A link with bounds is a custom range whatever else it says; a page that picks a quick range drops the bounds.
    read: (filters) =>
      filters.start !== null || filters.end !== null || filters.range === 'custom'
        ? { ...filters, range: 'custom' as const }
        : filters,
    write: (filters) => (filters.range === 'custom' ? filters : { ...filters, start: null, end: null }),
  },
);
export type EventFilters = SearchState<typeof eventSearch>;

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
