import { sql, type Selectable } from 'kysely';
import * as z from 'zod';
import type { ConsoleDb } from '../db/database.js';
import type { AuditTable } from '../db/schema.js';
import { redactCredentials } from '../redact.js';
import { AUDIT_REDACTION } from './record.js';

export type AuditRow = Selectable<AuditTable>;

/** An audit row as the API answers it. */
export interface AuditView {
  id: number;
  at: string;
  actor: { kind: string; name: string | null };
  action: string;
  target: { type: string; id: string } | null;
  details: Record<string, unknown> | null;
  outcome: string;
  ip: string | null;
}

export const MAX_PAGE_SIZE = 100;
/** Past this the offset alone costs more than anyone will page through. */
const MAX_PAGE = 100_000;

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? null : value.trim()));

const isoTime = z
  .string()
  .max(40)
  .optional()
  .refine((value) => value === undefined || value === '' || !Number.isNaN(Date.parse(value)), {
    message: 'expected an ISO 8601 time',
  })
  .transform((value) => (value === undefined || value === '' ? null : new Date(value).toISOString()));

export const auditFilterSchema = z.object({
  person: optionalText(200),
  action: optionalText(100),
  mic: optionalText(200),
  from: isoTime,
  to: isoTime,
});

export const auditPageSchema = auditFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  // A larger size is not an error: it is capped.
  size: z.coerce
    .number()
    .int()
    .min(1)
    .default(50)
    .transform((size) => Math.min(size, MAX_PAGE_SIZE)),
});

export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** Redacted again when read: rows stored by versions before the redaction may hold credentials. */
function parseDetails(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? redactCredentials(value as Record<string, unknown>, AUDIT_REDACTION)
      : null;
  } catch {
    return null;
  }
}

export function viewOf(row: AuditRow): AuditView {
  return {
    id: Number(row.id),
    at: row.at,
    actor: { kind: row.actor_kind, name: row.actor_name },
    action: row.action,
    target: row.target_type === null || row.target_id === null ? null : { type: row.target_type, id: row.target_id },
    details: parseDetails(row.details),
    outcome: row.outcome,
    ip: row.ip,
  };
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The rows a filter selects (any order yet). Person matches part of the actor's name, any case. */
export function filtered(consoleDb: ConsoleDb, filter: AuditFilter) {
  let query = consoleDb.db.selectFrom('audit');
  if (filter.person !== null) {
    const pattern = `%${likeEscape(filter.person.toLowerCase())}%`;
    // SQLite has no default LIKE escape character: name it, for both.
    query = query.where(sql<boolean>`lower(actor_name) like ${pattern} escape '\\'`);
  }
  if (filter.action !== null) query = query.where('action', '=', filter.action);
  if (filter.mic !== null) query = query.where('target_type', '=', 'mic').where('target_id', '=', filter.mic);
  if (filter.from !== null) query = query.where('at', '>=', filter.from);
  if (filter.to !== null) query = query.where('at', '<=', filter.to);
  return query;
}

export async function countAudit(consoleDb: ConsoleDb, filter: AuditFilter): Promise<number> {
  const row = await filtered(consoleDb, filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One page, newest first, in the edge's page envelope. */
export async function pageOfAudit(consoleDb: ConsoleDb, filter: AuditFilter, page: number, size: number) {
  const [total, rows] = await Promise.all([
    countAudit(consoleDb, filter),
    filtered(consoleDb, filter)
      .selectAll()
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
  ]);
  return {
    page,
    size,
    total_cnt: total,
    max_page: Math.max(1, Math.ceil(total / size)),
    results: rows.map(viewOf),
  };
}

/** Rows newest first in batches (keyset, so a long export never re-scans what it has sent), at most `cap`. */
export async function* auditBatches(
  consoleDb: ConsoleDb,
  filter: AuditFilter,
  cap: number,
  batch = 500,
): AsyncGenerator<AuditRow[]> {
  let sent = 0;
  let below: number | null = null;
  while (sent < cap) {
    let query = filtered(consoleDb, filter).selectAll();
    if (below !== null) query = query.where('id', '<', below);
    const rows = await query
      .orderBy('id', 'desc')
      .limit(Math.min(batch, cap - sent))
      .execute();
    if (rows.length === 0) return;
    yield rows;
    sent += rows.length;
    below = Number(rows[rows.length - 1]!.id);
  }
}
