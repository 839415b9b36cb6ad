import { z } from 'zod';
import { EdgeResponseTooLarge, readCapped } from '../gateway/edge-answer.js';
import { EdgeError, parseEdgeAnswer } from '../gateway/edge-error.js';
import { upstreamUrl } from '../gateway/proxy.js';
import { redactCredentials } from '../redact.js';

/** Scanned per count at most: the edge's counts are never trusted to size a loop. */
export const MAX_COMPOSITE_PAGES = 4;
export const MAX_EVENT_PAGES = 10;
const PAGE_SIZE = 100;
// A composite event carries its base events and mics: tens of kilobytes each.
const COMPOSITE_PAGE_SIZE = 50;

const compositePage = z.object({
  results: z.array(
    z
      .object({
        id: z.string(),
        started_at: z.string().optional(),
        events: z.array(z.object({ id: z.string() }).loose()).optional(),
      })
      .loose(),
  ),
});
const eventPage = z.object({
  results: z.array(z.object({ id: z.string(), created_at: z.string().optional() }).loose()),
});

export interface RecentItems {
  composites: string[];
  /** Base events that are not part of any composite event read. */
  events: string[];
  /** A page limit stopped the scan: there may be more. */
  capped: boolean;
}

export interface EdgeAccess {
  upstream: string;
  /** The server's token; null: the asking browser's Authorization header is used. */
  token: string | null;
  timeoutMs: number;
  /** EDGE_MAX_RESPONSE_BYTES, as for the gateway and the hub; its default when not given. */
  maxResponseBytes?: number;
}

const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/**
 * One GET of the edge with the server's token (or the asking browser's), read as JSON of `schema`
 * under the gateway's rules: no redirect followed, a size limit, a timeout, credentials removed.
 * Every way it can fail is an `EdgeError` naming what went wrong.
 */
export async function getEdge<T extends z.ZodType>(
  access: EdgeAccess,
  path: string,
  params: URLSearchParams,
  authorization: string | null,
  schema: T,
): Promise<z.infer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const auth = access.token !== null ? `Bearer ${access.token}` : authorization;
  if (auth !== null) headers.authorization = auth;
  let response: Response;
  let bytes: Buffer;
  try {
    response = await fetch(upstreamUrl(access.upstream, path, params.toString()), {
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(access.timeoutMs),
    });
    bytes = response.ok
      ? await readCapped(response, access.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES)
      : Buffer.of();
  } catch (error) {
    if (error instanceof EdgeResponseTooLarge) throw new EdgeError(502, `${error.message} (GET ${path})`);
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new EdgeError(timedOut ? 504 : 502, timedOut ? 'Edge server did not answer in time' : 'Edge unreachable');
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    // As the insights' reader: a refusal or a missing path keeps its status, any other failure is a bad gateway.
    const status = [401, 403, 404].includes(response.status) ? response.status : 502;
    throw new EdgeError(status, `Edge server answered ${response.status} (GET ${path})`);
  }
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new EdgeError(502, `Edge server sent malformed JSON (GET ${path})`);
  }
  return parseEdgeAnswer(schema, redactCredentials(body), `GET ${path}`);
}

/**
 * The composite events and the base events not part of one that fired since `since`, read
 * page by page up to a fixed number of pages (a page shorter than asked ends the scan early).
 */
export async function readRecent(access: EdgeAccess, since: Date, authorization: string | null): Promise<RecentItems> {
  const composites: string[] = [];
  const inComposite = new Set<string>();
  let capped = false;
  for (let page = 1; ; page++) {
    if (page > MAX_COMPOSITE_PAGES) {
      capped = true;
      break;
    }
    const params = new URLSearchParams({
      page: String(page),
      size: String(COMPOSITE_PAGE_SIZE),
      created_at__ge: since.toISOString(),
      order_by: 'desc',
    });
    const body = await getEdge(access, '/api/v1/composite-events', params, authorization, compositePage);
    for (const item of body.results) {
      composites.push(item.id);
      for (const event of item.events ?? []) inComposite.add(event.id);
    }
    if (body.results.length < COMPOSITE_PAGE_SIZE) break;
  }
  const events: string[] = [];
  for (let page = 1; ; page++) {
    if (page > MAX_EVENT_PAGES) {
      capped = true;
      break;
    }
    const params = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE), start: since.toISOString() });
    const body = await getEdge(access, '/api/v1/events', params, authorization, eventPage);
    for (const item of body.results) if (!inComposite.has(item.id)) events.push(item.id);
    if (body.results.length < PAGE_SIZE) break;
  }
  return { composites: [...new Set(composites)], events: [...new Set(events)], capped };
}
