import { request } from './client';
import {
  compositeEventPageSchema,
  compositeEventSchema,
  eventPageSchema,
  micEnvelopeSchema,
  micPageSchema,
  type Mic,
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

export function listEvents(params: EventListParams, signal?: AbortSignal) {
  return request({ path: '/api/v1/events', query: { ...params }, schema: eventPageSchema, signal });
}

export function listCompositeEvents(params: CompositeEventListParams, signal?: AbortSignal) {
  return request({ path: '/api/v1/composite-events', query: { ...params }, schema: compositeEventPageSchema, signal });
}

export function getCompositeEvent(id: string, signal?: AbortSignal) {
  return request({ path: `/api/v1/composite-events/${segment(id)}`, schema: compositeEventSchema, signal });
}

/** Every mic matching the filter, walking the pages at the largest size the service allows. */
export async function listAllMics(
  params: Pick<MicListParams, 'name' | 'edge_id'>,
  signal?: AbortSignal,
): Promise<Mic[]> {
  const first = await listMics({ ...params, page: 1, size: MAX_PAGE_SIZE }, signal);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.max_page - 1) }, (_, i) =>
      listMics({ ...params, page: i + 2, size: MAX_PAGE_SIZE }, signal),
    ),
  );
  const byId = new Map<string, Mic>();
  // Pages read at slightly different moments can repeat a device; keep one of each.
  for (const page of [first, ...rest]) for (const mic of page.results) byId.set(mic.id, mic);
  return [...byId.values()];
}
