import type Database from 'better-sqlite3';
import type { ReferenceData } from './composite-sql.js';
import { micRow } from './mic-sql.js';
import type { Random } from './random.js';
import type { RuleEngine } from './rule-engine.js';
import { describeEvent } from './seed.js';
import type { Truth } from './acoustics.js';
import { truthWriter } from './truth-sql.js';

export interface NewEvent {
  label_id: string;
  mic_id: string;
  confidence?: number;
  sound_level?: number;
  at?: number;
  /** Where an incident's sound really was (kept aside, never served). */
  truth?: Truth;
}

/**
 * Stores one new base event as the edge would on detection (confidence and level made up above
 * the mic's threshold unless given), and records what the rules make of it. Returns the event
 * and the ids of the composite events it joined, whose cached bodies are now out of date.
 */
export function writeEvent(
  db: Database.Database,
  engine: RuleEngine,
  rng: Random,
  reference: ReferenceData,
  input: NewEvent,
) {
  const row = micRow(db, input.mic_id);
  if (row === undefined) throw new Error(`unknown mic ${input.mic_id}`);
  const labelRow = reference.labels().get(input.label_id);
  const thresholds = JSON.parse(row.thresholds) as Record<string, { confidence: number; sound_level_ge: number }>;
  const threshold = thresholds[input.label_id] ?? { confidence: 0.5, sound_level_ge: 65 };
  const confidence =
    input.confidence ??
    Math.round((threshold.confidence + (1 - threshold.confidence) * rng.next() ** 0.8) * 1000) / 1000;
  const soundLevel =
    input.sound_level ??
    Math.round((threshold.sound_level_ge + rng.range(0, 110 - threshold.sound_level_ge)) * 10) / 10;
  const last = db.prepare('SELECT MAX(created_at) AS t FROM events').get() as { t: string | null };
  // Keep event time strictly increasing so the rule engine sees them in order.
  const at = Math.max(input.at ?? Date.now(), last.t === null ? 0 : Date.parse(last.t) + 1);
  const createdAt = new Date(at).toISOString();
  const id = rng.uuid();
  const joined: string[] = [];
  const event = db.transaction(() => {
    const info = db
      .prepare(
        `INSERT INTO events (id, label_id, mic_id, confidence, confidence_threshold, sound_level, sound_level_threshold,
            description, file_path, is_read, read_at, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, NULL, ?, ?)`,
      )
      .run(
        id,
        input.label_id,
        row.id,
        confidence,
        threshold.confidence,
        soundLevel,
        threshold.sound_level_ge,
        describeEvent(labelRow?.name_en ?? input.label_id, row.name, soundLevel),
        `/var/lib/edge/audio/${createdAt.slice(0, 10)}/${id}.wav`,
        createdAt,
        createdAt,
      );
    const seq = Number(info.lastInsertRowid);
    if (input.truth !== undefined) truthWriter(db)(seq, input.truth);
    for (const out of engine.process({ id, label_id: input.label_id, mic_id: row.id, at })) {
      if (out.kind === 'created') {
        const c = db
          .prepare(
            'INSERT INTO composite_events (id, rule_id, group_key, started_at, created_at) VALUES (?, ?, ?, ?, ?)',
          )
          .run(
            out.composite.id,
            out.composite.ruleId,
            out.composite.groupKey,
            new Date(out.composite.startedAt).toISOString(),
            createdAt,
          );
        const insertMember = db.prepare(
          'INSERT INTO composite_members (composite_seq, event_seq) SELECT ?, seq FROM events WHERE id = ?',
        );
        for (const memberId of out.memberIds) insertMember.run(c.lastInsertRowid, memberId);
      } else {
        db.prepare(
          'INSERT INTO composite_members (composite_seq, event_seq) SELECT seq, ? FROM composite_events WHERE id = ?',
        ).run(seq, out.compositeId);
        joined.push(out.compositeId);
      }
    }
    return { id, label_id: input.label_id, mic_id: row.id, created_at: createdAt, confidence };
  })();
  return { event, joined };
}
