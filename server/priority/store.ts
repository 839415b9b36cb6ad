import type { ConsoleDb } from '../db/database.js';
import {
  DEFAULT_REVIEW_LEVEL,
  DEFAULT_SEVERITIES,
  LEVELS,
  levelAtLeast,
  precisionKey,
  type Level,
  type Priority,
  type PrecisionCell,
} from './score.js';
import type { ItemFacts } from './facts.js';

export interface PrioritySettings {
  reviewLevel: Level;
  /** Every label an admin set, over the defaults. */
  severities: Record<string, Level>;
}

const asLevel = (value: string): Level | null =>
  (LEVELS as readonly string[]).includes(value) ? (value as Level) : null;

export async function readSettings(db: ConsoleDb): Promise<PrioritySettings> {
  const rows = await db.db.selectFrom('priority_settings').select(['key', 'value']).execute();
  const severities: Record<string, Level> = { ...DEFAULT_SEVERITIES };
  let reviewLevel = DEFAULT_REVIEW_LEVEL;
  for (const row of rows) {
    const level = asLevel(row.value);
    if (level === null) continue;
    if (row.key === 'review_level') reviewLevel = level;
    else if (row.key.startsWith('severity:')) severities[row.key.slice('severity:'.length)] = level;
  }
  return { reviewLevel, severities };
}

/** Writes the settings given (the others stay); returns what changed, old → new, for the audit. */
export async function writeSettings(
  db: ConsoleDb,
  patch: { reviewLevel?: Level; severities?: Record<string, Level> },
  actor: string,
): Promise<Record<string, { from: Level; to: Level }>> {
  const before = await readSettings(db);
  const wanted: [string, Level, Level][] = [];
  if (patch.reviewLevel !== undefined) wanted.push(['review_level', before.reviewLevel, patch.reviewLevel]);
  for (const [label, level] of Object.entries(patch.severities ?? {})) {
    wanted.push([`severity:${label}`, before.severities[label] ?? 'medium', level]);
  }
  const now = new Date().toISOString();
  const changed: Record<string, { from: Level; to: Level }> = {};
  await db.db.transaction().execute(async (trx) => {
    for (const [key, from, to] of wanted) {
      await trx
        .insertInto('priority_settings')
        .values({ key, value: to, updated_at: now, updated_by: actor })
        .onConflict((c) => c.column('key').doUpdateSet({ value: to, updated_at: now, updated_by: actor }))
        .execute();
      if (from !== to) changed[key] = { from, to };
    }
  });
  return changed;
}

/** Hour of the week in UTC, Monday 00h = 0 … Sunday 23h = 167. */
export function hourOfWeek(iso: string): number {
  const at = new Date(iso);
  return ((at.getUTCDay() + 6) % 7) * 24 + at.getUTCHours();
}

/**
 * Keeps what the console read of an item when it scored it. Scored again as it grew (more mics heard
 * it), its newer reading replaces the facts and the level; when it fired stays the first reading's.
 */
export async function recordFacts(
  db: ConsoleDb,
  rows: { kind: 'composite' | 'event'; id: string; facts: ItemFacts; priority: Priority }[],
): Promise<void> {
  const values = rows.flatMap(({ kind, id, facts, priority }) => {
    const label = priority.reasons[0]?.code === 'severity' ? priority.reasons[0].label : facts.labels[0];
    if (label === undefined || facts.firedAt === null || Number.isNaN(Date.parse(facts.firedAt))) return [];
    return [
      {
        kind,
        item_id: id,
        label_id: label,
        mic_ids: JSON.stringify(facts.micIds),
        labels: JSON.stringify(facts.labels),
        db_over: facts.dbOver,
        rule_priority: facts.rulePriority,
        fired_at: new Date(facts.firedAt).toISOString(),
        hour_of_week: hourOfWeek(facts.firedAt),
        level: priority.level,
        score: priority.score,
      },
    ];
  });
  // One row per item: an update may not touch a row twice in one statement (PostgreSQL refuses).
  const unique = [...new Map(values.map((v) => [`${v.kind}:${v.item_id}`, v])).values()];
  for (let i = 0; i < unique.length; i += 200) {
    await db.db
      .insertInto('priority_facts')
      .values(unique.slice(i, i + 200))
      .onConflict((c) =>
        c.columns(['kind', 'item_id']).doUpdateSet((eb) => ({
          label_id: eb.ref('excluded.label_id'),
          mic_ids: eb.ref('excluded.mic_ids'),
          labels: eb.ref('excluded.labels'),
          db_over: eb.ref('excluded.db_over'),
          rule_priority: eb.ref('excluded.rule_priority'),
          level: eb.ref('excluded.level'),
          score: eb.ref('excluded.score'),
        })),
      )
      .execute();
  }
}

export interface PrecisionRow {
  real: number;
  false_alarms: number;
  tests: number;
  /** real / (real + false alarms), or null with no such outcome. */
  precision: number | null;
}
export interface PrecisionReport {
  by_label: (PrecisionRow & { label: string })[];
  by_mic: (PrecisionRow & { label: string; mic_id: string })[];
  by_hour: (PrecisionRow & { hour_of_week: number })[];
  resolved: number;
}

/** Resolved outcomes of the items the console scored, counted per label, per mic and label, per hour of the week. */
export async function precisionReport(db: ConsoleDb, sinceDays = 90): Promise<PrecisionReport> {
  const since = new Date(Date.now() - sinceDays * 86_400_000).toISOString();
  const rows = await db.db
    .selectFrom('priority_facts as f')
    .innerJoin('review_items as r', (join) => join.onRef('r.kind', '=', 'f.kind').onRef('r.item_id', '=', 'f.item_id'))
    .select(['f.label_id', 'f.mic_ids', 'f.hour_of_week', 'r.outcome'])
    .where('r.state', '=', 'resolved')
    .where('f.fired_at', '>=', since)
    .execute();
  const cells = new Map<string, PrecisionRow & Record<string, unknown>>();
  const add = (key: string, extra: Record<string, unknown>, outcome: string | null) => {
    let cell = cells.get(key);
    if (cell === undefined) {
      cell = { ...extra, real: 0, false_alarms: 0, tests: 0, precision: null };
      cells.set(key, cell);
    }
    if (outcome === 'real_incident') cell.real++;
    else if (outcome === 'false_alarm') cell.false_alarms++;
    else if (outcome === 'test') cell.tests++;
  };
  for (const row of rows) {
    add(`l:${row.label_id}`, { label: row.label_id }, row.outcome);
    add(`h:${row.hour_of_week}`, { hour_of_week: Number(row.hour_of_week) }, row.outcome);
    for (const mic of JSON.parse(row.mic_ids) as string[]) {
      add(`m:${precisionKey(row.label_id, mic)}`, { label: row.label_id, mic_id: mic }, row.outcome);
    }
  }
  const of = (prefix: string) =>
    [...cells]
      .filter(([key]) => key.startsWith(prefix))
      .map(([, cell]) => {
        const judged = cell.real + cell.false_alarms;
        return { ...cell, precision: judged === 0 ? null : cell.real / judged };
      });
  const byCount = (a: PrecisionRow, b: PrecisionRow) => b.real + b.false_alarms - (a.real + a.false_alarms);
  return {
    by_label: (of('l:') as PrecisionReport['by_label']).sort(byCount),
    by_mic: (of('m:') as PrecisionReport['by_mic']).sort(byCount),
    by_hour: (of('h:') as PrecisionReport['by_hour']).sort((a, b) => a.hour_of_week - b.hour_of_week),
    resolved: rows.length,
  };
}

/** The (label, mic) outcomes scoring reads. */
export function precisionCells(report: PrecisionReport): Map<string, PrecisionCell> {
  return new Map(
    report.by_mic.map((row) => [
      precisionKey(row.label, row.mic_id),
      { real: row.real, falseAlarms: row.false_alarms },
    ]),
  );
}

/**
 * Whether items scored earlier are review items at today's review level, from their stored level
 * (`kind:id` → true/false); items never scored are left out.
 */
export async function reviewFlags(
  db: ConsoleDb,
  keys: readonly { kind: string; id: string }[],
): Promise<Map<string, boolean>> {
  const out = new Map<string, boolean>();
  if (keys.length === 0) return out;
  const { reviewLevel } = await readSettings(db);
  const rows = await db.db
    .selectFrom('priority_facts')
    .select(['kind', 'item_id', 'level'])
    .where(
      'item_id',
      'in',
      keys.map((key) => key.id),
    )
    .execute();
  const wanted = new Set(keys.map((key) => `${key.kind}:${key.id}`));
  for (const row of rows) {
    const key = `${row.kind}:${row.item_id}`;
    const level = asLevel(row.level);
    if (wanted.has(key) && level !== null) out.set(key, levelAtLeast(level, reviewLevel));
  }
  return out;
}

/** The facts kept of these items (`kind:id` → facts), to score them again with today's settings. */
export async function storedFacts(
  db: ConsoleDb,
  keys: readonly { kind: string; id: string }[],
): Promise<Map<string, ItemFacts>> {
  const out = new Map<string, ItemFacts>();
  if (keys.length === 0) return out;
  const rows = await db.db
    .selectFrom('priority_facts')
    .select(['kind', 'item_id', 'labels', 'mic_ids', 'db_over', 'rule_priority', 'fired_at'])
    .where(
      'item_id',
      'in',
      keys.map((key) => key.id),
    )
    .execute();
  const wanted = new Set(keys.map((key) => `${key.kind}:${key.id}`));
  for (const row of rows) {
    const key = `${row.kind}:${row.item_id}`;
    if (!wanted.has(key)) continue;
    out.set(key, {
      labels: JSON.parse(row.labels) as string[],
      micIds: JSON.parse(row.mic_ids) as string[],
      dbOver: row.db_over === null ? null : Number(row.db_over),
      rulePriority: row.rule_priority === null ? null : asLevel(row.rule_priority),
      firedAt: row.fired_at,
    });
  }
  return out;
}
