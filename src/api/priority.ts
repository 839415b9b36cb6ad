import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/lazy-schema';
import { request } from './client';

/**
 * Incident priority (server/priority): the server scores every item it reads from the edge and
 * gives the score of the items a screen shows, so the queue, the wall and the badge agree.
 */
export const PRIORITY_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type PriorityLevel = (typeof PRIORITY_LEVELS)[number];
const level = lazySchema(() => z.enum(PRIORITY_LEVELS));

const reasonSchema = lazySchema(() =>
  z.object({
    code: z.string(),
    points: z.number(),
    label: z.optional(z.string()),
    severity: z.optional(level),
    priority: z.optional(level),
    count: z.optional(z.number()),
    db: z.optional(z.number()),
    mic_id: z.optional(z.string()),
    false_alarms: z.optional(z.number()),
    outcomes: z.optional(z.number()),
  }),
);
export type PriorityReason = z.infer<typeof reasonSchema>;
const itemPrioritySchema = lazySchema(() =>
  z.object({
    level,
    score: z.number(),
    /** At or above the review level: asks a person (acknowledge, badge, overdue). */
    review: z.boolean(),
    reasons: z.array(reasonSchema),
    summary: z.string(),
  }),
);
export type ItemPriority = z.infer<typeof itemPrioritySchema>;
const itemsSchema = lazySchema(() => z.object({ priorities: z.record(z.string(), itemPrioritySchema) }));
export const MAX_PRIORITY_BATCH = 200;
const contextSchema = lazySchema(() =>
  z.object({
    review_level: level,
    severities: z.record(z.string(), level),
    precision: z.array(z.object({ label: z.string(), mic_id: z.string(), real: z.number(), false_alarms: z.number() })),
    unusual_mic_ids: z.array(z.string()),
  }),
);
export type PriorityContext = z.infer<typeof contextSchema>;

const settingsSchema = lazySchema(() =>
  z.object({
    review_level: level,
    severities: z.record(z.string(), level),
    levels: z.array(z.string()),
  }),
);
export type PrioritySettings = z.infer<typeof settingsSchema>;

const precisionRow = {
  real: z.number(),
  false_alarms: z.number(),
  tests: z.number(),
  precision: z.nullable(z.number()),
};
const precisionSchema = lazySchema(() =>
  z.object({
    by_label: z.array(z.object({ label: z.string(), ...precisionRow })),
    by_mic: z.array(z.object({ label: z.string(), mic_id: z.string(), ...precisionRow })),
    by_hour: z.array(z.object({ hour_of_week: z.number(), ...precisionRow })),
    resolved: z.number(),
  }),
);
export type PrecisionReport = z.infer<typeof precisionSchema>;

export const priorityQueries = {
  all: () => ['priority'] as const,
  /** Keys are `kind:id`; at most MAX_PRIORITY_BATCH. */
  items: (keys: readonly string[]) =>
    queryOptions({
      queryKey: [...priorityQueries.all(), 'items', keys] as const,
      queryFn: ({ signal }) =>
        request({
          path: '/api/priority/items',
          query: { key: keys.slice(0, MAX_PRIORITY_BATCH) },
          schema: itemsSchema,
          signal,
          consoleOnly: true,
        }),
      enabled: keys.length > 0,
      staleTime: 5_000,
    }),
  context: () =>
    queryOptions({
      queryKey: [...priorityQueries.all(), 'context'] as const,
      queryFn: ({ signal }) =>
        request({ path: '/api/priority/context', schema: contextSchema, signal, consoleOnly: true }),
      staleTime: 30_000,
      refetchInterval: 60_000,
    }),
  settings: () =>
    queryOptions({
      queryKey: [...priorityQueries.all(), 'settings'] as const,
      queryFn: ({ signal }) =>
        request({ path: '/api/priority/settings', schema: settingsSchema, signal, consoleOnly: true }),
    }),
  precision: () =>
    queryOptions({
      queryKey: [...priorityQueries.all(), 'precision'] as const,
      queryFn: ({ signal }) =>
        request({ path: '/api/priority/precision', schema: precisionSchema, signal, consoleOnly: true }),
    }),
};

export function savePrioritySettings(body: {
  review_level?: PriorityLevel;
  severities?: Record<string, PriorityLevel>;
}) {
  return request({ method: 'PATCH', path: '/api/priority/settings', body, schema: settingsSchema, consoleOnly: true });
}

/**
 * Priority first (critical on top), then the newest first (`newestFirst` 1; -1 the oldest first):
 * a newer critical goes above an older one.
 */
export function byPriorityThenAge<T>(
  priorityOf: (item: T) => ItemPriority | undefined,
  timeOf: (item: T) => string,
  newestFirst: 1 | -1 = 1,
) {
  // An item not scored yet ranks as high: unknown is not the same as harmless.
  const rank = (item: T) => PRIORITY_LEVELS.indexOf(priorityOf(item)?.level ?? 'high');
  return (a: T, b: T) => rank(b) - rank(a) || newestFirst * (Date.parse(timeOf(b)) - Date.parse(timeOf(a)));
}
