import type { Kysely } from 'kysely';
import type { ConsoleSchema } from '../db/schema.js';
import type { StoredRule } from './store.js';

/**
 * The storm cap: at most `storm_cap` alerts a minute per rule; the rest are counted for the
 * minute's summary (escalation.ts sends it). The count lives in the database so that it holds
 * across replicas, and a slot is taken by one conditional UPDATE, never by reading then writing.
 */

type Trx = Kysely<ConsoleSchema>;

export const minuteOf = (at: Date) => at.toISOString().slice(0, 16);

const ofMinute = (trx: Trx, rule: StoredRule, now: Date) =>
  trx.updateTable('alert_storm').where('rule_id', '=', rule.id).where('minute', '=', minuteOf(now));

/** The minute's sends are all taken (a cheap look before any row is written). */
export async function stormFull(trx: Trx, rule: StoredRule, now: Date): Promise<boolean> {
  const storm = await trx
    .selectFrom('alert_storm')
    .select('sent')
    .where('rule_id', '=', rule.id)
    .where('minute', '=', minuteOf(now))
    .executeTakeFirst();
  return storm !== undefined && storm.sent >= rule.settings.storm_cap;
}

/** One more incident held back this minute. */
export async function countSuppressed(trx: Trx, rule: StoredRule, now: Date): Promise<void> {
  await ofMinute(trx, rule, now)
    .set((eb) => ({ suppressed: eb('suppressed', '+', 1) }))
    .execute();
}

/** Takes one of the minute's sends: true when under the cap; else the incident is counted as held back. */
export async function takeStormSlot(trx: Trx, rule: StoredRule, now: Date): Promise<boolean> {
  await trx
    .insertInto('alert_storm')
    .values({ rule_id: rule.id, minute: minuteOf(now), sent: 0, suppressed: 0, summarized: 0 })
    .onConflict((oc) => oc.columns(['rule_id', 'minute']).doNothing())
    .execute();
  const taken = await ofMinute(trx, rule, now)
    .set((eb) => ({ sent: eb('sent', '+', 1) }))
    .where('sent', '<', rule.settings.storm_cap)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return true;
  await countSuppressed(trx, rule, now);
  return false;
}
