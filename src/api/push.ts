import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/lazy-schema';
import { request } from './client';

/** Web Push: a person's own devices and what they want pushed (server/alerts/push/routes.ts). */
export const PUSH_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type PushPriority = (typeof PUSH_PRIORITIES)[number];

const deviceSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    endpoint: z.string(),
    language: z.string(),
    createdAt: z.string(),
    lastSuccessAt: z.nullable(z.string()),
    lastError: z.nullable(z.string()),
  }),
);
export type PushDevice = z.infer<typeof deviceSchema>;

const preferencesSchema = lazySchema(() =>
  z.object({
    enabled: z.boolean(),
    labels: z.array(z.string()),
    minPriority: z.enum(PUSH_PRIORITIES),
  }),
);
export type PushPreferences = z.infer<typeof preferencesSchema>;

const BASE = '/api/push';

export const pushQueries = {
  all: () => ['push'] as const,
  key: () =>
    queryOptions({
      queryKey: [...pushQueries.all(), 'key'] as const,
      queryFn: ({ signal }) =>
        request({ path: `${BASE}/key`, schema: z.object({ publicKey: z.string() }), signal, consoleOnly: true }),
      staleTime: Infinity,
    }),
  devices: () =>
    queryOptions({
      queryKey: [...pushQueries.all(), 'devices'] as const,
      queryFn: async ({ signal }) =>
        (
          await request({
            path: `${BASE}/subscriptions`,
            schema: z.object({ devices: z.array(deviceSchema), max: z.number() }),
            signal,
            consoleOnly: true,
          })
        ).devices,
      // Read again whenever the panel opens: a device may have been removed elsewhere (or as gone).
      staleTime: 0,
    }),
  preferences: () =>
    queryOptions({
      queryKey: [...pushQueries.all(), 'preferences'] as const,
      queryFn: ({ signal }) =>
        request({ path: `${BASE}/preferences`, schema: preferencesSchema, signal, consoleOnly: true }),
    }),
};

export const addPushDevice = (body: {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  name: string;
  language: string;
}) => request({ method: 'POST', path: `${BASE}/subscriptions`, body, schema: deviceSchema, consoleOnly: true });

export const removePushDevice = (id: string) =>
  request({
    method: 'DELETE',
    path: `${BASE}/subscriptions/${encodeURIComponent(id)}`,
    schema: z.object({ id: z.string() }),
    consoleOnly: true,
  });

export const testPushDevice = (id: string) =>
  request({
    method: 'POST',
    path: `${BASE}/subscriptions/${encodeURIComponent(id)}/test`,
    schema: z.object({ delivered: z.boolean() }),
    consoleOnly: true,
  });

export const savePushPreferences = (body: PushPreferences) =>
  request({ method: 'PATCH', path: `${BASE}/preferences`, body, schema: preferencesSchema, consoleOnly: true });
