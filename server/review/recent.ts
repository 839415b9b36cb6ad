import { z } from 'zod';
import { clientOf, getEdge, type EdgeAccess } from '../edge/access.js';
import { readPages } from '../edge/pages.js';

// The edge is read through the console's one client (server/edge/); these stay importable here.
export { getEdge, type EdgeAccess };

/** Scanned per count at most: the edge's counts are never trusted to size a loop. */
export const MAX_COMPOSITE_PAGES = 4;
export const MAX_EVENT_PAGES = 10;
const PAGE_SIZE = 100;
// A composite event carries its base events and mics: tens of kilobytes each.
const COMPOSITE_PAGE_SIZE = 50;

const compositeItem = z
  .object({
    id: z.string(),
    started_at: z.string().optional(),
    events: z.array(z.object({ id: z.string() }).loose()).optional(),
  })
  .loose();
const eventItem = z.object({ id: z.string(), created_at: z.string().optional() }).loose();

export interface RecentItems {
  composites: string[];
  /** Base events that are not part of any composite event read. */
  events: string[];
  /** A page limit stopped the scan: there may be more. */
  capped: boolean;
  /** The objects read, for scoring their priority (server/priority): composite events, and base events not in one. */
  compositeItems?: unknown[];
  eventItems?: unknown[];
}

/**
 * The composite events and the base events not part of one that fired since `since`, read
 * page by page up to a fixed number of pages (a page shorter than asked ends the scan early).
 */
export async function readRecent(access: EdgeAccess, since: Date, authorization: string | null): Promise<RecentItems> {
  const edge = clientOf(access);
  const request = { authorization };
  const composites = await readPages(edge, {
    path: '/api/v1/composite-events',
    query: { created_at__ge: since.toISOString(), order_by: 'desc' },
    item: compositeItem,
    idOf: (item) => item.id,
    maxPages: MAX_COMPOSITE_PAGES,
    size: COMPOSITE_PAGE_SIZE,
    request,
  });
  const inComposite = new Set(composites.items.flatMap((item) => (item.events ?? []).map((event) => event.id)));
  const events = await readPages(edge, {
    path: '/api/v1/events',
    query: { start: since.toISOString() },
    item: eventItem,
    idOf: (item) => item.id,
    maxPages: MAX_EVENT_PAGES,
    size: PAGE_SIZE,
    request,
  });
  return {
    composites: composites.items.map((item) => item.id),
    events: events.items.map((item) => item.id).filter((id) => !inComposite.has(id)),
    capped: !composites.complete || !events.complete,
    compositeItems: composites.items,
    eventItems: events.items.filter((item) => !inComposite.has(item.id)),
  };
}
