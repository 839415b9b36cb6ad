import type Database from 'better-sqlite3';
import type { Truth } from './acoustics.js';

/** A statement that keeps an event's true source beside it (the event's `seq`). */
export function truthWriter(db: Database.Database): (eventSeq: number | bigint, truth: Truth) => void {
  const insert = db.prepare(`INSERT INTO incident_truths
    (event_seq, incident, repeat, latitude, longitude, emitted_at, clock_offset_ms, shade_db)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  return (eventSeq, t) => {
    insert.run(eventSeq, t.incident, t.repeat, t.latitude, t.longitude, t.emittedAt, t.clockOffsetMs, t.shadeDb);
  };
}

/** The true sources of these events (by event id), for those that belong to an incident. */
export function truthsOf(db: Database.Database, eventIds: readonly string[]): Map<string, Truth> {
  const select = db.prepare(`SELECT e.id, t.incident, t.repeat, t.latitude, t.longitude, t.emitted_at,
      t.clock_offset_ms, t.shade_db
    FROM events e JOIN incident_truths t ON t.event_seq = e.seq WHERE e.id = ?`);
  const out = new Map<string, Truth>();
  for (const id of eventIds) {
    const row = select.get(id) as
      | {
          id: string;
          incident: string;
          repeat: number;
          latitude: number;
          longitude: number;
          emitted_at: number;
          clock_offset_ms: number;
          shade_db: number;
        }
      | undefined;
    if (row === undefined) continue;
    out.set(id, {
      incident: row.incident,
      repeat: row.repeat,
      latitude: row.latitude,
      longitude: row.longitude,
      emittedAt: row.emitted_at,
      clockOffsetMs: row.clock_offset_ms,
      shadeDb: row.shade_db,
    });
  }
  return out;
}
