import * as z from 'zod/mini';
import { lazySchema } from '@/lib/lazy-schema';

/**
 * The edge mic service's resources, as the interface document describes them.
 * Unknown extra fields are dropped; a missing or mistyped field is an error naming its path.
 */

const timestamp = lazySchema(() =>
  z
    .string()
    .check(z.refine((value) => !Number.isNaN(Date.parse(value)), { message: 'expected an ISO 8601 timestamp' })),
);

export const locationSchema = lazySchema(() => z.object({ latitude: z.number(), longitude: z.number() }));

export const thresholdSchema = lazySchema(() => z.object({ sound_level_ge: z.number(), confidence: z.number() }));

/** `active` and `inactive` are the documented values; anything newer is kept and shown as unknown. */
export const micStatusSchema = lazySchema(() => z.string());
export const KNOWN_MIC_STATUSES = ['active', 'inactive'] as const;

export const micSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    host: z.string(),
    edge_id: z.string(),
    status: micStatusSchema,
    thresholds: z.record(z.string(), thresholdSchema),
    location: locationSchema,
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

export const labelNameSchema = lazySchema(() => z.object({ ko: z.string(), en: z.string() }));

export const labelSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: labelNameSchema,
    active: z.optional(z.boolean()),
  }),
);

export const eventSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    label: z.object({ id: z.string(), name: labelNameSchema }),
    confidence: z.number(),
    mic: z.object({ id: z.string(), name: z.string(), location: locationSchema }),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

/**
 * Channel and console endpoints. `username` and `password` are deliberately not part of the
 * schema: whatever the server sends there is dropped at the boundary and never reaches a component.
 */
export const connectionSchema = lazySchema(() => z.object({ scheme: z.string(), port: z.int(), path: z.string() }));

export const extendedMicSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    host: z.string(),
    subnet_mask: z.string(),
    mac_address: z.string(),
    microphone_type: z.string(),
    channel: connectionSchema,
    console: connectionSchema,
    location: locationSchema,
    streaming: z.boolean(),
    recording: z.boolean(),
    status: z.string(),
    thresholds: z.optional(z.record(z.string(), thresholdSchema)),
    created_at: timestamp,
    updated_at: timestamp,
    deleted_at: z.nullable(timestamp),
    reported_at: timestamp,
    connected: z.boolean(),
    edge_id: z.string(),
    edge_status: z.optional(z.string()),
  }),
);

export const baseEventSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    confidence: z.number(),
    confidence_threshold: z.number(),
    sound_level: z.number(),
    sound_level_threshold: z.number(),
    description: z.string(),
    audio_file: z.object({ file_path: z.string() }),
    is_read: z.boolean(),
    read_at: z.nullable(timestamp),
    created_at: timestamp,
    updated_at: timestamp,
    label_id: z.string(),
    mic_id: z.string(),
    label: labelSchema,
    microphone: extendedMicSchema,
  }),
);

export const compositeRuleSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    window_seconds: z.int(),
    min_events: z.int(),
    enabled: z.boolean(),
    group_by: z.string(),
    include_label_ids: z.array(z.string()),
    include_mic_ids: z.array(z.string()),
  }),
);

export const compositeEventSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    group_key: z.string(),
    rule: compositeRuleSchema,
    events: z.array(baseEventSchema),
    mics: z.array(extendedMicSchema),
    labels: z.array(labelSchema),
    started_at: timestamp,
  }),
);

/**
 * A count from the edge: any integer the interface allows, even past 2^53 (a `total_cnt` of
 * max_page × size). Counts are only shown or compared, never used to size a loop or an array.
 */
const count = lazySchema(() => z.number().check(z.refine(Number.isInteger, { message: 'expected an integer' })));

export function pageSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({
    page: count,
    size: count,
    total_cnt: count,
    max_page: count,
    results: z.array(item),
  });
}

export const micPageSchema = pageSchema(micSchema);
export const micEnvelopeSchema = lazySchema(() => z.object({ data: micSchema }));
export const eventPageSchema = pageSchema(eventSchema);
export const compositeEventPageSchema = pageSchema(compositeEventSchema);

/**
 * A mic as GET /api/inventory/mics serves it: what the map, the wall, the pickers and the place
 * words read. Host, thresholds and timestamps stay out (two thirds of a city's answer); a screen
 * showing them reads the mic itself (micQueries.detail).
 */
export const inventoryMicSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    edge_id: z.string(),
    status: micStatusSchema,
    location: locationSchema,
  }),
);

/** GET /api/inventory/mics: every mic the console server's hub holds, in one response. */
const inventoryFields = {
  version: z.string(),
  edge_id: z.nullable(z.string()),
  /** False when the hub's walk stopped at its page cap: only the first `count` mics are here. */
  complete: z.boolean(),
  count,
  reported_total: z.nullable(count),
  max_pages: count,
  page_size: count,
  /** The hub's last walk failed: these mics are from `since`. */
  stale: z.nullable(z.object({ since: z.nullable(timestamp), error: z.string() })),
  /** Every category some mic here has a threshold for, sorted. */
  categories: z.array(z.string()),
};
export const inventorySchema = lazySchema(() => z.object({ ...inventoryFields, mics: z.array(inventoryMicSchema) }));
/** The inventory with its mics left unchecked: they are checked by hand (inventory-check.ts). */
export const inventoryEnvelopeSchema = lazySchema(() => z.object({ ...inventoryFields, mics: z.array(z.unknown()) }));

/** GET /api/inventory/levels: each mic's threshold for one category, for the map's coverage layer. */
export const micLevelsSchema = lazySchema(() =>
  z.object({
    version: z.string(),
    category: z.string(),
    /** Every threshold of every mic lies where dB thresholds do (the interface names no unit). */
    in_db: z.boolean(),
    /** Mic id to its `sound_level_ge`; a mic without a threshold for the category is absent. */
    levels: z.record(z.string(), z.number()),
  }),
);

export type Location = z.infer<typeof locationSchema>;
export type Threshold = z.infer<typeof thresholdSchema>;
export type Mic = z.infer<typeof micSchema>;
export type Label = z.infer<typeof labelSchema>;
export type LabelName = z.infer<typeof labelNameSchema>;
export type SoundEvent = z.infer<typeof eventSchema>;
export type Connection = z.infer<typeof connectionSchema>;
export type ExtendedMic = z.infer<typeof extendedMicSchema>;
export type BaseEvent = z.infer<typeof baseEventSchema>;
export type CompositeRule = z.infer<typeof compositeRuleSchema>;
export type CompositeEvent = z.infer<typeof compositeEventSchema>;
export type InventoryMic = z.infer<typeof inventoryMicSchema>;
export type Inventory = z.infer<typeof inventorySchema>;
export type MicLevels = z.infer<typeof micLevelsSchema>;
export interface Page<T> {
  page: number;
  size: number;
  total_cnt: number;
  max_page: number;
  results: T[];
}

/** Body of PATCH /api/v1/mics/{id}: any subset of these fields. */
export interface MicPatch {
  name?: string;
  host?: string;
  location?: Location;
  status?: 'active' | 'inactive';
  /** Category name to a single number in 0..1. */
  thresholds?: Record<string, number>;
}
