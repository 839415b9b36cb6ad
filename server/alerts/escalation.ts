import crypto from 'node:crypto';
import type { ConsoleDb } from '../db/database.js';
import type { AlertsTable } from '../db/tables/alerts.js';
import { channelIds, queueDeliveries } from './deliveries.js';
import { enabledRules, ruleOf, type StoredRule } from './store.js';

/**
 * The review item (server/review, read only) someone acknowledged: the alert's own or any other it
 * took. A composite is taken once per size it reached (`<id>:<events>`, sources.ts), its review
 * item being the id alone; matched on the taken ids as stored, only the alert's first composite
 * ever stopped its escalation.
 */
async function reviewAcknowledger(db: ConsoleDb, alert: AlertsTable): Promise<string | null> {
  const taken = await db.db
    .selectFrom('alert_taken_events')
    .select('event_id')
    .where('alert_id', '=', alert.id)
    .execute();
  const itemOf = (id: string) => (alert.item_kind === 'composite' ? id.slice(0, Math.max(0, id.lastIndexOf(':'))) : id);
  const items = [...new Set([alert.item_id, ...taken.map((row) => itemOf(row.event_id))])];
  for (let i = 0; i < items.length; i += 500) {
    const row = await db.db
      .selectFrom('review_items')
      .select(['acknowledged_by', 'updated_by'])
      .where('kind', '=', alert.item_kind)
      .where('state', '!=', 'new')
      .where('item_id', 'in', items.slice(i, i + 500))
      .executeTakeFirst();
    if (row !== undefined) return row.acknowledged_by ?? row.updated_by;
  }
  return null;
}

/**
 * Someone took it: no further escalation (queued steps are cancelled), and the channels already
 * told hear who. Once only: the UPDATE's `state = 'open'` decides between two people (or replicas).
 */
export async function acknowledgeAlert(
  db: ConsoleDb,
  alertId: string,
  by: string,
): Promise<'ok' | 'already' | 'missing'> {
  const now = new Date();
  const result = await db.db.transaction().execute(async (trx) => {
    const update = await trx
      .updateTable('alerts')
      .set({ state: 'acknowledged', acknowledged_by: by, acknowledged_at: now.toISOString(), next_step_at: null })
      .where('id', '=', alertId)
      .where('state', 'in', ['open', 'gathering'])
      .executeTakeFirst();
    if (Number(update.numUpdatedRows) === 0) {
      const exists = await trx.selectFrom('alerts').select('id').where('id', '=', alertId).executeTakeFirst();
      return exists === undefined ? 'missing' : 'already';
    }
    await trx
      .updateTable('alert_deliveries')
      .set({ state: 'cancelled', updated_at: now.toISOString() })
      .where('alert_id', '=', alertId)
      .where('kind', '=', 'escalation')
      .where('state', '=', 'pending')
      .execute();
    const told = await trx
      .selectFrom('alert_deliveries')
      .select('channel_id')
      .distinct()
      .where('alert_id', '=', alertId)
      .where('state', 'in', ['sent', 'sending'])
      .execute();
    await queueDeliveries(
      trx,
      alertId,
      told.map((t) => t.channel_id),
      'acknowledged',
      0,
      now,
    );
    return 'ok';
  });
  return result as 'ok' | 'already' | 'missing';
}

/**
 * Due escalation steps and storm summaries, on every replica: each is claimed by moving the
 * alert's `next_step` (or the minute's `summarized`) on in the same transaction that queues its
 * messages, so a step is queued once and a restart mid-escalation resumes from the database.
 */
export async function escalationPass(db: ConsoleDb, now = new Date()): Promise<number> {
  let queued = 0;
  const due = await db.db
    .selectFrom('alerts')
    .selectAll()
    .where('state', '=', 'open')
    .where('next_step_at', '<=', now.toISOString())
    .limit(100)
    .execute();
  for (const alert of due) {
    const taker = await reviewAcknowledger(db, alert);
    if (taker !== null) {
      await acknowledgeAlert(db, alert.id, taker);
      continue;
    }
    const ruleRow = await db.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('id', '=', alert.rule_id)
      .executeTakeFirst();
    const rule = ruleRow === undefined ? null : ruleOf(ruleRow);
    const step = rule?.settings.escalate[alert.next_step];
    const next = rule?.settings.escalate[alert.next_step + 1];
    queued += await db.db.transaction().execute(async (trx) => {
      const claim = await trx
        .updateTable('alerts')
        .set({
          next_step: alert.next_step + 1,
          next_step_at: next === undefined ? null : new Date(now.getTime() + next.after * 1000).toISOString(),
        })
        .where('id', '=', alert.id)
        .where('state', '=', 'open')
        .where('next_step', '=', alert.next_step)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) === 0 || step === undefined) return 0;
      const ids = await channelIds(trx, step.channels);
      await queueDeliveries(trx, alert.id, ids, 'escalation', alert.next_step + 1, new Date());
      return ids.length;
    });
  }
  return queued + (await summaryPass(db, now));
}

async function summaryPass(db: ConsoleDb, now: Date): Promise<number> {
  const minute = now.toISOString().slice(0, 16);
  const rows = await db.db
    .selectFrom('alert_storm')
    .selectAll()
    .where('summarized', '=', 0)
    .where('suppressed', '>', 0)
    .where('minute', '<', minute)
    .execute();
  if (rows.length === 0) return 0;
  const rules = new Map<string, StoredRule>((await enabledRules(db)).map((r) => [r.id, r]));
  let queued = 0;
  for (const storm of rows) {
    const rule = rules.get(storm.rule_id);
    queued += await db.db.transaction().execute(async (trx) => {
      const claim = await trx
        .updateTable('alert_storm')
        .set({ summarized: 1 })
        .where('rule_id', '=', storm.rule_id)
        .where('minute', '=', storm.minute)
        .where('summarized', '=', 0)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) === 0 || rule === undefined) return 0;
      const id = crypto.randomUUID();
      const at = `${storm.minute}:00.000Z`;
      // An incident held back in this storm's minute names it; an older one is another incident.
      const held = await trx
        .selectFrom('alerts')
        .selectAll()
        .where('rule_id', '=', rule.id)
        .where('state', '=', 'suppressed')
        .where('created_at', '>=', at)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      await trx
        .insertInto('alerts')
        .values({
          id,
          rule_id: rule.id,
          kind: 'summary',
          label: held?.label ?? rule.settings.labels[0] ?? 'alerts',
          label_words: held?.label_words ?? JSON.stringify({}),
          priority: rule.settings.priority,
          item_kind: held?.item_kind ?? 'event',
          item_id: held?.item_id ?? '',
          mics: held?.mics ?? '[]',
          place: held?.place ?? null,
          detections: storm.suppressed,
          suppressed: storm.suppressed,
          updates: 0,
          first_at: at,
          last_at: at,
          state: 'closed',
          acknowledged_by: null,
          acknowledged_at: null,
          next_step: 0,
          next_step_at: null,
          created_at: now.toISOString(),
        })
        .execute();
      const ids = await channelIds(trx, rule.settings.channels);
      await queueDeliveries(trx, id, ids, 'summary', 0, new Date());
      return ids.length;
    });
  }
  return queued;
}

/** Old bookkeeping goes: taken events after a day, the log and closed alerts after `days`. */
export async function pruneAlerts(db: ConsoleDb, days: number, now = new Date()): Promise<void> {
  const day = new Date(now.getTime() - 86_400_000).toISOString();
  const old = new Date(now.getTime() - days * 86_400_000).toISOString();
  await db.db.deleteFrom('alert_taken_events').where('at', '<', day).execute();
  await db.db.deleteFrom('alert_storm').where('minute', '<', day.slice(0, 16)).execute();
  await db.db.deleteFrom('alert_attempts').where('at', '<', old).execute();
  await db.db.deleteFrom('alert_deliveries').where('updated_at', '<', old).execute();
  await db.db.deleteFrom('alerts').where('created_at', '<', old).execute();
}
