import { contractError } from './api-error';
import { request } from './client';
import { checkedMics } from './inventory-check';
import { zodMessages } from './zod-messages';
import {
  compositeEventPageSchema,
  compositeEventSchema,
  eventPageSchema,
  inventoryEnvelopeSchema,
  inventorySchema,
  micLevelsSchema,
  micEnvelopeSchema,
  micPageSchema,
  type Inventory,
  type MicPatch,
} from './schemas';

/** Largest page the service allows (size must be below 101). */
export const MAX_PAGE_SIZE = 100;

export interface MicListParams {
  page?: number;
  size?: number;
  name?: string | null;
  edge_id?: string | null;
}

export interface EventListParams {
  page?: number;
  size?: number;
  /** ISO 8601 */
  start?: string | null;
  end?: string | null;
  mic_id?: readonly string[];
  label_id?: readonly string[];
}

export interface CompositeEventListParams {
  page?: number;
  size?: number;
  created_at__ge?: string | null;
  created_at__le?: string | null;
  composite_rule_id?: string | null;
  order_by?: 'asc' | 'desc' | null;
}

const segment = (id: string) => encodeURIComponent(id);

export function listMics(params: MicListParams, signal?: AbortSignal) {
  return request({ path: '/api/v1/mics', query: { ...params }, schema: micPageSchema, signal });
}

export async function getMic(micId: string, signal?: AbortSignal) {
  return (await request({ path: `/api/v1/mics/${segment(micId)}`, schema: micEnvelopeSchema, signal })).data;
}

export async function updateMic(micId: string, patch: MicPatch) {
  return (
    await request({ method: 'PATCH', path: `/api/v1/mics/${segment(micId)}`, body: patch, schema: micEnvelopeSchema })
  ).data;
}

export function listEvents(params: EventListParams, signal?: AbortSignal, onHeaders?: (headers: Headers) => void) {
  return request({ path: '/api/v1/events', query: { ...params }, schema: eventPageSchema, signal, onHeaders });
}

export function listCompositeEvents(
  params: CompositeEventListParams,
  signal?: AbortSignal,
  onHeaders?: (headers: Headers) => void,
) {
  const path = '/api/v1/composite-events';
  return request({ path, query: { ...params }, schema: compositeEventPageSchema, signal, onHeaders });
}

export function getCompositeEvent(id: string, signal?: AbortSignal) {
  return request({ path: `/api/v1/composite-events/${segment(id)}`, schema: compositeEventSchema, signal });
}

/**
 * Every mic, from the console server's hub in one response (it walks the edge's pages once for
 * all screens, up to its cap). Revalidated with the ETag by the browser's HTTP cache.
 */
export async function getInventory(edgeId: string | null, signal?: AbortSignal): Promise<Inventory> {
  const path = '/api/inventory/mics';
  const envelope = await request({ path, query: { edge_id: edgeId }, schema: inventoryEnvelopeSchema, signal });
  const mics = checkedMics(envelope.mics);
  if (mics !== null) return { ...envelope, mics };
  // Something is off: the schema's own check names the field.
  await zodMessages;
  const parsed = inventorySchema.safeParse(envelope);
  if (!parsed.success) throw contractError(`GET ${path}`, parsed.error);
  return parsed.data;
}

/** Each mic's threshold for one category, for the map's coverage layer (the inventory carries none). */
export function getMicLevels(category: string, signal?: AbortSignal) {
  return request({ path: '/api/inventory/levels', query: { category }, schema: micLevelsSchema, signal });
}
