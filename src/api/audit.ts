import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/lazy-schema';
import { request, toQueryString } from './client';
import { pageSchema } from './schemas';

/** One row of the console's audit trail (GET /api/admin/audit, GET /api/mics/:id/history). */
export const auditEntrySchema = lazySchema(() =>
  z.object({
    id: z.number(),
    at: z.string(),
    actor: z.object({
      kind: z.string(),
      /** Username, wall link name or system job; null for an anonymous request. */
      name: z.nullable(z.string()),
    }),
    action: z.string(),
    target: z.nullable(z.object({ type: z.string(), id: z.string() })),
    /** Free-form per action; mic changes carry `before` and `after`, refusals the edge's `answer`. */
    details: z.nullable(z.record(z.string(), z.unknown())),
    outcome: z.string(),
    ip: z.nullable(z.string()),
  }),
);

export const auditPageSchema = pageSchema(auditEntrySchema);
/** The admin list also says how long entries are kept (AUDIT_DAYS). */
export const auditListSchema = lazySchema(() => z.extend(auditPageSchema, { retention_days: z.optional(z.int()) }));

export type AuditEntry = z.infer<typeof auditEntrySchema>;

export interface AuditFilter {
  person?: string | null;
  action?: string | null;
  mic?: string | null;
  /** ISO 8601 bounds, inclusive. */
  from?: string | null;
  to?: string | null;
}

export interface AuditListParams extends AuditFilter {
  page?: number;
  size?: number;
}

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;
/** Most rows one CSV export holds (the server's cap, which it also names in a header). */
export const AUDIT_CSV_CAP = 10_000;

export function listAudit(params: AuditListParams, signal?: AbortSignal) {
  return request({
    path: '/api/admin/audit',
    query: { ...params },
    schema: auditListSchema,
    signal,
    consoleOnly: true,
  });
}

/** The CSV download's address; the browser fetches it with the session cookie. */
export function auditCsvUrl(filter: AuditFilter): string {
  return `/api/admin/audit.csv${toQueryString({ ...filter })}`;
}

export function listMicHistory(micId: string, params: { page?: number; size?: number }, signal?: AbortSignal) {
  return request({
    path: `/api/mics/${encodeURIComponent(micId)}/history`,
    query: { ...params },
    schema: auditPageSchema,
    signal,
    consoleOnly: true,
  });
}

export const auditQueries = {
  all: () => ['audit'] as const,
  lists: () => [...auditQueries.all(), 'list'] as const,
  list: (params: AuditListParams) =>
    queryOptions({
      queryKey: [...auditQueries.lists(), params] as const,
      queryFn: ({ signal }) => listAudit(params, signal),
      placeholderData: keepPreviousData,
    }),
  histories: () => [...auditQueries.all(), 'history'] as const,
  history: (micId: string, params: { page?: number; size?: number } = {}) =>
    queryOptions({
      queryKey: [...auditQueries.histories(), micId, params] as const,
      queryFn: ({ signal }) => listMicHistory(micId, params, signal),
      placeholderData: keepPreviousData,
    }),
};
