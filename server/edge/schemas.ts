import * as z from 'zod';

/**
 * The edge's shapes, as the interface document (../shared/spec/edge-mic-service-interface.md)
 * describes them, written once for every server concern. Every object is loose: the fields the
 * console works with are checked, and a field the edge adds is passed on as it came (after
 * credential redaction), so what /mics shows, the map and the wall show too.
 */
const timestamp = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'expected an ISO 8601 timestamp');
const location = z.looseObject({ latitude: z.number(), longitude: z.number() });

export const micSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  host: z.string(),
  edge_id: z.string(),
  status: z.string(),
  thresholds: z.record(z.string(), z.object({ sound_level_ge: z.number(), confidence: z.number() })),
  location,
  created_at: timestamp,
  updated_at: timestamp,
});

const labelName = z.object({ ko: z.string(), en: z.string() });

export const eventSchema = z.looseObject({
  id: z.string(),
  label: z.looseObject({ id: z.string(), name: labelName }),
  confidence: z.number(),
  mic: z.looseObject({ id: z.string(), name: z.string(), location }),
  created_at: timestamp,
  updated_at: timestamp,
});

export const compositeSchema = z.looseObject({
  id: z.string(),
  started_at: timestamp,
  mics: z.array(z.looseObject({ id: z.string(), edge_id: z.string() })),
  events: z.array(z.looseObject({ mic_id: z.string(), microphone: z.looseObject({ edge_id: z.string() }) })),
  labels: z.array(z.looseObject({ id: z.string() })),
});

/**
 * Counts may be any integer the interface allows, even past 2^53 (a `total_cnt` of max_page × size):
 * they are only quoted or compared, never used to size anything.
 */
export const count = z.number().refine(Number.isInteger, 'expected an integer');

export const envelopeSchema = z.object({
  page: count,
  size: count,
  total_cnt: count,
  max_page: count,
  results: z.array(z.unknown()),
});

export const micEnvelopeSchema = z.looseObject({ data: micSchema });

export type Mic = z.infer<typeof micSchema>;
export type SoundEvent = z.infer<typeof eventSchema>;
export type CompositeEvent = z.infer<typeof compositeSchema>;
export type Envelope = z.infer<typeof envelopeSchema>;
