import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { createSchema, SCHEMA_VERSION } from './schema.js';
import { describeEvent, seed, thresholdFromWritten } from './seed.js';
import { RuleEngine, ruleMatches, groupKeyOf, type EngineRule, type EngineEvent } from './rule-engine.js';
import { Random } from './random.js';
import { redactCredentials } from '../redact.js';

export interface Page<T> {
  page: number;
  size: number;
  total_cnt: number;
  max_page: number;
  results: T[];
}

export interface MicFilter {
  page: number;
  size: number;
  name: string | null;
  edge_id: string | null;
}

export interface EventFilter {
  page: number;
  size: number;
  start: string | null;
  end: string | null;
  mic_ids: string[];
  label_ids: string[];
}

export interface CompositeFilter {
  page: number;
  size: number;
  created_ge: string | null;
  created_le: string | null;
  rule_id: string | null;
  order: 'asc' | 'desc';
}

export interface MicPatch {
  name?: string;
  host?: string;
  location?: { latitude: number; longitude: number };
  status?: 'active' | 'inactive';
  thresholds?: Record<string, number>;
}

export interface NewEvent {
  label_id: string;
  mic_id: string;
  confidence?: number;
  sound_level?: number;
  at?: number;
}

interface MicRow {
  id: string;
  name: string;
  host: string;
  edge_id: string;
  status: string;
  latitude: number;
  longitude: number;
  thresholds: string;
  subnet_mask: string;
  mac_address: string;
  microphone_type: string;
  channel: string;
  console: string;
  streaming: number;
  recording: number;
  connected: number;
  edge_status: string;
  created_at: string;
  updated_at: string;
  reported_at: string;
}

interface EventRow {
  seq: number;
  id: string;
  label_id: string;
  mic_id: string;
  confidence: number;
  confidence_threshold: number;
  sound_level: number;
  sound_level_threshold: number;
  description: string;
  file_path: string;
  is_read: number;
  read_at: string | null;
  created_at: string;
  updated_at: string;
}

interface LabelRow {
  id: string;
  name_ko: string;
  name_en: string;
  active: number;
}

interface RuleRow {
  id: string;
  name: string;
  description: string;
  window_seconds: number;
  min_events: number;
  enabled: number;
  group_by: string;
  include_label_ids: string;
  include_mic_ids: string;
}

interface CompositeRow {
  seq: number;
  id: string;
  rule_id: string;
  group_key: string;
  started_at: string;
  created_at: string;
}

/** A piece of a composite-event body: its JSON text, and the same as raw deflate blocks. */
interface Piece {
  json: Buffer;
  /** Ends on a byte boundary without a final block, so pieces can be joined into one stream. */
  deflated: Buffer;
}

function piece(json: Buffer): Piece {
  return { json, deflated: zlib.deflateRawSync(json, { finishFlush: zlib.constants.Z_SYNC_FLUSH }) };
}

const COMMA = piece(Buffer.from(','));
const PAGE_END = piece(Buffer.from(']}'));
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const FINAL_BLOCK = zlib.deflateRawSync(Buffer.alloc(0));

/**
 * A composite-event body made of cached pieces, as JSON or as gzip. The gzip is the pieces'
 * deflate blocks back to back in one member, so a page is compressed once per composite event
 * (when it is cached), never per request.
 */
export class CompositeBody {
  constructor(private readonly pieces: readonly Piece[]) {}

  json(): Buffer {
    return Buffer.concat(this.pieces.map((p) => p.json));
  }

  gzip(): Buffer {
    let crc = 0;
    let size = 0;
    for (const p of this.pieces) {
      crc = zlib.crc32(p.json, crc);
      size += p.json.length;
    }
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(size % 2 ** 32, 4);
    return Buffer.concat([GZIP_HEADER, ...this.pieces.map((p) => p.deflated), FINAL_BLOCK, trailer]);
  }
}

function pageOf<T>(page: number, size: number, total: number, results: T[]): Page<T> {
  return { page, size, total_cnt: total, max_page: Math.ceil(total / size), results };
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function micDevice(row: MicRow) {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    edge_id: row.edge_id,
    status: row.status,
    thresholds: JSON.parse(row.thresholds) as Record<string, { sound_level_ge: number; confidence: number }>,
    location: { latitude: row.latitude, longitude: row.longitude },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function extendedMic(row: MicRow) {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    subnet_mask: row.subnet_mask,
    mac_address: row.mac_address,
    microphone_type: row.microphone_type,
    channel: JSON.parse(row.channel) as unknown,
    console: JSON.parse(row.console) as unknown,
    location: { latitude: row.latitude, longitude: row.longitude },
    streaming: row.streaming === 1,
    recording: row.recording === 1,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
    deleted_at: null,
    reported_at: row.reported_at,
    connected: row.connected === 1,
    edge_id: row.edge_id,
  };
}

function label(row: LabelRow | undefined, id: string) {
  return row === undefined
    ? { id, name: { ko: id, en: id }, active: false }
    : { id: row.id, name: { ko: row.name_ko, en: row.name_en }, active: row.active === 1 };
}

function engineRule(row: RuleRow): EngineRule {
  return {
    id: row.id,
    window_seconds: row.window_seconds,
    min_events: row.min_events,
    enabled: row.enabled === 1,
    group_by: row.group_by,
    include_label_ids: JSON.parse(row.include_label_ids) as string[],
    include_mic_ids: JSON.parse(row.include_mic_ids) as string[],
  };
}

export interface StoreOptions {
  /** Directory of the database file; null keeps it in memory (tests). */
  dataDir: string | null;
  mics: number;
  events: number;
  now?: number;
  credentialCanary?: string | null;
  /**
   * Null device credentials in composite events as they are built. The console's embedded edge
   * sets it, so its gateway can pass pages through without parsing them to redact; the standalone
   * demo edge leaves it off and answers with credentials, as a real edge does.
   */
  redactCredentials?: boolean;
}

/** The demo edge's state: an embedded SQLite database plus the live rule engine over it. */
export class DemoStore {
  readonly db: Database.Database;
  private readonly engine: RuleEngine;
  private readonly rng = new Random(Date.now() & 0xffffffff);
  private readonly listeners = new Set<() => void>();
  readonly redactsCredentials: boolean;
  /**
   * Serialized (and compressed) composite events by id, most recently used last. A closed
   * composite never changes unless a mic it shows is edited, so a page of them is mostly a
   * concatenation of these: a page of 25 is close to a megabyte of JSON, and serializing and
   * compressing it anew took most of the request.
   */
  private readonly compositeCache = new Map<string, Piece>();
  private static readonly COMPOSITE_CACHE_SIZE = 2000;

  constructor(options: StoreOptions) {
    const now = options.now ?? Date.now();
    this.redactsCredentials = options.redactCredentials ?? false;
    let file = ':memory:';
    if (options.dataDir !== null) {
      fs.mkdirSync(options.dataDir, { recursive: true });
      const scale = options.mics === 60 && options.events === 0 ? '' : `-${options.mics}m-${options.events}e`;
      file = path.join(options.dataDir, `demo-edge-v${SCHEMA_VERSION}${scale}.sqlite`);
    }
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    const hasSchema = this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'meta'").get() !== undefined;
    if (!hasSchema) {
      this.db.transaction(() => {
        createSchema(this.db);
        seed(this.db, { mics: options.mics, events: options.events, now, credentialCanary: options.credentialCanary });
      })();
      this.db.exec('ANALYZE');
    }
    this.engine = this.restoreEngine(now);
  }

  close(): void {
    this.db.close();
  }

  /** Called after every change, so pollers in tests can wait for one. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  listMics(filter: MicFilter): Page<ReturnType<typeof micDevice>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.name !== null) {
      where.push("name LIKE ? ESCAPE '\\'");
      params.push(likePattern(filter.name));
    }
    if (filter.edge_id !== null) {
      where.push('edge_id = ?');
      params.push(filter.edge_id);
    }
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM mics ${clause}`).get(...params) as { n: number }).n;
    const rows = this.db
      .prepare(`SELECT * FROM mics ${clause} ORDER BY name COLLATE NOCASE, id LIMIT ? OFFSET ?`)
      .all(...params, filter.size, (filter.page - 1) * filter.size) as MicRow[];
    return pageOf(filter.page, filter.size, total, rows.map(micDevice));
  }

  getMic(id: string) {
    const row = this.micRow(id);
    return row === undefined ? undefined : micDevice(row);
  }

  patchMic(id: string, patch: MicPatch) {
    const row = this.micRow(id);
    if (row === undefined) return undefined;
    const thresholds = JSON.parse(row.thresholds) as Record<string, unknown>;
    for (const [category, value] of Object.entries(patch.thresholds ?? {})) {
      thresholds[category] = thresholdFromWritten(value);
    }
    const next = {
      name: patch.name ?? row.name,
      host: patch.host ?? row.host,
      status: patch.status ?? row.status,
      latitude: patch.location?.latitude ?? row.latitude,
      longitude: patch.location?.longitude ?? row.longitude,
      thresholds: JSON.stringify(thresholds),
      updated_at: new Date().toISOString(),
    };
    this.db
      .prepare(
        `UPDATE mics SET name = @name, host = @host, status = @status, latitude = @latitude,
        longitude = @longitude, thresholds = @thresholds, updated_at = @updated_at WHERE id = @id`,
      )
      .run({ ...next, id });
    // Every composite embeds its mics: any of them may show this one.
    this.compositeCache.clear();
    this.changed();
    return this.getMic(id);
  }

  listEvents(query: EventFilter) {
    // An event has one mic and one label, so the arms below (one per distinct id) never share a
    // row and need no DISTINCT, which cost as much again as the arms at deep pages.
    const filter = { ...query, mic_ids: [...new Set(query.mic_ids)], label_ids: [...new Set(query.label_ids)] };
    const time: string[] = [];
    const timeParams: unknown[] = [];
    if (filter.start !== null) {
      time.push('created_at >= ?');
      timeParams.push(filter.start);
    }
    if (filter.end !== null) {
      time.push('created_at <= ?');
      timeParams.push(filter.end);
    }
    const inList = (column: string, values: string[]) => `${column} IN (${values.map(() => '?').join(',')})`;
    const limit = filter.page * filter.size;
    const offset = (filter.page - 1) * filter.size;

    // One ordered index walk per listed mic (or label), merged: each arm stops after the rows
    // the page needs, where a single IN (...) would sort every match first.
    let keys: string;
    let keyParams: unknown[];
    const arm = (column: string, extra: string[]) =>
      `SELECT seq, created_at FROM (SELECT seq, created_at FROM events WHERE ${[`${column} = ?`, ...extra].join(' AND ')}
        ORDER BY created_at DESC, seq DESC LIMIT ?)`;
    if (filter.mic_ids.length > 0) {
      const extra = [...time, ...(filter.label_ids.length > 0 ? [inList('label_id', filter.label_ids)] : [])];
      keys = filter.mic_ids.map(() => arm('mic_id', extra)).join(' UNION ALL ');
      keyParams = filter.mic_ids.flatMap((id) => [id, ...timeParams, ...filter.label_ids, limit]);
    } else if (filter.label_ids.length > 0) {
      keys = filter.label_ids.map(() => arm('label_id', time)).join(' UNION ALL ');
      keyParams = filter.label_ids.flatMap((id) => [id, ...timeParams, limit]);
    } else {
      // Events are stored in time order with gap-free seq numbers (history is seeded sorted, live
      // events get strictly increasing times, nothing is deleted), so a page of the unfiltered
      // list is a seq range: no OFFSET walk, however deep the page.
      const { low, high } = this.seqBounds(filter.start, filter.end);
      keys = 'SELECT seq, created_at FROM events WHERE seq BETWEEN ? AND ?';
      keyParams = [Math.max(low, high - limit + 1), high - offset];
    }
    const rows = this.db
      .prepare(
        `SELECT e.id, e.label_id, e.mic_id, e.confidence, e.created_at, e.updated_at,
           l.name_ko, l.name_en, m.name AS mic_name, m.latitude, m.longitude
         FROM (SELECT seq, created_at FROM (${keys}) ORDER BY created_at DESC, seq DESC LIMIT ? OFFSET ?) k
         JOIN events e ON e.seq = k.seq
         LEFT JOIN labels l ON l.id = e.label_id LEFT JOIN mics m ON m.id = e.mic_id
         ORDER BY k.created_at DESC, k.seq DESC`,
      )
      .all(...keyParams, filter.size, filter.mic_ids.length + filter.label_ids.length > 0 ? offset : 0) as {
      id: string;
      label_id: string;
      mic_id: string;
      confidence: number;
      created_at: string;
      updated_at: string;
      name_ko: string | null;
      name_en: string | null;
      mic_name: string | null;
      latitude: number | null;
      longitude: number | null;
    }[];
    return pageOf(
      filter.page,
      filter.size,
      this.countEvents(filter, time, timeParams),
      rows.map((r) => ({
        id: r.id,
        label: { id: r.label_id, name: { ko: r.name_ko ?? r.label_id, en: r.name_en ?? r.label_id } },
        confidence: r.confidence,
        mic: {
          id: r.mic_id,
          name: r.mic_name ?? r.mic_id,
          location: { latitude: r.latitude ?? 0, longitude: r.longitude ?? 0 },
        },
        created_at: r.created_at,
        updated_at: r.updated_at,
      })),
    );
  }

  /** First and last seq of the events inside [start, end] (high < low when there are none). */
  private seqBounds(start: string | null, end: string | null): { low: number; high: number } {
    const low =
      start === null
        ? 1
        : ((
            this.db
              .prepare('SELECT seq AS s FROM events WHERE created_at >= ? ORDER BY created_at, seq LIMIT 1')
              .get(start) as { s: number } | undefined
          )?.s ?? Number.MAX_SAFE_INTEGER);
    const high =
      end === null
        ? ((this.db.prepare('SELECT MAX(seq) AS s FROM events').get() as { s: number | null }).s ?? 0)
        : ((
            this.db
              .prepare('SELECT seq AS s FROM events WHERE created_at <= ? ORDER BY created_at DESC, seq DESC LIMIT 1')
              .get(end) as { s: number } | undefined
          )?.s ?? 0);
    return { low, high };
  }

  /**
   * Without a time filter the answer comes from per-(mic, label) counters kept by a trigger,
   * so a million events never need counting; with one, the time index bounds the scan.
   */
  private countEvents(filter: EventFilter, time: string[], timeParams: unknown[]): number {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.mic_ids.length > 0) {
      where.push(`mic_id IN (${filter.mic_ids.map(() => '?').join(',')})`);
      params.push(...filter.mic_ids);
    }
    if (filter.label_ids.length > 0) {
      where.push(`label_id IN (${filter.label_ids.map(() => '?').join(',')})`);
      params.push(...filter.label_ids);
    }
    const clause = (parts: string[]) => (parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '');
    if (time.length === 0) {
      const row = this.db.prepare(`SELECT COALESCE(SUM(n), 0) AS n FROM event_counts ${clause(where)}`).get(...params);
      return (row as { n: number }).n;
    }
    if (where.length === 0) {
      const { low, high } = this.seqBounds(filter.start, filter.end);
      return Math.max(0, high - low + 1);
    }
    const row = this.db
      .prepare(`SELECT COUNT(*) AS n FROM events ${clause([...time, ...where])}`)
      .get(...timeParams, ...params);
    return (row as { n: number }).n;
  }

  /** A page of composite events, sent as JSON or gzip from the cached pieces. */
  compositePage(filter: CompositeFilter): CompositeBody {
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
    const total = (
      this.db.prepare(`SELECT COUNT(*) AS n FROM composite_events ${clause}`).get(...params) as { n: number }
    ).n;
    const rows = this.db
      .prepare(
        `SELECT * FROM composite_events ${clause} ORDER BY started_at ${direction}, seq ${direction} LIMIT ? OFFSET ?`,
      )
      .all(...params, filter.size, (filter.page - 1) * filter.size) as CompositeRow[];
    // The empty page's JSON ends in `[]}`: the cached composites go between the brackets.
    const envelope = JSON.stringify(pageOf(filter.page, filter.size, total, []));
    const items = this.composites(rows).flatMap((composite, i) => (i === 0 ? [composite] : [COMMA, composite]));
    return new CompositeBody([piece(Buffer.from(envelope.slice(0, -2))), ...items, PAGE_END]);
  }

  compositeEvent(id: string): CompositeBody | undefined {
    const row = this.db.prepare('SELECT * FROM composite_events WHERE id = ?').get(id) as CompositeRow | undefined;
    return row === undefined ? undefined : new CompositeBody(this.composites([row]));
  }

  micIds(): string[] {
    return (this.db.prepare('SELECT id FROM mics ORDER BY id').all() as { id: string }[]).map((r) => r.id);
  }

  labelIds(): string[] {
    return (this.db.prepare('SELECT id FROM labels ORDER BY id').all() as { id: string }[]).map((r) => r.id);
  }

  /** Stores one new base event as the edge would on detection, and runs the rules over it. */
  addEvent(input: NewEvent) {
    const row = this.micRow(input.mic_id);
    if (row === undefined) throw new Error(`unknown mic ${input.mic_id}`);
    const labelRow = this.labelCache().get(input.label_id);
    const thresholds = JSON.parse(row.thresholds) as Record<string, { confidence: number; sound_level_ge: number }>;
    const threshold = thresholds[input.label_id] ?? { confidence: 0.5, sound_level_ge: 65 };
    const rng = this.rng;
    const confidence =
      input.confidence ??
      Math.round((threshold.confidence + (1 - threshold.confidence) * rng.next() ** 0.8) * 1000) / 1000;
    const soundLevel =
      input.sound_level ??
      Math.round((threshold.sound_level_ge + rng.range(0, 110 - threshold.sound_level_ge)) * 10) / 10;
    const last = this.db.prepare('SELECT MAX(created_at) AS t FROM events').get() as { t: string | null };
    // Keep event time strictly increasing so the rule engine sees them in order.
    const at = Math.max(input.at ?? Date.now(), last.t === null ? 0 : Date.parse(last.t) + 1);
    const createdAt = new Date(at).toISOString();
    const id = rng.uuid();
    const event = this.db.transaction(() => {
      const info = this.db
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
      for (const out of this.engine.process({ id, label_id: input.label_id, mic_id: row.id, at })) {
        if (out.kind === 'created') {
          const c = this.db
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
          const insertMember = this.db.prepare(
            'INSERT INTO composite_members (composite_seq, event_seq) SELECT ?, seq FROM events WHERE id = ?',
          );
          for (const memberId of out.memberIds) insertMember.run(c.lastInsertRowid, memberId);
        } else {
          this.db
            .prepare(
              'INSERT INTO composite_members (composite_seq, event_seq) SELECT seq, ? FROM composite_events WHERE id = ?',
            )
            .run(seq, out.compositeId);
          this.compositeCache.delete(out.compositeId);
        }
      }
      return { id, label_id: input.label_id, mic_id: row.id, created_at: createdAt, confidence };
    })();
    this.changed();
    return event;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private micRow(id: string): MicRow | undefined {
    return this.db.prepare('SELECT * FROM mics WHERE id = ?').get(id) as MicRow | undefined;
  }

  private composites(rows: CompositeRow[]): Piece[] {
    const missing = rows.filter((row) => !this.compositeCache.has(row.id));
    for (const built of this.buildComposites(missing)) {
      this.compositeCache.set(
        built.id,
        piece(Buffer.from(JSON.stringify(this.redactsCredentials ? redactCredentials(built) : built))),
      );
    }
    const page = rows.map((row) => {
      const built = this.compositeCache.get(row.id)!;
      this.compositeCache.delete(row.id);
      this.compositeCache.set(row.id, built);
      return built;
    });
    this.trimCompositeCache();
    return page;
  }

  private trimCompositeCache(): void {
    for (const id of this.compositeCache.keys()) {
      if (this.compositeCache.size <= DemoStore.COMPOSITE_CACHE_SIZE) break;
      this.compositeCache.delete(id);
    }
  }

  /** Builds composite events with a fixed number of queries however many there are on the page. */
  private buildComposites(rows: CompositeRow[]) {
    if (rows.length === 0) return [];
    const marks = rows.map(() => '?').join(',');
    const members = this.db
      .prepare(
        `SELECT cm.composite_seq, e.* FROM composite_members cm JOIN events e ON e.seq = cm.event_seq
         WHERE cm.composite_seq IN (${marks}) ORDER BY e.created_at, e.seq`,
      )
      .all(...rows.map((r) => r.seq)) as (EventRow & { composite_seq: number })[];
    const micIds = [...new Set(members.map((e) => e.mic_id))];
    const micRows = new Map(
      (micIds.length === 0
        ? []
        : (this.db
            .prepare(`SELECT * FROM mics WHERE id IN (${micIds.map(() => '?').join(',')})`)
            .all(...micIds) as MicRow[])
      ).map((m) => [m.id, m]),
    );
    const labels = this.labelCache();
    const rules = this.ruleCache();
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

  // Labels and rules have no write operation in the interface, so they are read once.
  private labels: Map<string, LabelRow> | null = null;
  private rules: Map<string, RuleRow> | null = null;

  private labelCache(): Map<string, LabelRow> {
    this.labels ??= new Map((this.db.prepare('SELECT * FROM labels').all() as LabelRow[]).map((l) => [l.id, l]));
    return this.labels;
  }

  private ruleCache(): Map<string, RuleRow> {
    this.rules ??= new Map((this.db.prepare('SELECT * FROM rules').all() as RuleRow[]).map((r) => [r.id, r]));
    return this.rules;
  }

  private restoreEngine(now: number): RuleEngine {
    const rules = (this.db.prepare('SELECT * FROM rules').all() as RuleRow[]).map(engineRule);
    const engine = new RuleEngine(rules, () => this.rng.uuid());
    const lastEvent = this.db.prepare('SELECT MAX(created_at) AS t FROM events').get() as { t: string | null };
    const horizon = Math.max(now, lastEvent.t === null ? 0 : Date.parse(lastEvent.t));
    for (const rule of rules) {
      if (!rule.enabled) continue;
      const since = new Date(horizon - rule.window_seconds * 1000).toISOString();
      const open = this.db
        .prepare('SELECT * FROM composite_events WHERE rule_id = ? AND started_at >= ? ORDER BY started_at')
        .all(rule.id, since) as CompositeRow[];
      for (const c of open) {
        engine.restoreOpen({ id: c.id, ruleId: rule.id, groupKey: c.group_key, startedAt: Date.parse(c.started_at) });
      }
      const pending = this.db
        .prepare(
          `SELECT e.id, e.label_id, e.mic_id, e.created_at FROM events e
           WHERE e.created_at >= ? AND NOT EXISTS (
             SELECT 1 FROM composite_members cm JOIN composite_events c ON c.seq = cm.composite_seq
             WHERE cm.event_seq = e.seq AND c.rule_id = ?)
           ORDER BY e.created_at, e.seq`,
        )
        .all(since, rule.id) as { id: string; label_id: string; mic_id: string; created_at: string }[];
      for (const e of pending) {
        const event: EngineEvent = { id: e.id, label_id: e.label_id, mic_id: e.mic_id, at: Date.parse(e.created_at) };
        if (ruleMatches(rule, event) && !open.some((c) => c.group_key === groupKeyOf(rule, event))) {
          engine.restorePending(rule.id, event);
        }
      }
    }
    return engine;
  }
}
