import { queryOptions, replaceEqualDeep, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/lazy-schema';
import { request } from './client';

/** The console's own review of composite and base events (server/review). */
export const REVIEW_OUTCOMES = ['real_incident', 'false_alarm', 'test', 'other'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];
export type ReviewKind = 'composite' | 'event';
export type ReviewStateName = 'new' | 'acknowledged' | 'resolved';

const nullableText = lazySchema(() => z.nullable(z.string()));

export const reviewItemSchema = lazySchema(() =>
  z.object({
    kind: z.enum(['composite', 'event']),
    id: z.string(),
    state: z.enum(['new', 'acknowledged', 'resolved']),
    assignee: nullableText,
    outcome: z.nullable(z.enum(REVIEW_OUTCOMES)),
    note: nullableText,
    version: z.number(),
    fired_at: nullableText,
    acknowledged_by: nullableText,
    acknowledged_at: nullableText,
    resolved_by: nullableText,
    resolved_at: nullableText,
    created_at: nullableText,
    updated_at: nullableText,
    updated_by: nullableText,
  }),
);
export type ReviewItem = z.infer<typeof reviewItemSchema>;

const commentSchema = lazySchema(() =>
  z.object({ id: z.number(), author: z.string(), text: z.string(), at: z.string() }),
);
const historySchema = lazySchema(() =>
  z.object({
    id: z.number(),
    at: z.string(),
    actor: z.string(),
    action: z.string(),
    from_state: z.string(),
    to_state: z.string(),
    version: z.number(),
    details: z.nullable(z.record(z.string(), z.unknown())),
  }),
);
export type ReviewComment = z.infer<typeof commentSchema>;
export type ReviewHistoryEntry = z.infer<typeof historySchema>;

const threadSchema = lazySchema(() =>
  z.object({
    item: reviewItemSchema,
    comments: z.array(commentSchema),
    history: z.array(historySchema),
  }),
);
const itemsSchema = lazySchema(() => z.object({ items: z.array(reviewItemSchema) }));
const countsSchema = lazySchema(() =>
  z.object({
    new: z.number(),
    composites: z.number(),
    events: z.number(),
    since: z.string(),
    window_hours: z.number(),
    capped: z.boolean(),
  }),
);
const peopleSchema = lazySchema(() => z.object({ people: z.array(z.string()) }));
const meSchema = lazySchema(() => z.object({ username: z.nullable(z.string()), can_act: z.boolean() }));
const actedSchema = lazySchema(() => z.object({ item: reviewItemSchema }));
const bulkSchema = lazySchema(() =>
  z.object({
    results: z.array(
      z.object({
        kind: z.string(),
        id: z.string(),
        status: z.enum(['ok', 'conflict']),
        item: reviewItemSchema,
        detail: z.optional(z.string()),
      }),
    ),
  }),
);
const membershipSchema = lazySchema(() =>
  z.object({
    memberships: z.array(z.object({ event_id: z.string(), composite_id: z.string(), rule: z.string() })),
    complete: z.boolean(),
  }),
);
export type EventMembership = z.infer<typeof membershipSchema>;

export const MAX_REVIEW_BATCH = 200;
export const reviewKey = (kind: ReviewKind, id: string) => `${kind}:${id}`;
const itemPath = (kind: ReviewKind, id: string) => `/api/review/items/${kind}/${encodeURIComponent(id)}`;

export type ReviewAction =
  | { action: 'acknowledge'; expected_version: number; fired_at?: string }
  | { action: 'assign'; expected_version: number; assignee: string; fired_at?: string }
  | { action: 'resolve'; expected_version: number; outcome: ReviewOutcome; note?: string; fired_at?: string }
  | { action: 'reopen'; expected_version: number }
  | { action: 'listen_confirm'; expected_version: number; event_id?: string; fired_at?: string }
  | { action: 'listen_relabel'; expected_version: number; label: string; event_id?: string; fired_at?: string };

export function actOnItem(kind: ReviewKind, id: string, body: ReviewAction) {
  return request({
    method: 'POST',
    path: `${itemPath(kind, id)}/actions`,
    body,
    schema: actedSchema,
    consoleOnly: true,
  });
}

/** `firedAt` tells the server where to find a base event on the edge (it checks that the item exists). */
export function commentOnItem(kind: ReviewKind, id: string, text: string, firedAt: string) {
  return request({
    method: 'POST',
    path: `${itemPath(kind, id)}/comments`,
    body: { text, fired_at: firedAt },
    schema: z.object({ comment: commentSchema }),
    consoleOnly: true,
  });
}

export interface BulkSelection {
  kind: ReviewKind;
  id: string;
  expected_version: number;
  fired_at?: string;
}

export function actOnMany(body: {
  action: 'acknowledge' | 'resolve';
  outcome?: ReviewOutcome;
  note?: string;
  items: BulkSelection[];
}) {
  return request({ method: 'POST', path: '/api/review/bulk', body, schema: bulkSchema, consoleOnly: true });
}

/**
 * A read of review states answered before a change can land after the change's push: of two copies
 * of an item, the newer version stays (versions only grow). Without this, the wall showed an
 * acknowledged incident new and overdue again until its next read, 30 s later while live.
 */
function keepNewer(cached: unknown, answer: unknown): unknown {
  const held = new Map(((cached ?? []) as ReviewItem[]).map((item) => [`${item.kind}:${item.id}`, item]));
  const items = (answer as ReviewItem[]).map((item) => {
    const newer = held.get(`${item.kind}:${item.id}`);
    return newer !== undefined && newer.version > item.version ? newer : item;
  });
  return replaceEqualDeep(cached, items);
}

export const reviewQueries = {
  all: () => ['review'] as const,
  statesAll: () => [...reviewQueries.all(), 'states'] as const,
  /** Keys are `kind:id`, sorted by the caller's order; at most MAX_REVIEW_BATCH. */
  states: (keys: readonly string[]) =>
    queryOptions({
      queryKey: [...reviewQueries.statesAll(), keys] as const,
      queryFn: ({ signal }) =>
        request({
          path: '/api/review/items',
          query: { key: keys.slice(0, MAX_REVIEW_BATCH) },
          schema: itemsSchema,
          signal,
          consoleOnly: true,
        }).then((answer) => answer.items),
      enabled: keys.length > 0,
      structuralSharing: keepNewer,
    }),
  threads: () => [...reviewQueries.all(), 'thread'] as const,
  thread: (kind: ReviewKind, id: string) =>
    queryOptions({
      queryKey: [...reviewQueries.threads(), kind, id] as const,
      queryFn: ({ signal }) => request({ path: itemPath(kind, id), schema: threadSchema, signal, consoleOnly: true }),
    }),
  counts: () =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'counts'] as const,
      queryFn: ({ signal }) => request({ path: '/api/review/counts', schema: countsSchema, signal, consoleOnly: true }),
    }),
  people: () =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'people'] as const,
      queryFn: ({ signal }) => request({ path: '/api/review/people', schema: peopleSchema, signal, consoleOnly: true }),
      staleTime: 60_000,
    }),
  me: () =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'me'] as const,
      queryFn: ({ signal }) => request({ path: '/api/review/me', schema: meSchema, signal, consoleOnly: true }),
      staleTime: 60_000,
    }),
  /** Which of these base events (fired between from and to) belong to a composite event. */
  membership: (ids: readonly string[], from: string, to: string) =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'membership', ids, from, to] as const,
      queryFn: ({ signal }) =>
        request({
          path: '/api/review/membership',
          query: { id: ids, from, to },
          schema: membershipSchema,
          signal,
          consoleOnly: true,
        }),
      enabled: ids.length > 0,
    }),
};

/**
 * Writes an item's review as the server now has it into every cached copy (state lists, its
 * thread), unless a cache already holds a newer version, and refreshes the new-items count.
 */
export function storeReviewItem(queryClient: QueryClient, item: ReviewItem): void {
  queryClient.setQueriesData<ReviewItem[]>({ queryKey: reviewQueries.statesAll() }, (items) =>
    items?.map((cached) =>
      cached.kind === item.kind && cached.id === item.id && cached.version <= item.version ? item : cached,
    ),
  );
  queryClient.setQueryData(reviewQueries.thread(item.kind, item.id).queryKey, (thread) =>
    thread === undefined || thread.item.version > item.version ? thread : { ...thread, item },
  );
  void queryClient.invalidateQueries({ queryKey: reviewQueries.counts().queryKey });
}
