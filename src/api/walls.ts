import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/lazy-schema';
import { request } from './client';

/** A wall link as admins see it; its key is never stored, so never listed. */
export const wallLinkSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    /** The wall's options as a query string, e.g. `edge_id=edge-seoul-01&window=15m`. */
    query: z.string(),
    created_at: z.string(),
    created_by: z.nullable(z.string()),
    last_seen_at: z.nullable(z.string()),
    last_seen_ip: z.nullable(z.string()),
    revoked_at: z.nullable(z.string()),
    revoked_by: z.nullable(z.string()),
  }),
);

export const wallLinkListSchema = lazySchema(() => z.object({ results: z.array(wallLinkSchema) }));
/** The only answer that carries the link's URL (with its key): shown once, never again. */
export const createdWallLinkSchema = lazySchema(() => z.object({ link: wallLinkSchema, url: z.string() }));
export const wallLinkEnvelopeSchema = lazySchema(() => z.object({ link: wallLinkSchema }));

export type WallLink = z.infer<typeof wallLinkSchema>;
export type CreatedWallLink = z.infer<typeof createdWallLinkSchema>;

export interface NewWallLink {
  name: string;
  query: string;
}

export function listWallLinks(signal?: AbortSignal) {
  return request({ path: '/api/admin/walls', schema: wallLinkListSchema, signal, consoleOnly: true });
}

export function createWallLink(body: NewWallLink) {
  return request({
    method: 'POST',
    path: '/api/admin/walls',
    body,
    schema: createdWallLinkSchema,
    consoleOnly: true,
  });
}

export async function revokeWallLink(id: string) {
  return (
    await request({
      method: 'POST',
      path: `/api/admin/walls/${encodeURIComponent(id)}/revoke`,
      body: {},
      schema: wallLinkEnvelopeSchema,
      consoleOnly: true,
    })
  ).link;
}

/** Removes a revoked link for good (the server refuses one still in use). */
export async function removeWallLink(id: string) {
  return (
    await request({
      method: 'DELETE',
      path: `/api/admin/walls/${encodeURIComponent(id)}`,
      schema: wallLinkEnvelopeSchema,
      consoleOnly: true,
    })
  ).link;
}

export const wallLinkQueries = {
  all: () => ['wall-links'] as const,
  list: () =>
    queryOptions({
      queryKey: [...wallLinkQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => listWallLinks(signal),
      // "Last seen" is the point of the list: keep it current while it is open.
      refetchInterval: 30_000,
    }),
};
