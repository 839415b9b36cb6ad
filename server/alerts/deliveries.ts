import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ConsoleSchema } from '../db/schema.js';

/** The delivery queue's rows: what the intake, acknowledgements, escalation steps and summaries put in for the worker. */

type Trx = Kysely<ConsoleSchema>;

export async function channelIds(trx: Trx, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await trx
    .selectFrom('alert_channels')
    .select('id')
    .where('name', 'in', names)
    .where('enabled', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

export async function queueDeliveries(
  trx: Trx,
  alertId: string | null,
  channelIds: string[],
  kind: string,
  step: number,
  at: Date,
  message: string | null = null,
): Promise<string[]> {
  const now = new Date().toISOString();
  const rows = channelIds.map((channelId) => ({
    id: crypto.randomUUID(),
    alert_id: alertId,
    channel_id: channelId,
    kind,
    step,
    state: 'pending',
    attempts: 0,
    next_at: at.toISOString(),
    claimed_by: null,
    claimed_until: null,
    message,
    last_error: null,
    created_at: now,
    updated_at: now,
  }));
  if (rows.length > 0) await trx.insertInto('alert_deliveries').values(rows).execute();
  return rows.map((r) => r.id);
}
