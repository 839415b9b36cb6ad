import type { QueryClient, QueryKey } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/lazy-schema';
import { contractError } from './api-error';

/*
 * GET /api/insights/composite-events/:id/source (server/location/): where each sound of a
 * composite event was made. Loaded with the first page that asks for a place, not with the shell.
 * Codes are read as plain strings: a newer server's reason still shows, in its English words.
 */

const droppedSchema = lazySchema(() =>
  z.object({
    mic_id: z.string(),
    event_id: z.string(),
    /** `no-location`, `clock`, `level`, `implausible-level`. */
    code: z.string(),
    why: z.string(),
  }),
);

const residualSchema = lazySchema(() =>
  z.object({
    mic_id: z.string(),
    event_id: z.string(),
    distance_m: z.number(),
    arrival_ms: z.nullable(z.number()),
    level_db: z.nullable(z.number()),
  }),
);

export const LOCATE_METHODS = ['arrival-time', 'level', 'nearest-mic'] as const;

const sourceSchema = lazySchema(() =>
  z.object({
    at: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    radius_m: z.number(),
    ellipse: z.nullable(z.object({ semi_major_m: z.number(), semi_minor_m: z.number(), bearing_deg: z.number() })),
    method: z.enum(LOCATE_METHODS),
    mic_ids: z.array(z.string()),
    event_ids: z.array(z.string()),
    dropped: z.array(droppedSchema),
    residuals: z.array(residualSchema),
    source_level_db: z.nullable(z.number()),
    reason: z.nullable(z.string()),
    reason_codes: z.array(z.string()),
    label_id: z.string(),
  }),
);

const trackSchema = lazySchema(() =>
  z.object({
    source_indexes: z.array(z.number()),
    speed_mps: z.number(),
    speed_error_mps: z.number(),
    heading_deg: z.number(),
    from: z.string(),
    to: z.string(),
  }),
);

export const sourceAnswerSchema = lazySchema(() =>
  z.object({
    composite_id: z.string(),
    speed_of_sound_mps: z.number(),
    timestamp_resolution_ms: z.number(),
    sources: z.array(sourceSchema),
    tracks: z.array(trackSchema),
    reason: z.optional(z.string()),
  }),
);

export type SourceAnswer = z.infer<typeof sourceAnswerSchema>;
export type LocatedSource = z.infer<typeof sourceSchema>;
export type SourceTrack = z.infer<typeof trackSchema>;
export type DroppedMic = z.infer<typeof droppedSchema>;
export type SourceResidual = z.infer<typeof residualSchema>;
export type LocateMethod = (typeof LOCATE_METHODS)[number];

/** GET /api/insights/composite-events/sources: several composites' answers, and why the others have none. */
export const sourcesAnswerSchema = lazySchema(() =>
  z.object({
    sources: z.record(z.string(), sourceAnswerSchema),
    failed: z.record(z.string(), z.object({ status: z.number(), detail: z.string() })),
  }),
);

/**
 * Reads GET /api/insights/composite-events/sources's answer and writes each place where a query
 * of that one composite keeps it (`keyOf`), so each is then kept fresh on its own.
 */
export function keepSources(client: QueryClient, raw: unknown, keyOf: (id: string) => QueryKey) {
  const parsed = sourcesAnswerSchema.safeParse(raw);
  if (!parsed.success) throw contractError('GET /api/insights/composite-events/sources', parsed.error);
  for (const [id, answer] of Object.entries(parsed.data.sources)) client.setQueryData(keyOf(id), answer);
  return parsed.data;
}
