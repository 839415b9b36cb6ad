import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { request } from './client';
import type { EventListParams } from './endpoints';
import type { EventQuery } from './queries';
import { labelNameSchema } from './schemas';

/** The console's own insights, computed by its server from the edge's events (not an edge operation). */

const heardBySchema = z.object({ id: z.string(), name: z.nullable(z.string()) });
export const corroborationSchema = z.object({
  radius_m: z.number(),
  window_s: z.number(),
  /** False when the neighbours' events were read only in part (bounded walk): counts are then "at least". */
  complete: z.boolean(),
  events: z.record(z.string(), z.object({ heard_by: z.array(heardBySchema) })),
});
export type Corroboration = z.infer<typeof corroborationSchema>;
export type HeardBy = z.infer<typeof heardBySchema>;

export function getCorroboration(params: EventListParams, signal?: AbortSignal) {
  return request({ path: '/api/insights/corroboration', query: { ...params }, schema: corroborationSchema, signal });
}

/* Issue 14: what is unusual now, which mics seem deaf, which thresholds to raise, an incident replay. */

const labelNameOrNull = z.nullable(labelNameSchema);

const unusualMicSchema = z.object({
  mic_id: z.string(),
  mic_name: z.nullable(z.string()),
  edge_id: z.string(),
  lat: z.nullable(z.number()),
  lng: z.nullable(z.number()),
  label_id: z.string(),
  label_name: labelNameOrNull,
  observed: z.number(),
  expected: z.number(),
  p_value: z.number(),
  /** The mic has too little history of its own: its expectation is its edge's. */
  borrowed: z.boolean(),
});
const unusualEdgeSchema = z.object({
  edge_id: z.string(),
  label_id: z.string(),
  observed: z.number(),
  expected: z.number(),
  p_value: z.number(),
  mics: z.number(),
});
const unusualAreaSchema = z.object({
  area_id: z.string(),
  name: z.string(),
  mic_ids: z.array(z.string()),
  lat: z.number(),
  lng: z.number(),
  label_id: z.string(),
  label_name: labelNameOrNull,
  observed: z.number(),
  expected: z.number(),
  p_value: z.number(),
});
export const unusualSchema = z.object({
  computed_at: z.string(),
  window_minutes: z.number(),
  p_threshold: z.number(),
  backfill: z.object({
    status: z.enum(['idle', 'running', 'done', 'failed']),
    days: z.number(),
    covered_from: z.nullable(z.string()),
    progress: z.number(),
    requests: z.number(),
    error: z.nullable(z.string()),
  }),
  mics: z.array(unusualMicSchema),
  edges: z.array(unusualEdgeSchema),
  areas: z.array(unusualAreaSchema),
});
export type Unusual = z.infer<typeof unusualSchema>;
export type UnusualMic = z.infer<typeof unusualMicSchema>;
export type UnusualEdge = z.infer<typeof unusualEdgeSchema>;
export type UnusualArea = z.infer<typeof unusualAreaSchema>;

const healthReasonSchema = z.enum(['missed', 'silent', 'disconnected', 'not_reporting']);
const suspectMicSchema = z.object({
  mic_id: z.string(),
  mic_name: z.nullable(z.string()),
  edge_id: z.string(),
  lat: z.nullable(z.number()),
  lng: z.nullable(z.number()),
  reasons: z.array(healthReasonSchema),
  missed: z.array(
    z.object({ event_id: z.string(), label_id: z.string(), at: z.string(), heard_by: z.array(heardBySchema) }),
  ),
  missed_count: z.number(),
  last_event_at: z.nullable(z.string()),
  usual_gap_s: z.nullable(z.number()),
  silent_for_s: z.nullable(z.number()),
  connected: z.nullable(z.boolean()),
  reported_at: z.nullable(z.string()),
});
export const micHealthSchema = z.object({
  computed_at: z.string(),
  window_hours: z.number(),
  min_missed: z.number(),
  mics: z.array(suspectMicSchema),
});
export type MicHealth = z.infer<typeof micHealthSchema>;
export type SuspectMic = z.infer<typeof suspectMicSchema>;
export type HealthReason = z.infer<typeof healthReasonSchema>;

const thresholdSuggestionSchema = z.object({
  mic_id: z.string(),
  mic_name: z.nullable(z.string()),
  edge_id: z.string(),
  label_id: z.string(),
  label_name: labelNameOrNull,
  current: z.number(),
  suggested: z.number(),
  real: z.number(),
  noise: z.number(),
  kept_real: z.number(),
  events_per_day_now: z.number(),
  events_per_day_after: z.number(),
});
export const thresholdAdviceSchema = z.object({
  computed_at: z.string(),
  days: z.number(),
  keep_share: z.number(),
  suggestions: z.array(thresholdSuggestionSchema),
});
export type ThresholdAdvice = z.infer<typeof thresholdAdviceSchema>;
export type ThresholdSuggestion = z.infer<typeof thresholdSuggestionSchema>;

export const eventRateSchema = z.object({
  mic_id: z.string(),
  label_id: z.string(),
  at: z.string(),
  days: z.number(),
  before_per_day: z.nullable(z.number()),
  after_per_day: z.nullable(z.number()),
  before_hours: z.number(),
  after_hours: z.number(),
});
export type EventRate = z.infer<typeof eventRateSchema>;

export const replaySchema = z.object({
  composite_id: z.string(),
  label_id: z.string(),
  label_name: labelNameOrNull,
  from: z.string(),
  to: z.string(),
  mics: z.array(
    z.object({
      id: z.string(),
      name: z.nullable(z.string()),
      lat: z.number(),
      lng: z.number(),
      role: z.enum(['member', 'neighbour']),
    }),
  ),
  events: z.array(z.object({ id: z.string(), mic_id: z.string(), at: z.string(), confidence: z.nullable(z.number()) })),
  motion: z.object({
    kind: z.enum(['stationary', 'moving', 'unknown']),
    origin_mic_id: z.nullable(z.string()),
    spread_s: z.number(),
    speed_mps: z.nullable(z.number()),
  }),
});
export type Replay = z.infer<typeof replaySchema>;
export type ReplayMic = Replay['mics'][number];
export type ReplayEvent = Replay['events'][number];

export interface RateQuery {
  micId: string;
  labelId: string;
  at: string;
  days?: number;
}

/** The insights refresh on their own: the server recomputes them, nothing pushes them. */
export const INSIGHTS_REFRESH_MS = 60_000;

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
            start:
              sinceMinutes === undefined ? params.start : new Date(Date.now() - sinceMinutes * 60_000).toISOString(),
          },
          signal,
        ),
      placeholderData: keepPreviousData,
    }),

  unusual: () =>
    queryOptions({
      queryKey: [...insightQueries.all(), 'unusual'] as const,
      queryFn: ({ signal }) => request({ path: '/api/insights/unusual', schema: unusualSchema, signal }),
      refetchInterval: (query) =>
        // While the history is being read the rows change quickly; poll faster so progress moves.
        query.state.data?.backfill.status === 'running' ? 10_000 : INSIGHTS_REFRESH_MS,
    }),
  health: () =>
    queryOptions({
      queryKey: [...insightQueries.all(), 'health'] as const,
      queryFn: ({ signal }) => request({ path: '/api/insights/health', schema: micHealthSchema, signal }),
      refetchInterval: INSIGHTS_REFRESH_MS,
    }),
  thresholds: (filter: { micId?: string; labelId?: string } = {}) =>
    queryOptions({
      queryKey: [...insightQueries.all(), 'thresholds', filter] as const,
      queryFn: ({ signal }) =>
        request({
          path: '/api/insights/thresholds',
          query: { mic_id: filter.micId, label_id: filter.labelId },
          schema: thresholdAdviceSchema,
          signal,
        }),
      refetchInterval: INSIGHTS_REFRESH_MS * 5,
    }),
  rate: ({ micId, labelId, at, days }: RateQuery) =>
    queryOptions({
      queryKey: [...insightQueries.all(), 'rate', { micId, labelId, at, days }] as const,
      queryFn: ({ signal }) =>
        request({
          path: '/api/insights/rate',
          query: { mic_id: micId, label_id: labelId, at, days },
          schema: eventRateSchema,
          signal,
        }),
      staleTime: 5 * 60_000,
    }),
  replay: (compositeId: string) =>
    queryOptions({
      queryKey: [...insightQueries.all(), 'replay', compositeId] as const,
      queryFn: ({ signal }) =>
        request({ path: `/api/insights/replay/${encodeURIComponent(compositeId)}`, schema: replaySchema, signal }),
      staleTime: 60_000,
    }),
};
