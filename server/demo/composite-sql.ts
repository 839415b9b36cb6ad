import type Database from 'better-sqlite3';
import {
  engineRule,
  extendedMic,
  label,
  type CompositeRow,
  type EventRow,
  type LabelRow,
  type MicRow,
  type RuleRow,
  type Slice,
} from './rows.js';

export interface CompositeFilter {
  page: number;
  size: number;
  created_ge: string | null;
  created_le: string | null;
  rule_id: string | null;
  order: 'asc' | 'desc';
}

export function compositeRows(db: Database.Database, filter: CompositeFilter): Slice<CompositeRow> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.created_ge !== null) {
    where.push('created_at >= ?');
    params.push(filter.created_ge);
  }
  if (filter.created_le !== null) {
    where.push('created_at <= ?');
    params.push(filter.created_le);
  }
  if (filter.rule_id !== null) {
    where.push('rule_id = ?');
    params.push(filter.rule_id);
  }
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const direction = filter.order === 'asc' ? 'ASC' : 'DESC';
  const total = countOf(db, clause, params);
  const results = statement(
    db,
    `SELECT * FROM composite_events ${clause} ORDER BY started_at ${direction}, seq ${direction} LIMIT ? OFFSET ?`,
  ).all(...params, filter.size, (filter.page - 1) * filter.size) as CompositeRow[];
  return { total, results };
}

/**
 * Statements by text, per database: preparing the page's two queries anew was a fifth of the
 * list's own time in the server's profile at a million events (eight clients). The texts of event
 * lists vary with the number of ids asked for, so the set is dropped once it grows past a bound.
 */
const STATEMENTS_KEPT = 200;
const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

export function statement(db: Database.Database, sql: string): Database.Statement {
  let byText = statements.get(db);
  if (byText === undefined) statements.set(db, (byText = new Map()));
  let prepared = byText.get(sql);
  if (prepared === undefined) {
    if (byText.size >= STATEMENTS_KEPT) byText.clear();
    byText.set(sql, (prepared = db.prepare(sql)));
  }
  return prepared;
}

const COUNTS_KEPT = 64;
const counts = new WeakMap<Database.Database, { newest: number; byFilter: Map<string, number> }>();

/**
 * Composite events are only ever added (never changed or removed), so a filter's count holds
 * until the newest one's seq moves: read in one step of the primary key instead of counting
 * thousands of index entries on every page (5 ms for one rule at a million events).
 */
function countOf(db: Database.Database, clause: string, params: unknown[]): number {
  const newest =
    (statement(db, 'SELECT MAX(seq) AS seq FROM composite_events').get() as { seq: number | null }).seq ?? 0;
  let cache = counts.get(db);
  if (cache === undefined || cache.newest !== newest) counts.set(db, (cache = { newest, byFilter: new Map() }));
  const key = JSON.stringify([clause, params]);
  const known = cache.byFilter.get(key);
  if (known !== undefined) return known;
  const n = (statement(db, `SELECT COUNT(*) AS n FROM composite_events ${clause}`).get(...params) as { n: number }).n;
  if (cache.byFilter.size >= COUNTS_KEPT) cache.byFilter.clear();
  cache.byFilter.set(key, n);
  return n;
}

export function compositeRow(db: Database.Database, id: string): CompositeRow | undefined {
  return db.prepare('SELECT * FROM composite_events WHERE id = ?').get(id) as CompositeRow | undefined;
}

/** Labels and rules have no write operation in the interface, so they are read once. */
export class ReferenceData {
  private labelRows: Map<string, LabelRow> | null = null;
  private ruleRows: Map<string, RuleRow> | null = null;

  constructor(private readonly db: Database.Database) {}

  labels(): Map<string, LabelRow> {
    this.labelRows ??= new Map((this.db.prepare('SELECT * FROM labels').all() as LabelRow[]).map((l) => [l.id, l]));
    return this.labelRows;
  }

  rules(): Map<string, RuleRow> {
    this.ruleRows ??= new Map((this.db.prepare('SELECT * FROM rules').all() as RuleRow[]).map((r) => [r.id, r]));
    return this.ruleRows;
  }
}

/** Builds composite events with a fixed number of queries however many there are on the page. */
export function buildComposites(db: Database.Database, reference: ReferenceData, rows: CompositeRow[]) {
  if (rows.length === 0) return [];
  const marks = rows.map(() => '?').join(',');
  const members = db
    .prepare(
      `SELECT cm.composite_seq, e.* FROM composite_members cm JOIN events e ON e.seq = cm.event_seq
         WHERE cm.composite_seq IN (${marks}) ORDER BY e.created_at, e.seq`,
    )
    .all(...rows.map((r) => r.seq)) as (EventRow & { composite_seq: number })[];
  const micIds = [...new Set(members.map((e) => e.mic_id))];
  const micRows = new Map(
    (micIds.length === 0
      ? []
      : (db.prepare(`SELECT * FROM mics WHERE id IN (${micIds.map(() => '?').join(',')})`).all(...micIds) as MicRow[])
    ).map((m) => [m.id, m]),
  );
  const labels = reference.labels();
  const rules = reference.rules();
  const byComposite = new Map<number, EventRow[]>();
  for (const member of members) {
    const list = byComposite.get(member.composite_seq) ?? [];
    list.push(member);
    byComposite.set(member.composite_seq, list);
  }
  return rows.map((row) => {
    const ruleRow = rules.get(row.rule_id)!;
    const events = byComposite.get(row.seq) ?? [];
    const eventMicIds = [...new Set(events.map((e) => e.mic_id))];
    const labelIds = [...new Set(events.map((e) => e.label_id))];
    return {
      id: row.id,
      group_key: row.group_key,
      rule: { ...engineRule(ruleRow), name: ruleRow.name, description: ruleRow.description },
      events: events.map((e) => {
        const mic = micRows.get(e.mic_id);
        return {
          id: e.id,
          confidence: e.confidence,
          confidence_threshold: e.confidence_threshold,
          sound_level: e.sound_level,
          sound_level_threshold: e.sound_level_threshold,
          description: e.description,
          audio_file: { file_path: e.file_path },
          is_read: e.is_read === 1,
          read_at: e.read_at,
          created_at: e.created_at,
          updated_at: e.updated_at,
          label_id: e.label_id,
          mic_id: e.mic_id,
          label: label(labels.get(e.label_id), e.label_id),
          microphone:
            mic === undefined ? null : { ...extendedMic(mic), thresholds: JSON.parse(mic.thresholds) as unknown },
        };
      }),
      mics: eventMicIds.flatMap((id) => {
        const mic = micRows.get(id);
        return mic === undefined ? [] : [{ ...extendedMic(mic), edge_status: mic.edge_status }];
      }),
      labels: labelIds.map((id) => label(labels.get(id), id)),
      started_at: row.started_at,
    };
  });
}
