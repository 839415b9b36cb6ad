import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/lazy-schema';
import { request } from './client';
import { REVIEW_OUTCOMES, reviewItemSchema } from './review';

/** The shift handover of a period (server/review/handover.ts). */
const nullableText = lazySchema(() => z.nullable(z.string()));
const localNameSchema = lazySchema(() => z.object({ ko: z.string(), en: z.string() }));

/** A review item as the handover lists it: its review state, without the bookkeeping, and what fired. */
const handoverItemSchema = lazySchema(() =>
  z.extend(
    z.pick(reviewItemSchema, {
      kind: true,
      id: true,
      state: true,
      assignee: true,
      outcome: true,
      note: true,
      fired_at: true,
      acknowledged_by: true,
      acknowledged_at: true,
      resolved_by: true,
      resolved_at: true,
    }),
    {
      summary: z.nullable(
        z.object({ rule: nullableText, labels: z.array(localNameSchema), mics: z.array(z.string()) }),
      ),
    },
  ),
);
export type HandoverItem = z.infer<typeof handoverItemSchema>;

const responseTimeSchema = lazySchema(() => z.object({ count: z.number(), median_ms: z.nullable(z.number()) }));

export const handoverSchema = lazySchema(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    fired: z.nullable(
      z.object({
        composites: z.number(),
        events: z.number(),
        by_label: z.array(
          z.object({ id: z.string(), name: localNameSchema, events: z.number(), composites: z.number() }),
        ),
        by_rule: z.array(z.object({ id: z.string(), name: z.string(), composites: z.number() })),
        by_edge: z.array(z.object({ edge_id: nullableText, events: z.number(), composites: z.number() })),
        busiest_mics: z.array(
          z.object({ id: z.string(), name: z.string(), edge_id: nullableText, events: z.number() }),
        ),
        complete: z.boolean(),
      }),
    ),
    edge_error: nullableText,
    response_times: z.object({ acknowledge: responseTimeSchema, resolve: responseTimeSchema }),
    resolved: z.object({
      total: z.number(),
      by_outcome: z.record(z.enum(REVIEW_OUTCOMES), z.number()),
      items: z.array(handoverItemSchema),
    }),
    people: z.array(z.object({ name: z.string(), acknowledged: z.number(), resolved: z.number() })),
    open: z.object({
      total: z.number(),
      new: z.number(),
      acknowledged: z.number(),
      unowned: z.number(),
      items: z.array(handoverItemSchema),
    }),
    capped: z.boolean(),
  }),
);
export type Handover = z.infer<typeof handoverSchema>;

export const handoverQueries = {
  all: () => ['review', 'handover'] as const,
  period: (from: string, to: string) =>
    queryOptions({
      queryKey: [...handoverQueries.all(), from, to] as const,
      queryFn: ({ signal }) =>
        request({
          path: '/api/review/handover',
          query: { from, to },
          schema: handoverSchema,
          signal,
          consoleOnly: true,
        }),
    }),
};
