import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/lazy-schema';
import { windowStart } from '@/lib/time-window';
import { request } from './client';
import type { EventListParams } from './endpoints';
import type { EventQuery } from './queries';

/** The console's own insights, computed by its server from the edge's events (not an edge operation). */

const heardBySchema = lazySchema(() => z.object({ id: z.string(), name: z.nullable(z.string()) }));
export const corroborationSchema = lazySchema(() =>
  z.object({
    radius_m: z.number(),
    window_s: z.number(),
    /** False when the events around them were read only in part (a bounded read): counts are then "at least". */
    complete: z.boolean(),
    events: z.record(
      z.string(),
      z.object({
        heard_by: z.array(heardBySchema),
        /**
         * Every event of this one's window (both sides) was read: the mics named are all that heard
         * it. Until then its own mic alone says nothing yet ("not known yet"), and a count is "at least".
         */
        complete: z.boolean(),
      }),
    ),
  }),
);
export type Corroboration = z.infer<typeof corroborationSchema>;
export type HeardBy = z.infer<typeof heardBySchema>;

export function getCorroboration(params: EventListParams, signal?: AbortSignal) {
  return request({ path: '/api/insights/corroboration', query: { ...params }, schema: corroborationSchema, signal });
}

/** Who heard these events (at most HEARD_BY_MAX_IDS), from what the console holds: no edge request. */
export function getHeardBy(ids: readonly string[], signal?: AbortSignal) {
  return request({
    path: '/api/insights/heard-by',
    query: { id: ids },
    schema: corroborationSchema,
    signal,
    // Its answer says nothing of the edge's health: the console answers it on its own.
    consoleOnly: true,
  });
}

/** The server's limit of ids per heard-by request. */
export const HEARD_BY_MAX_IDS = 100;
/**
 * The hub pushes new events, and a screen's ids change with them: that asks again. This slower
 * refresh catches neighbours' reports that arrive after an event without changing what is shown.
 */
const HEARD_BY_REFRESH_MS = 30_000;
/** An event the console has not stored yet usually is within a hub poll or two. */
const HEARD_BY_MISSING_MS = 5_000;
/** Answers asked for quickly while ids are missing; an id still missing then (pruned, never read) waits like the rest. */
const HEARD_BY_MISSING_TRIES = 6;
/**
 * A live feed's id set changes with every push and an old set is not asked again: kept the
 * default 5 minutes, a wall at a busy edge held hundreds of them (the soak: 71 -> 382 answers,
 * with their timers, in 5 minutes).
 */
const HEARD_BY_GC_MS = 30_000;

export type {
  EventRate,
  HealthReason,
  MicHealth,
  Replay,
  ReplayEvent,
  ReplayMic,
  SuspectMic,
  ThresholdAdvice,
  ThresholdSuggestion,
  Unusual,
  UnusualArea,
  UnusualEdge,
  UnusualMic,
} from './insight-reports';
export type { DroppedMic, LocateMethod, LocatedSource, SourceAnswer, SourceResidual, SourceTrack } from './location';

/**
 * The issue-14 reports' schemas load with the first page that asks for one, not with the shell
 * every page loads first (the keys stay here, with the other insights).
 */
const reports = () => import('./insight-reports');
/** Where a composite event's sounds were (issue 27): loaded with the first page that shows a place. */
const location = () => import('./location');

export interface RateQuery {
  micId: string;
  labelId: string;
  at: string;
  days?: number;
}

/** The insights refresh on their own: the server recomputes them, nothing pushes them. */
export const INSIGHTS_REFRESH_MS = 60_000;

/**
 * Every report rests on the history the console reads from the edge at start: while that runs,
 * answers change quickly (more days, more evidence), so they are asked for every 10 s.
 */
function whileReading(answer: { backfill: { status: string } } | undefined, settled: number): number {
  return answer?.backfill.status === 'running' ? 10_000 : settled;
}

export const insightQueries = {
  all: () => ['insights'] as const,
  /**
   * Who heard each event of one events page. Keyed by the page's event ids as well, so it is
   * asked again exactly when the page shown changes.
   */
  corroboration: ({ sinceMinutes, ...params }: EventQuery, shownIds: readonly string[]) =>
    queryOptions({
      queryKey: [...insightQueries.all(), 'corroboration', { ...params, sinceMinutes }, shownIds] as const,
      queryFn: ({ signal }) =>
        getCorroboration(
          {
            ...params,
            start: sinceMinutes === undefined ? params.start : windowStart(sinceMinutes),
          },
          signal,
        ),
      placeholderData: keepPreviousData,
      // An event just heard: its window closes within seconds, then the answer says who heard it.
      refetchInterval: (query) => {
        const answer = query.state.data;
        const open = answer?.complete === true && Object.values(answer.events).some((e) => !e.complete);
        return open && query.state.dataUpdateCount < HEARD_BY_MISSING_TRIES ? HEARD_BY_MISSING_MS : false;
      },
    }),

  /** Who heard these events (a wall's feed, a popup's or a composite event's events), keyed by their set of ids. */
  heardBy: (ids: readonly string[]) => {
    const set = [...new Set(ids)].sort();
    return queryOptions({
      queryKey: [...insightQueries.all(), 'heard-by', set] as const,
      queryFn: ({ signal }) => getHeardBy(set, signal),
      placeholderData: keepPreviousData,
      gcTime: HEARD_BY_GC_MS,
      refetchInterval: (query) => {
        const known = query.state.data?.events;
        // Not held yet, or its window not read yet (an event just heard): known within seconds.
        const missing = known !== undefined && set.some((id) => known[id]?.complete !== true);
        return missing && query.state.dataUpdateCount < HEARD_BY_MISSING_TRIES
          ? HEARD_BY_MISSING_MS
          : HEARD_BY_REFRESH_MS;
      },
    });
  },

  unusual: () =>
    queryOptions({
      queryKey: [...insightQueries.all(), 'unusual'] as const,
      queryFn: async ({ signal }) =>
        request({ path: '/api/insights/unusual', schema: (await reports()).unusualSchema, signal }),
      refetchInterval: (query) => whileReading(query.state.data, INSIGHTS_REFRESH_MS),
    }),
  health: () =>
    queryOptions({
      queryKey: [...insightQueries.all(), 'health'] as const,
      queryFn: async ({ signal }) =>
        request({ path: '/api/insights/health', schema: (await reports()).micHealthSchema, signal }),
      refetchInterval: (query) => whileReading(query.state.data, INSIGHTS_REFRESH_MS),
    }),
  thresholds: (filter: { micId?: string; labelId?: string } = {}) =>
    queryOptions({
      queryKey: [...insightQueries.all(), 'thresholds', filter] as const,
      queryFn: async ({ signal }) =>
        request({
          path: '/api/insights/thresholds',
          query: { mic_id: filter.micId, label_id: filter.labelId },
          schema: (await reports()).thresholdAdviceSchema,
          signal,
        }),
      refetchInterval: (query) => whileReading(query.state.data, INSIGHTS_REFRESH_MS * 5),
    }),
  rate: ({ micId, labelId, at, days }: RateQuery) =>
    queryOptions({
      queryKey: [...insightQueries.all(), 'rate', { micId, labelId, at, days }] as const,
      queryFn: async ({ signal }) =>
        request({
          path: '/api/insights/rate',
          query: { mic_id: micId, label_id: labelId, at, days },
          schema: (await reports()).eventRateSchema,
          signal,
        }),
      staleTime: 5 * 60_000,
    }),
  replay: (compositeId: string) =>
    queryOptions({
      queryKey: [...insightQueries.all(), 'replay', compositeId] as const,
      queryFn: async ({ signal }) =>
        request({
          path: `/api/insights/replay/${encodeURIComponent(compositeId)}`,
          schema: (await reports()).replaySchema,
          signal,
        }),
      staleTime: 60_000,
    }),
  /**
   * Where each sound of a composite event was made. It changes only when the composite grows (new
   * base events): a wall or a list asks again now and then, not on every render.
   */
  source: (compositeId: string) =>
    queryOptions({
      queryKey: [...insightQueries.all(), 'source', compositeId] as const,
      queryFn: async ({ signal }) =>
        request({
          path: `/api/insights/composite-events/${encodeURIComponent(compositeId)}/source`,
          schema: (await location()).sourceAnswerSchema,
          signal,
        }),
      staleTime: 60_000,
    }),
  /**
   * The places of several composite events in one request (at most 50, the server's cap), each written
   * where `source` keeps it: a screen's first places arrive together, then each is kept fresh alone.
   */
  sources: (compositeIds: readonly string[]) =>
    queryOptions({
      queryKey: [...insightQueries.all(), 'sources', compositeIds] as const,
      queryFn: async ({ signal, client }) => {
        // The schemas' chunk loads beside the answer, not before the request.
        const [places, raw] = await Promise.all([
          location(),
          request({
            path: '/api/insights/composite-events/sources',
            query: { id: compositeIds.slice(0, 50) },
            schema: z.unknown(),
            signal,
          }),
        ]);
        return places.keepSources(client, raw, (id) => insightQueries.source(id).queryKey);
      },
      staleTime: Infinity,
    }),
};
