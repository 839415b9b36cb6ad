import { sql, type Kysely } from 'kysely';
import type { ConsoleDb } from '../db/database.js';
import type { ConsoleSchema } from '../db/schema.js';
import type { AlertsTable } from '../db/tables/alerts.js';
import { channelIds, queueDeliveries } from './deliveries.js';
import { grow, near, newAlert } from './incident-rows.js';
import type { AlertMic } from './message.js';
import { ruleAllowsNow } from './model.js';
import type { StoredRule } from './store.js';
import { countSuppressed, stormFull, takeStormSlot } from './storm.js';

/** One detection as the rules see it: an event (one mic) or a composite event (several). */
export interface Detection {
  /** Taken once per rule (a composite that grew comes again under a new id). */
  id: string;
  /** The review item: the event's or the composite's own id. */
  itemId: string;
  itemKind: 'event' | 'composite';
  label: string;
  labelWords: { en: string; ko: string };
  confidence: number;
  mics: (AlertMic & { edgeId: string | null })[];
  /** When the edge heard it (ISO 8601). */
  at: string;
}

export interface IntakeOptions {
  timeZone: () => string;
  now?: () => Date;
  /** Told which alerts now have messages queued (the local sender starts at once). */
  queued: () => void;
}

/** Later detections of an open alert wait this long, so a burst makes one update, not twenty. */
export const UPDATE_DELAY_MS = 3000;

export function matches(rule: StoredRule, d: Detection): boolean {
  const s = rule.settings;
  if ((s.source === 'composites') !== (d.itemKind === 'composite')) return false;
  if (s.labels.length > 0 && !s.labels.includes(d.label)) return false;
  if (d.confidence < s.min_confidence) return false;
  if (s.edges.length > 0 && !d.mics.some((mic) => mic.edgeId !== null && s.edges.includes(mic.edgeId))) return false;
  return true;
}

/**
 * One sound, one alert. Each detection a rule matches is taken once (the database's key on rule and
 * event: whichever replica reads it, it counts once), then joins an alert of the same rule and label
 * heard nearby within the window (or, in the cooldown, the rule's last alert of that label), or opens
 * a new one: when enough mics heard it, inside the schedule, and under the storm cap.
 */
export class Intake {
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly db: ConsoleDb,
    private readonly options: IntakeOptions,
  ) {}

  /** Queued in order; the hub never waits for the database. A backlog past `limit` is dropped and said. */
  offer(rules: StoredRule[], detections: Detection[], log: (m: string) => void, limit = 20_000): void {
    const work = detections.flatMap((d) => rules.filter((r) => matches(r, d)).map((r) => [r, d] as const));
    if (work.length === 0) return;
    if (this.pending + work.length > limit) {
      log(`alerts: ${work.length} detections dropped, ${this.pending} still waiting`);
      return;
    }
    this.pending += work.length;
    this.chain = this.chain.then(async () => {
      // A batch in one transaction: one commit (one fsync on SQLite) for up to BATCH detections.
      for (let i = 0; i < work.length; i += BATCH) {
        const batch = work.slice(i, i + BATCH);
        try {
          const queued = await this.db.db.transaction().execute(async (trx) => {
            await this.lockRules(trx, batch);
            let any = false;
            for (const [rule, detection] of batch) any = (await this.take(trx, rule, detection)) || any;
            return any;
          });
          if (queued) this.options.queued();
        } catch (error) {
          log(`alerts: ${batch.length} detections could not be taken: ${(error as Error).message}`);
        } finally {
          this.pending -= batch.length;
        }
        // SQLite answers in-line: between batches the pages' own requests get the event loop and the database.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
  }

  idle(): Promise<void> {
    return this.chain;
  }

  /**
   * Another intake (the edge's reader changing hands) waits here until this batch commits, so it
   * sees this batch's alerts rather than opening its own for the same incident. SQLite runs one
   * transaction at a time already; on PostgreSQL the rules' rows are locked, in one order.
   */
  private async lockRules(trx: Trx, batch: (readonly [StoredRule, Detection])[]): Promise<void> {
    if (this.db.dialect !== 'postgres') return;
    const ids = [...new Set(batch.map(([rule]) => rule.id))].sort();
    await sql`select id from alert_rules where id in (${sql.join(ids)}) order by id for update`.execute(trx);
  }

  /** Takes one detection inside the batch's transaction; true when messages were queued. */
  private async take(trx: Trx, rule: StoredRule, d: Detection): Promise<boolean> {
    const now = (this.options.now ?? (() => new Date()))();
    const s = rule.settings;
    {
      const taken = await trx
        .insertInto('alert_taken_events')
        .values({ rule_id: rule.id, event_id: d.id, alert_id: null, at: now.toISOString() })
        .onConflict((oc) => oc.columns(['rule_id', 'event_id']).doNothing())
        .executeTakeFirst();
      if (Number(taken.numInsertedOrUpdatedRows ?? 0) === 0) return false;

      const since = new Date(Math.min(Date.parse(d.at), now.getTime()) - s.window * 1000).toISOString();
      const recent = await trx
        .selectFrom('alerts')
        .selectAll()
        .where('rule_id', '=', rule.id)
        .where('label', '=', d.label)
        .where('kind', '=', 'incident')
        .where('last_at', '>=', since)
        .orderBy('last_at', 'desc')
        .limit(50)
        .execute();
      let alert = recent.find((a) => near(JSON.parse(a.mics) as AlertMic[], d.mics, s.radius_m));
      if (alert === undefined && s.cooldown > 0) {
        alert = await trx
          .selectFrom('alerts')
          .selectAll()
          .where('rule_id', '=', rule.id)
          .where('label', '=', d.label)
          .where('kind', '=', 'incident')
          .where('created_at', '>=', new Date(now.getTime() - s.cooldown * 1000).toISOString())
          .orderBy('created_at', 'desc')
          .executeTakeFirst();
      }
      if (alert === undefined) {
        if (!ruleAllowsNow(s, now, this.options.timeZone())) return false;
        // Over the storm cap a new incident is only counted for the summary: no row, no work.
        if (d.mics.length >= s.min_mics && (await stormFull(trx, rule, now))) {
          await countSuppressed(trx, rule, now);
          return false;
        }
        alert = newAlert(rule, d, now);
        await trx.insertInto('alerts').values(alert).execute();
      } else {
        alert = grow(alert, d);
        await trx
          .updateTable('alerts')
          .set({ mics: alert.mics, detections: alert.detections, last_at: alert.last_at })
          .where('id', '=', alert.id)
          .execute();
      }
      await trx
        .updateTable('alert_taken_events')
        .set({ alert_id: alert.id })
        .where('rule_id', '=', rule.id)
        .where('event_id', '=', d.id)
        .execute();
      const heardBy = (JSON.parse(alert.mics) as AlertMic[]).length;
      if (alert.state === 'gathering' && heardBy >= s.min_mics) return open(trx, rule, alert, now);
      if (alert.state === 'open' || alert.state === 'acknowledged') return queueUpdate(trx, rule, alert, now);
      return false;
    }
  }
}

/** A burst is taken in batches this size: one commit each, short enough not to hold pages up. */
const BATCH = 50;

type Trx = Kysely<ConsoleSchema>;

/** Enough mics heard it: under the storm cap it goes out to the rule's channels; over it, the minute's summary counts it. */
async function open(trx: Trx, rule: StoredRule, alert: AlertsTable, now: Date): Promise<boolean> {
  if (!(await takeStormSlot(trx, rule, now))) {
    await trx.updateTable('alerts').set({ state: 'suppressed' }).where('id', '=', alert.id).execute();
    return false;
  }
  const first = rule.settings.escalate[0];
  await trx
    .updateTable('alerts')
    .set({
      state: 'open',
      next_step: 0,
      next_step_at: first === undefined ? null : new Date(now.getTime() + first.after * 1000).toISOString(),
    })
    .where('id', '=', alert.id)
    .execute();
  await queueDeliveries(trx, alert.id, await channelIds(trx, rule.settings.channels), 'alert', 0, now);
  return true;
}

/** A later detection: one coalesced update per channel already told (it is built when sent, with the newest count). */
async function queueUpdate(trx: Trx, rule: StoredRule, alert: AlertsTable, now: Date): Promise<boolean> {
  await trx
    .updateTable('alerts')
    .set((eb) => ({ updates: eb('updates', '+', 1) }))
    .where('id', '=', alert.id)
    .execute();
  const told = await trx
    .selectFrom('alert_deliveries')
    .select(['channel_id', 'state'])
    .where('alert_id', '=', alert.id)
    .execute();
  const waiting = new Set(told.filter((t) => t.state === 'pending').map((t) => t.channel_id));
  // Told: a message sent or being sent. A cancelled step or a failed send told nobody anything to update.
  const reached = told.filter((t) => t.state === 'sent' || t.state === 'sending').map((t) => t.channel_id);
  const channels = [...new Set(reached)].filter((id) => !waiting.has(id));
  if (channels.length === 0) return false;
  await queueDeliveries(trx, alert.id, channels, 'update', 0, new Date(now.getTime() + UPDATE_DELAY_MS));
  return true;
}
