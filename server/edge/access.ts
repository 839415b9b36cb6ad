import type * as z from 'zod';
import { createEdgeClient, type EdgeClient, type EdgeSettings } from './client.js';
import type { EdgeQuery } from './url.js';

/** EDGE_MAX_RESPONSE_BYTES when a caller (a test) gives none. */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/**
 * How a concern is told to reach the edge: the console's one client (what app.ts passes), or the
 * bare settings a test gives, from which a client is made once and kept.
 */
export type EdgeAccess =
  EdgeClient | (Omit<EdgeSettings, 'maxResponseBytes'> & { maxResponseBytes?: number; client?: undefined });

const made = new WeakMap<object, EdgeClient>();

export function clientOf(access: EdgeAccess): EdgeClient {
  if ('send' in access) return access;
  let client = made.get(access);
  if (client === undefined) {
    client = createEdgeClient({ ...access, maxResponseBytes: access.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES });
    made.set(access, client);
  }
  return client;
}

/** One GET through the edge client, with the asking browser's Authorization when the server holds no token. */
export function getEdge<S extends z.ZodType>(
  access: EdgeAccess,
  path: string,
  query: EdgeQuery | URLSearchParams | undefined,
  authorization: string | null,
  schema: S,
): Promise<z.infer<S>> {
  return clientOf(access).get(path, query, schema, { authorization });
}

/** Whether the server holds the edge token (else each request brings the browser's). */
export const holdsToken = (access: EdgeAccess) => clientOf(access).holdsToken;
