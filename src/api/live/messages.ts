import * as z from 'zod/mini';
import { lazySchema } from '@/lib/lazy-schema';
import { reviewItemSchema } from '../review';
import { compositeEventSchema, eventSchema, micSchema } from '../schemas';

/** The messages of GET /live (server/hub). Each is checked like any other answer. */
export const hubHealthSchema = lazySchema(() =>
  z.object({
    status: z.string(),
    since: z.string(),
    lastOkAt: z.nullable(z.string()),
    error: z.nullable(z.string()),
    idle: z.boolean(),
    feeds: z.record(
      z.string(),
      z.object({ status: z.string(), lastOkAt: z.nullable(z.string()), error: z.nullable(z.string()) }),
    ),
  }),
);

export const micsMessageSchema = lazySchema(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    upserts: z.array(micSchema),
    removals: z.array(z.string()),
    refetch: z.boolean(),
  }),
);

export const eventMessageSchema = lazySchema(() => z.object({ events: z.array(eventSchema) }));
export const compositeMessageSchema = lazySchema(() => z.object({ composites: z.array(compositeEventSchema) }));
/** An item's review changed; `comment` is the id of a comment just added, null for a transition. */
export const reviewMessageSchema = lazySchema(() =>
  z.object({ item: reviewItemSchema, comment: z.nullable(z.number()) }),
);
export const resetMessageSchema = lazySchema(() => z.object({ reason: z.string(), scope: z.array(z.string()) }));

export type HubHealth = z.infer<typeof hubHealthSchema>;
export type MicsMessage = z.infer<typeof micsMessageSchema>;
export type ReviewMessage = z.infer<typeof reviewMessageSchema>;
export type ResetScope = 'mics' | 'events' | 'composites';
