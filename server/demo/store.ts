import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CompositeCache } from './composite-cache.js';
import type { Piece } from './composite-body.js';
import { buildComposites, compositeRow, compositeRows, ReferenceData, type CompositeFilter } from './composite-sql.js';
import { listEvents, type EventFilter } from './event-sql.js';
import { writeEvent, type NewEvent } from './event-writer.js';
import { listMics, micIds, micPlaces, micRow, updateMic, type MicFilter, type MicPatch } from './mic-sql.js';
import { Random } from './random.js';
import { micDevice, type MicDevice, type Slice } from './rows.js';
import type { RuleEngine } from './rule-engine.js';
import { restoreEngine } from './rule-rebuild.js';
import { createSchema, SCHEMA_VERSION } from './schema.js';
import { seed } from './seed.js';
import { truthsOf } from './truth-sql.js';

export type { CompositeFilter, EventFilter, MicFilter, MicPatch, NewEvent };

/** Composite pages kept (each about 60 kB of gzip, or 0.7 MB of JSON for a client without gzip). */
const PAGES_KEPT = 32;
/** Mic pages kept: a whole walk of 10,000 mics at 100 a page, and some searches. */
const MIC_PAGES_KEPT = 128;

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
  /** A database written elsewhere (the bench's city profile): opened as it is, never seeded. */
  file?: string;
}

/**
 * The demo edge's state: an embedded SQLite database plus the live rule engine over it. The SQL
 * of each resource, the cache of built composite events and the rule rebuild live in their own
 * modules; this joins them and tells listeners about every change. Paging envelopes and body
 * encodings belong to the HTTP side (edge-app.ts).
 */
export class DemoStore {
  readonly db: Database.Database;
  readonly redactsCredentials: boolean;
  private readonly engine: RuleEngine;
  private readonly rng = new Random(Date.now() & 0xffffffff);
  private readonly listeners = new Set<() => void>();
  private readonly reference: ReferenceData;
  private readonly composites: CompositeCache;
  /**
   * Pages of composite events by filter, dropped at any change they could show (an event added,
   * a mic edited). Screens ask for the same first page over and over: its count, its rows and
   * its cached composites were read anew for each of them.
   */
  private readonly pages = new Map<string, Slice<Piece>>();
  private readonly micPages = new Map<string, Slice<MicDevice>>();

  constructor(options: StoreOptions) {
    const now = options.now ?? Date.now();
    this.redactsCredentials = options.redactCredentials ?? false;
    let file = options.file ?? ':memory:';
    if (options.file === undefined && options.dataDir !== null) {
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
    this.reference = new ReferenceData(this.db);
    this.composites = new CompositeCache(
      (rows) => buildComposites(this.db, this.reference, rows),
      this.redactsCredentials,
    );
    this.engine = restoreEngine(this.db, now, () => this.rng.uuid());
  }

  close(): void {
    this.db.close();
  }

  /** Called after every change, so pollers in tests can wait for one. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A page of mics, the same object while no mic was edited (check-ins change no field of the list),
   * so the HTTP side can keep its body: a console's hub walks all of them every 10 s, and at
   * 10,000 mics reading and serializing them again held this process's event loop 0.3 s a walk.
   */
  listMics(filter: MicFilter) {
    const key = JSON.stringify([filter.page, filter.size, filter.name, filter.edge_id]);
    const kept = this.micPages.get(key);
    if (kept !== undefined) return kept;
    const page = listMics(this.db, filter);
    if (this.micPages.size >= MIC_PAGES_KEPT) this.micPages.delete(this.micPages.keys().next().value!);
    this.micPages.set(key, page);
    return page;
  }

  getMic(id: string) {
    const row = micRow(this.db, id);
    return row === undefined ? undefined : micDevice(row);
  }

  patchMic(id: string, patch: MicPatch) {
    const row = micRow(this.db, id);
    if (row === undefined) return undefined;
    updateMic(this.db, row, patch);
    this.micPages.clear();
    // Every composite embeds its mics: any of them may show this one.
    this.composites.clear();
    this.pages.clear();
    this.changed();
    return this.getMic(id);
  }

  listEvents(filter: EventFilter) {
    return listEvents(this.db, filter);
  }

  /**
   * A page of composite events as cached JSON pieces. The same object while nothing changed,
   * so the HTTP side can keep the page's body with it.
   */
  compositePage(filter: CompositeFilter): Slice<Piece> {
    const key = JSON.stringify([
      filter.page,
      filter.size,
      filter.created_ge,
      filter.created_le,
      filter.rule_id,
      filter.order,
    ]);
    const kept = this.pages.get(key);
    if (kept !== undefined) return kept;
    const { total, results } = compositeRows(this.db, filter);
    const page = { total, results: this.composites.get(results) };
    if (this.pages.size >= PAGES_KEPT) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, page);
    return page;
  }

  compositeEvent(id: string): Piece | undefined {
    const row = compositeRow(this.db, id);
    return row === undefined ? undefined : this.composites.get([row])[0];
  }

  /** Where these events' incidents really were: for the benchmark and tests, never through the interface. */
  truths(eventIds: readonly string[]) {
    return truthsOf(this.db, eventIds);
  }

  micIds(): string[] {
    return micIds(this.db);
  }

  micPlaces() {
    return micPlaces(this.db);
  }

  /** The seeded odd mics: the deaf one (and since when) and the noisy ones with their category. */
  quirks(): { deaf: { id: string; since: number } | null; noisy: Record<string, string> } {
    const read = (key: string) =>
      (this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
    return {
      deaf: JSON.parse(read('deaf_mic') ?? 'null') as { id: string; since: number } | null,
      noisy: JSON.parse(read('noisy_mics') ?? '{}') as Record<string, string>,
    };
  }

  /**
   * Connected mics check in, as a real edge's devices do: their `reported_at` (shown in composite
   * events) moves on, so a console judging "not reporting" sees them reporting.
   */
  reportIn(now: number): void {
    this.db.prepare('UPDATE mics SET reported_at = ? WHERE connected = 1').run(new Date(now).toISOString());
  }

  /** Stores one new base event as the edge would on detection, and runs the rules over it. */
  addEvent(input: NewEvent) {
    const { event, joined } = writeEvent(this.db, this.engine, this.rng, this.reference, input);
    for (const id of joined) this.composites.forget(id);
    // A new event may start a composite or join one: any page may have changed.
    this.pages.clear();
    this.changed();
    return event;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
