import type Database from 'better-sqlite3';

/** Bump when the layout or the seeded world changes: an older database is then rebuilt from the seed (5: a district's natural rate). */
export const SCHEMA_VERSION = 5;

export function createSchema(db: Database.Database): void {
  db.exec(`
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

    CREATE TABLE labels (
      id TEXT PRIMARY KEY,
      name_ko TEXT NOT NULL,
      name_en TEXT NOT NULL,
      active INTEGER NOT NULL DEFAULT 1
    );

    CREATE TABLE mics (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      host TEXT NOT NULL,
      edge_id TEXT NOT NULL,
      status TEXT NOT NULL,
      latitude REAL NOT NULL,
      longitude REAL NOT NULL,
      thresholds TEXT NOT NULL,
      subnet_mask TEXT NOT NULL,
      mac_address TEXT NOT NULL,
      microphone_type TEXT NOT NULL,
      channel TEXT NOT NULL,
      console TEXT NOT NULL,
      streaming INTEGER NOT NULL,
      recording INTEGER NOT NULL,
      connected INTEGER NOT NULL,
      edge_status TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      reported_at TEXT NOT NULL
    );
    CREATE INDEX mics_name ON mics (name COLLATE NOCASE, id);
    CREATE INDEX mics_edge ON mics (edge_id, name COLLATE NOCASE, id);

    CREATE TABLE events (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      label_id TEXT NOT NULL,
      mic_id TEXT NOT NULL,
      confidence REAL NOT NULL,
      confidence_threshold REAL NOT NULL,
      sound_level REAL NOT NULL,
      sound_level_threshold REAL NOT NULL,
      description TEXT NOT NULL,
      file_path TEXT NOT NULL,
      is_read INTEGER NOT NULL,
      read_at TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX events_created ON events (created_at, seq);
    CREATE INDEX events_mic ON events (mic_id, created_at, seq);
    CREATE INDEX events_label ON events (label_id, created_at, seq);

    -- Totals per mic and label, so an unfiltered or id-filtered count never scans the events.
    CREATE TABLE event_counts (
      mic_id TEXT NOT NULL,
      label_id TEXT NOT NULL,
      n INTEGER NOT NULL,
      PRIMARY KEY (mic_id, label_id)
    ) WITHOUT ROWID;
    CREATE INDEX event_counts_label ON event_counts (label_id, mic_id);
    CREATE TRIGGER events_counted AFTER INSERT ON events BEGIN
      INSERT INTO event_counts (mic_id, label_id, n) VALUES (NEW.mic_id, NEW.label_id, 1)
      ON CONFLICT (mic_id, label_id) DO UPDATE SET n = n + 1;
    END;

    CREATE TABLE rules (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      description TEXT NOT NULL,
      window_seconds INTEGER NOT NULL,
      min_events INTEGER NOT NULL,
      enabled INTEGER NOT NULL,
      group_by TEXT NOT NULL,
      include_label_ids TEXT NOT NULL,
      include_mic_ids TEXT NOT NULL
    );

    CREATE TABLE composite_events (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      rule_id TEXT NOT NULL,
      group_key TEXT NOT NULL,
      started_at TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
    CREATE INDEX composite_started ON composite_events (started_at, seq);
    CREATE INDEX composite_created ON composite_events (created_at, seq);
    CREATE INDEX composite_rule ON composite_events (rule_id, started_at, seq);

    CREATE TABLE composite_members (
      composite_seq INTEGER NOT NULL,
      event_seq INTEGER NOT NULL,
      PRIMARY KEY (composite_seq, event_seq)
    ) WITHOUT ROWID;
    CREATE INDEX composite_members_event ON composite_members (event_seq);

    -- Where each incident's sound really was, per detection: for the benchmark and the tests of
    -- the console's locator. No operation of the edge interface reads it.
    CREATE TABLE incident_truths (
      event_seq INTEGER PRIMARY KEY,
      incident TEXT NOT NULL,
      repeat INTEGER NOT NULL,
      latitude REAL NOT NULL,
      longitude REAL NOT NULL,
      emitted_at REAL NOT NULL,
      clock_offset_ms REAL NOT NULL,
      shade_db REAL NOT NULL
    );
  `);
}
