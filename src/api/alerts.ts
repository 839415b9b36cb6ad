import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/lazy-schema';
import { request } from './client';

/** Admin → Alerts (server/alerts/): channels, rules, the delivery log; and one alert's own page. */

export const ALERT_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type AlertPriority = (typeof ALERT_PRIORITIES)[number];

/** A channel as admins see it: which secrets are set, never their values. */
export const alertChannelSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    enabled: z.boolean(),
    language: z.string(),
    settings: z.record(z.string(), z.unknown()),
    secretsSet: z.array(z.string()),
    source: z.string(),
    updatedAt: z.string(),
  }),
);
export type AlertChannel = z.infer<typeof alertChannelSchema>;

const spanSchema = lazySchema(() => z.object({ days: z.array(z.number()), from: z.string(), to: z.string() }));

export const alertRuleSettingsSchema = lazySchema(() =>
  z.object({
    labels: z.array(z.string()),
    edges: z.array(z.string()),
    source: z.string(),
    min_mics: z.number(),
    min_confidence: z.number(),
    priority: z.string(),
    window: z.number(),
    radius_m: z.number(),
    cooldown: z.number(),
    storm_cap: z.number(),
    active: z.array(spanSchema),
    quiet: z.array(spanSchema),
    channels: z.array(z.string()),
    escalate: z.array(z.object({ after: z.number(), channels: z.array(z.string()) })),
  }),
);
export type AlertRuleSettings = z.infer<typeof alertRuleSettingsSchema>;

export const alertRuleSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    enabled: z.boolean(),
    settings: alertRuleSettingsSchema,
    source: z.string(),
    updatedAt: z.string(),
  }),
);
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const alertAttemptSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    delivery_id: z.string(),
    alert_id: z.nullable(z.string()),
    channel_name: z.string(),
    kind: z.string(),
    at: z.string(),
    outcome: z.string(),
    status: z.nullable(z.number()),
    latency_ms: z.number(),
    detail: z.nullable(z.string()),
  }),
);
export type AlertAttempt = z.infer<typeof alertAttemptSchema>;

const failuresShape = {
  failed: z.number(),
  lastFailure: z.nullable(z.object({ updated_at: z.string(), last_error: z.nullable(z.string()) })),
};
export const alertStatusSchema = lazySchema(() => z.object(failuresShape));
export const alertDeliveriesSchema = lazySchema(() =>
  z.object({ results: z.array(alertAttemptSchema), ...failuresShape }),
);

export const alertSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.string(),
    ruleName: z.nullable(z.string()),
    label: z.string(),
    labelWords: z.record(z.string(), z.string()),
    priority: z.string(),
    itemKind: z.string(),
    itemId: z.string(),
    mics: z.array(z.object({ id: z.string(), name: z.string() })),
    place: z.nullable(z.object({ name: z.string(), estimated: z.boolean() })),
    detections: z.number(),
    firstAt: z.string(),
    lastAt: z.string(),
    state: z.string(),
    acknowledgedBy: z.nullable(z.string()),
    acknowledgedAt: z.nullable(z.string()),
  }),
);
export type AlertView = z.infer<typeof alertSchema>;

export interface AlertChannelInput {
  name: string;
  type: string;
  enabled: boolean;
  language: string;
  settings: Record<string, unknown>;
  /** Write-only: a key left out keeps the stored secret. */
  secrets: Record<string, string>;
}

export type AlertRuleInput = { name: string; enabled: boolean; settings: Partial<AlertRuleSettings> };

const base = '/api/admin/alerts';
const consoleOnly = true;

export const saveAlertChannel = (body: AlertChannelInput, id: string | null) =>
  request({
    method: id === null ? 'POST' : 'PATCH',
    path: id === null ? `${base}/channels` : `${base}/channels/${encodeURIComponent(id)}`,
    body,
    schema: z.object({ channel: alertChannelSchema }),
    consoleOnly,
  });

export const deleteAlertChannel = (id: string) =>
  request({ method: 'DELETE', path: `${base}/channels/${encodeURIComponent(id)}`, schema: z.object({}), consoleOnly });

export const testAlertChannel = (id: string) =>
  request({
    method: 'POST',
    path: `${base}/channels/${encodeURIComponent(id)}/test`,
    body: {},
    schema: z.object({
      ok: z.boolean(),
      status: z.nullable(z.number()),
      detail: z.nullable(z.string()),
      latencyMs: z.number(),
    }),
    consoleOnly,
  });

export const saveAlertRule = (body: AlertRuleInput, id: string | null) =>
  request({
    method: id === null ? 'POST' : 'PATCH',
    path: id === null ? `${base}/rules` : `${base}/rules/${encodeURIComponent(id)}`,
    body,
    schema: z.object({ rule: alertRuleSchema }),
    consoleOnly,
  });

export const deleteAlertRule = (id: string) =>
  request({ method: 'DELETE', path: `${base}/rules/${encodeURIComponent(id)}`, schema: z.object({}), consoleOnly });

export const acknowledgeAlert = (id: string) =>
  request({
    method: 'POST',
    path: `/api/alerts/${encodeURIComponent(id)}/acknowledge`,
    body: {},
    schema: z.object({ acknowledgedBy: z.string() }),
    consoleOnly,
  });

export const alertQueries = {
  all: () => ['alerts-admin'] as const,
  channels: () =>
    queryOptions({
      queryKey: [...alertQueries.all(), 'channels'] as const,
      queryFn: ({ signal }) =>
        request({
          path: `${base}/channels`,
          schema: z.object({ results: z.array(alertChannelSchema), types: z.array(z.string()) }),
          signal,
          consoleOnly,
        }),
    }),
  rules: () =>
    queryOptions({
      queryKey: [...alertQueries.all(), 'rules'] as const,
      queryFn: ({ signal }) =>
        request({
          path: `${base}/rules`,
          schema: z.object({ results: z.array(alertRuleSchema) }),
          signal,
          consoleOnly,
        }),
    }),
  deliveries: () =>
    queryOptions({
      queryKey: [...alertQueries.all(), 'deliveries'] as const,
      queryFn: ({ signal }) =>
        request({ path: `${base}/deliveries`, schema: alertDeliveriesSchema, signal, consoleOnly }),
      refetchInterval: 5_000,
    }),
  alert: (id: string) =>
    queryOptions({
      queryKey: ['alert', id] as const,
      queryFn: ({ signal }) =>
        request({
          path: `/api/alerts/${encodeURIComponent(id)}`,
          schema: z.object({ alert: alertSchema }),
          signal,
          consoleOnly,
        }),
    }),
};
