import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ConsoleDb } from '../db/database.js';
import type { ConsoleSchema } from '../db/schema.js';
import type { AlertsTable } from '../db/tables/alerts.js';
import { distanceMeters } from '../insights/geo.js';
import type { AlertMic } from './message.js';
import { ruleAllowsNow } from './model.js';
import type { StoredRule } from './store.js';

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

function near(a: AlertMic[], b: AlertMic[], radius: number): boolean {
  return a.some((x) => b.some((y) => x.id === y.id || distanceMeters(x, y) <= radius));
}

const minuteOf = (at: Date) => at.toISOString().slice(0, 16);

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
      // A batch in one transaction: one commit (one fsync on SQLite) for a page of detections.
      for (let i = 0; i < work.length; i += BATCH) {
        const batch = work.slice(i, i + BATCH);
        try {
          const queued = await this.db.db.transaction().execute(async (trx) => {
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
      }
    });
  }

  idle(): Promise<void> {
    return this.chain;
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

const BATCH = 200;

function newAlert(rule: StoredRule, d: Detection, now: Date): AlertsTable {
  const first = d.mics[0];
  return {
    id: crypto.randomUUID(),
    rule_id: rule.id,
    kind: 'incident',
    label: d.label,
    label_words: JSON.stringify(d.labelWords),
    priority: rule.settings.priority,
    item_kind: d.itemKind,
    item_id: d.itemId,
    mics: JSON.stringify(d.mics.map(({ id, name, latitude, longitude }) => ({ id, name, latitude, longitude }))),
    place:
      first === undefined
        ? null
        : JSON.stringify({ name: first.name, latitude: first.latitude, longitude: first.longitude, estimated: false }),
    detections: 1,
    suppressed: 0,
    updates: 0,
    first_at: d.at,
    last_at: d.at,
    state: 'gathering',
    acknowledged_by: null,
    acknowledged_at: null,
    next_step: 0,
    next_step_at: null,
    created_at: now.toISOString(),
  };
}

function grow(alert: AlertsTable, d: Detection): AlertsTable {
  const mics = JSON.parse(alert.mics) as AlertMic[];
  for (const mic of d.mics) {
    if (!mics.some((m) => m.id === mic.id)) {
      mics.push({ id: mic.id, name: mic.name, latitude: mic.latitude, longitude: mic.longitude });
    }
  }
  return {
    ...alert,
    mics: JSON.stringify(mics),
    detections: alert.detections + 1,
    last_at: d.at > alert.last_at ? d.at : alert.last_at,
  };
}

type Trx = Kysely<ConsoleSchema>;

async function stormFull(trx: Trx, rule: StoredRule, now: Date): Promise<boolean> {
  const storm = await trx
    .selectFrom('alert_storm')
    .select('sent')
    .where('rule_id', '=', rule.id)
    .where('minute', '=', minuteOf(now))
    .executeTakeFirst();
  return storm !== undefined && storm.sent >= rule.settings.storm_cap;
}

async function countSuppressed(trx: Trx, rule: StoredRule, now: Date): Promise<void> {
  await trx
    .updateTable('alert_storm')
    .set((eb) => ({ suppressed: eb('suppressed', '+', 1) }))
    .where('rule_id', '=', rule.id)
    .where('minute', '=', minuteOf(now))
    .execute();
}

/** Enough mics heard it: under the storm cap it goes out to the rule's channels; over it, the minute's summary counts it. */
async function open(trx: Trx, rule: StoredRule, alert: AlertsTable, now: Date): Promise<boolean> {
  const minute = minuteOf(now);
  await trx
    .insertInto('alert_storm')
    .values({ rule_id: rule.id, minute, sent: 0, suppressed: 0, summarized: 0 })
    .onConflict((oc) => oc.columns(['rule_id', 'minute']).doNothing())
    .execute();
  const storm = await trx
    .selectFrom('alert_storm')
    .selectAll()
    .where('rule_id', '=', rule.id)
    .where('minute', '=', minute)
    .executeTakeFirstOrThrow();
  if (storm.sent >= rule.settings.storm_cap) {
    await trx
      .updateTable('alert_storm')
      .set({ suppressed: storm.suppressed + 1 })
      .where('rule_id', '=', rule.id)
      .where('minute', '=', minute)
      .execute();
    await trx.updateTable('alerts').set({ state: 'suppressed' }).where('id', '=', alert.id).execute();
    return false;
  }
  await trx
    .updateTable('alert_storm')
    .set({ sent: storm.sent + 1 })
    .where('rule_id', '=', rule.id)
    .where('minute', '=', minute)
    .execute();
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
    .set({ updates: alert.updates + 1 })
    .where('id', '=', alert.id)
    .execute();
  const told = await trx
    .selectFrom('alert_deliveries')
    .select(['channel_id', 'state'])
    .where('alert_id', '=', alert.id)
    .execute();
  const waiting = new Set(told.filter((t) => t.state === 'pending').map((t) => t.channel_id));
  const channels = [...new Set(told.map((t) => t.channel_id))].filter((id) => !waiting.has(id));
  if (channels.length === 0) return false;
  await queueDeliveries(trx, alert.id, channels, 'update', 0, new Date(now.getTime() + UPDATE_DELAY_MS));
  return true;
}

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
