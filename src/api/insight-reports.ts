import * as z from 'zod/mini';
import { lazySchema } from '@/lib/lazy-schema';

// Its own copy of the label name's shape: importing the shell's modules from this lazy chunk split them out of it.
const labelNameSchema = lazySchema(() => z.object({ ko: z.string(), en: z.string() }));
const heardBySchema = lazySchema(() => z.object({ id: z.string(), name: z.nullable(z.string()) }));
/* Issue 14 (the console server computes them): what is unusual now, which mics seem deaf, which thresholds to raise, an incident replay. */

const labelNameOrNull = lazySchema(() => z.nullable(labelNameSchema));

const unusualMicSchema = lazySchema(() =>
  z.object({
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
  }),
);
const unusualEdgeSchema = lazySchema(() =>
  z.object({
    edge_id: z.string(),
    label_id: z.string(),
    observed: z.number(),
    expected: z.number(),
    p_value: z.number(),
    mics: z.number(),
  }),
);
const unusualAreaSchema = lazySchema(() =>
  z.object({
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
  }),
);
/** How far the console has read the edge's history, which every report's expectations rest on. */
const backfillSchema = lazySchema(() =>
  z.object({
    status: z.enum(['idle', 'running', 'done', 'failed']),
    days: z.number(),
    covered_from: z.nullable(z.string()),
    progress: z.number(),
    requests: z.number(),
    error: z.nullable(z.string()),
  }),
);
export const unusualSchema = lazySchema(() =>
  z.object({
    computed_at: z.string(),
    window_minutes: z.number(),
    p_threshold: z.number(),
    backfill: backfillSchema,
    mics: z.array(unusualMicSchema),
    edges: z.array(unusualEdgeSchema),
    areas: z.array(unusualAreaSchema),
  }),
);
export type Unusual = z.infer<typeof unusualSchema>;
export type UnusualMic = z.infer<typeof unusualMicSchema>;
export type UnusualEdge = z.infer<typeof unusualEdgeSchema>;
export type UnusualArea = z.infer<typeof unusualAreaSchema>;

const healthReasonSchema = lazySchema(() => z.enum(['missed', 'silent', 'disconnected', 'not_reporting']));
const suspectMicSchema = lazySchema(() =>
  z.object({
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
  }),
);
export const micHealthSchema = lazySchema(() =>
  z.object({
    computed_at: z.string(),
    window_hours: z.number(),
    min_missed: z.number(),
    backfill: backfillSchema,
    mics: z.array(suspectMicSchema),
  }),
);
export type MicHealth = z.infer<typeof micHealthSchema>;
export type SuspectMic = z.infer<typeof suspectMicSchema>;
export type HealthReason = z.infer<typeof healthReasonSchema>;

const thresholdSuggestionSchema = lazySchema(() =>
  z.object({
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
    // Listening verdicts on this mic's clips of this label (an older server sends none).
    listening: z.optional(
      z.object({
        confirmed: z.number(),
        wrong: z.number(),
        heard_as: z.array(z.object({ label_id: z.string(), label_name: labelNameOrNull, n: z.number() })),
      }),
    ),
  }),
);
export const thresholdAdviceSchema = lazySchema(() =>
  z.object({
    computed_at: z.string(),
    days: z.number(),
    keep_share: z.number(),
    backfill: backfillSchema,
    suggestions: z.array(thresholdSuggestionSchema),
  }),
);
export type ThresholdAdvice = z.infer<typeof thresholdAdviceSchema>;
export type ThresholdSuggestion = z.infer<typeof thresholdSuggestionSchema>;

export const eventRateSchema = lazySchema(() =>
  z.object({
    mic_id: z.string(),
    label_id: z.string(),
    at: z.string(),
    days: z.number(),
    before_per_day: z.nullable(z.number()),
    after_per_day: z.nullable(z.number()),
    before_hours: z.number(),
    after_hours: z.number(),
  }),
);
export type EventRate = z.infer<typeof eventRateSchema>;

export const replaySchema = lazySchema(() =>
  z.object({
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
    events: z.array(
      z.object({ id: z.string(), mic_id: z.string(), at: z.string(), confidence: z.nullable(z.number()) }),
    ),
    motion: z.object({
      kind: z.enum(['stationary', 'moving', 'unknown']),
      origin_mic_id: z.nullable(z.string()),
      spread_s: z.number(),
      speed_mps: z.nullable(z.number()),
    }),
  }),
);
export type Replay = z.infer<typeof replaySchema>;
export type ReplayMic = Replay['mics'][number];
export type ReplayEvent = Replay['events'][number];
