import { sql, type Kysely } from 'kysely';
import type { ConsoleSchema } from '../db/schema.js';
import type { HeardEvent } from './corroboration.js';
import { hourOf } from './expectation.js';

type Db = Kysely<ConsoleSchema>;

/** Events are kept two weeks and a day (threshold advice reads 14 days). */
export const EVENT_RETENTION_MS = 15 * 86_400_000;
/** Hourly counts are kept five weeks (the expectation reads four weeks back from the current hour). */
export const COUNT_RETENTION_MS = 35 * 86_400_000;
/** Rows per INSERT: far below either database's limit on bound parameters. */
const BATCH = 200;

export interface ReadEvent {
  id: string;
  micId: string;
  labelId: string;
  /** Epoch ms. */
  at: number;
  confidence: number | null;
  labelName?: { ko: string; en: string } | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A stored row as corroboration reads it. */
const heardEvent = (r: { event_id: string; mic_id: string; label_id: string; at: string }): HeardEvent => ({
  id: r.event_id,
  micId: r.mic_id,
  labelId: r.label_id,
  at: Date.parse(r.at),
});

function* batches<T>(items: readonly T[], size = BATCH): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * Adds events read from the edge and counts them by mic, label and hour. Events of the last two
 * weeks are kept as rows and counted only when their id is new, so the hub and the back-fill may
 * both read one; older ones (only the back-fill reads them, once, in the transaction that moves
 * its cursor) are only counted. Returns how many were new.
 */
export async function ingestEvents(db: Db, events: readonly ReadEvent[], now: number): Promise<number> {
  const keepFrom = now - EVENT_RETENTION_MS;
  const counted: ReadEvent[] = events.filter((e) => e.at < keepFrom);
  for (const batch of batches(events.filter((e) => e.at >= keepFrom))) {
    const inserted = await db
      .insertInto('insight_events')
      .values(
        batch.map((e) => ({
          event_id: e.id,
          mic_id: e.micId,
          label_id: e.labelId,
          at: iso(e.at),
          confidence_milli: e.confidence === null ? null : Math.floor(e.confidence * 1000 + 1e-9),
          corroborated: null,
        })),
      )
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .execute();
    const fresh = new Set(inserted.map((r) => r.event_id));
    counted.push(...batch.filter((e) => fresh.has(e.id)));
  }
  await addCounts(db, counted);
  await saveLabelNames(db, events);
  return counted.length;
}

async function addCounts(db: Db, events: readonly ReadEvent[]): Promise<void> {
  const counts = new Map<string, { mic_id: string; label_id: string; hour: string; count: number }>();
  for (const e of events) {
    const hour = iso(hourOf(e.at));
    const key = `${e.micId}\u0000${e.labelId}\u0000${hour}`;
    const row = counts.get(key) ?? { mic_id: e.micId, label_id: e.labelId, hour, count: 0 };
    row.count++;
    counts.set(key, row);
  }
  for (const batch of batches([...counts.values()])) {
    await db
      .insertInto('insight_hourly')
      .values(batch)
      .onConflict((oc) =>
        oc
          .columns(['mic_id', 'label_id', 'hour'])
          .doUpdateSet({ count: (eb) => eb('insight_hourly.count', '+', eb.ref('excluded.count')) }),
      )
      .execute();
  }
}

async function saveLabelNames(db: Db, events: readonly ReadEvent[]): Promise<void> {
  const names = new Map<string, { ko: string; en: string }>();
  for (const e of events) if (e.labelName) names.set(e.labelId, e.labelName);
  for (const batch of batches([...names])) {
    await db
      .insertInto('insight_labels')
      .values(batch.map(([id, n]) => ({ label_id: id, name_ko: n.ko, name_en: n.en })))
      .onConflict((oc) =>
        oc.column('label_id').doUpdateSet({
          name_ko: (eb) => eb.ref('excluded.name_ko'),
          name_en: (eb) => eb.ref('excluded.name_en'),
        }),
      )
      .execute();
  }
}

export async function labelNames(db: Db): Promise<Map<string, { ko: string; en: string }>> {
  const rows = await db.selectFrom('insight_labels').selectAll().execute();
  return new Map(rows.map((r) => [r.label_id, { ko: r.name_ko, en: r.name_en }]));
}

export async function readState<T>(db: Db, key: string): Promise<T | null> {
  const row = await db.selectFrom('insight_state').select('value').where('key', '=', key).executeTakeFirst();
  return row === undefined ? null : (JSON.parse(row.value) as T);
}

export async function writeState(db: Db, key: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  await db
    .insertInto('insight_state')
    .values({ key, value: text })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text }))
    .execute();
}

/** Counts at the given hours (epoch ms), for every mic and label. */
export async function countsAt(db: Db, hours: readonly number[]) {
  if (hours.length === 0) return [];
  return db
    .selectFrom('insight_hourly')
    .select(['mic_id', 'label_id', 'hour', 'count'])
    .where('hour', 'in', hours.map(iso))
    .execute();
}

/** The first counted hour of each mic: weeks before it say nothing about the mic. */
export async function firstSeen(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('insight_hourly')
    .select(['mic_id', (eb) => eb.fn.min('hour').as('first')])
    .groupBy('mic_id')
    .execute();
  return new Map(rows.map((r) => [r.mic_id, Date.parse(String(r.first))]));
}

/** One mic and label's counts per hour in [from, to). */
export async function countsOf(db: Db, micId: string, labelId: string, from: number, to: number) {
  return db
    .selectFrom('insight_hourly')
    .select(['hour', 'count'])
    .where('mic_id', '=', micId)
    .where('label_id', '=', labelId)
    .where('hour', '>=', iso(from))
    .where('hour', '<', iso(to))
    .execute();
}

/** Events per mic and label with `at` in [from, to). */
export async function countsBetween(db: Db, from: number, to: number) {
  const rows = await db
    .selectFrom('insight_events')
    .select(['mic_id', 'label_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('at', '>=', iso(from))
    .where('at', '<', iso(to))
    .groupBy(['mic_id', 'label_id'])
    .execute();
  return rows.map((r) => ({ mic_id: r.mic_id, label_id: r.label_id, n: Number(r.n) }));
}

/** Events with `at` in [from, to), oldest first, at most `limit`. */
export async function eventsBetween(db: Db, from: number, to: number, limit: number) {
  const rows = await db
    .selectFrom('insight_events')
    .select(['event_id', 'mic_id', 'label_id', 'at'])
    .where('at', '>=', iso(from))
    .where('at', '<', iso(to))
    .orderBy('at')
    .limit(limit)
    .execute();
  return rows.map(heardEvent);
}

/** The stored events of these ids; ids the console never read (or has pruned) are left out. */
export async function eventsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('insight_events')
    .select(['event_id', 'mic_id', 'label_id', 'at'])
    .where('event_id', 'in', ids)
    .execute();
  return rows.map(heardEvent);
}

/** Events of each span's label with `at` in [from, to] (both inclusive, as corroboration is), at most `limit`. */
export async function eventsInSpans(
  db: Db,
  spans: readonly { labelId: string; from: number; to: number }[],
  limit: number,
) {
  if (spans.length === 0) return [];
  const rows = await db
    .selectFrom('insight_events')
    .select(['event_id', 'mic_id', 'label_id', 'at'])
    .where((eb) =>
      eb.or(
        spans.map((s) =>
          eb.and([eb('label_id', '=', s.labelId), eb('at', '>=', iso(s.from)), eb('at', '<=', iso(s.to))]),
        ),
      ),
    )
    .limit(limit)
    .execute();
  return rows.map(heardEvent);
}

/** Per mic since `from`: its first and last event and how many. */
export async function activitySince(db: Db, from: number) {
  const rows = await db
    .selectFrom('insight_events')
    .select([
      'mic_id',
      (eb) => eb.fn.min('at').as('first'),
      (eb) => eb.fn.max('at').as('last'),
      (eb) => eb.fn.countAll<number | string>().as('n'),
    ])
    .where('at', '>=', iso(from))
    .groupBy('mic_id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.mic_id,
      { first: Date.parse(String(r.first)), last: Date.parse(String(r.last)), n: Number(r.n) },
    ]),
  );
}

/**
 * Events since `from` per mic, label, confidence (thousandths) and likely real (corroborated or
 * in a composite event): at most 1,001 × 2 rows per mic and label, however many events.
 */
export async function confidenceBuckets(db: Db, from: number, filter: { micId?: string; labelId?: string }) {
  const real = sql<number>`case when corroborated = 1 or in_composite = 1 then 1 else 0 end`;
  let query = db
    .selectFrom('insight_events')
    .select([
      'mic_id',
      'label_id',
      'confidence_milli',
      real.as('real'),
      (eb) => eb.fn.countAll<number | string>().as('n'),
    ])
    .where('at', '>=', iso(from))
    .where('confidence_milli', 'is not', null);
  if (filter.micId !== undefined) query = query.where('mic_id', '=', filter.micId);
  if (filter.labelId !== undefined) query = query.where('label_id', '=', filter.labelId);
  const rows = await query.groupBy(['mic_id', 'label_id', 'confidence_milli', real]).execute();
  return rows.map((r) => ({
    mic_id: r.mic_id,
    label_id: r.label_id,
    confidence: Number(r.confidence_milli) / 1000,
    real: Number(r.real) === 1,
    n: Number(r.n),
  }));
}

/** Events whose corroboration is still open and can be decided (`at` before `before`), oldest first. */
export async function undecided(db: Db, before: number, limit: number) {
  const rows = await db
    .selectFrom('insight_events')
    .select(['event_id', 'mic_id', 'label_id', 'at'])
    .where('corroborated', 'is', null)
    .where('at', '<', iso(before))
    .orderBy('at')
    .limit(limit)
    .execute();
  return rows.map(heardEvent);
}

export async function setCorroborated(db: Db, ids: readonly string[], value: 0 | 1): Promise<void> {
  for (const batch of batches(ids, 500)) {
    await db.updateTable('insight_events').set({ corroborated: value }).where('event_id', 'in', batch).execute();
  }
}

/** Marks events that are members of a composite event (likely real, whoever else heard them). */
export async function markInComposite(db: Db, ids: readonly string[]): Promise<void> {
  for (const batch of batches(ids, 500)) {
    await db.updateTable('insight_events').set({ in_composite: 1 }).where('event_id', 'in', batch).execute();
  }
}

/** Drops events and counts past their retention. */
export async function prune(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('insight_events')
    .where('at', '<', iso(now - EVENT_RETENTION_MS))
    .execute();
  await db
    .deleteFrom('insight_hourly')
    .where('hour', '<', iso(now - COUNT_RETENTION_MS))
    .execute();
}
