import type { Kysely } from 'kysely';
import type { ConsoleSchema } from '../db/schema.js';
import { Backfill } from './backfill.js';
import { corroborate, type CorroborationRules } from './corroboration.js';
import { indexDirectory } from './directory-index.js';
import type { EdgeReader } from './edge-reader.js';
import {
  eventsBetween,
  ingestEvents,
  markInComposite,
  prune,
  setCorroborated,
  undecided,
  type ReadEvent,
} from './insight-store.js';
import { EDGE_STORE_LAG_MS, mergeSpans, type ReadSpan } from './read-spans.js';

export const BACKFILL_DAYS = 28;
export const WINDOW_MS = 15 * 60_000;
const CATCH_UP_MS = 5 * 60_000;
const DECIDE_EVERY_MS = 30_000;
const PRUNE_EVERY_MS = 3_600_000;
/** An event's corroboration is decided once its neighbours' reports have had this long to arrive. */
const SETTLE_MS = 30_000;
const DECIDE_BATCH = 2_000;
const DECIDE_MAX_BATCHES = 50;
/** Candidates read around one batch: bounded even if the batch spans a burst. */
const DECIDE_MAX_CANDIDATES = 50_000;
/** A hub that has not polled for this long is not live any more. */
const HUB_GAP_MS = 30_000;
/** Pages of the last quarter hour read from the edge when the hub cannot vouch for it. */
const RECENT_MAX_PAGES = 10;
const RECENT_REREAD_MS = 15_000;

export interface InsightsSettings {
  rules: CorroborationRules;
  /** 0: the console never reads history of its own; only what the hub reads is counted. */
  backfillMaxRps: number;
  deafMinMissed: number;
  /** Where a failed round goes (the app's logger); the next round tries again. */
  log: (message: string) => void;
  /** Whether a screen asked the console something lately: the back-fill stands aside (ScreenActivity). */
  screensBusy?: (quietMs: number) => boolean;
}

/** What the hub hands over: an event as the edge lists it. */
export interface ListedEvent {
  id: string;
  label: { id: string; name?: { ko: string; en: string } };
  mic: { id: string };
  confidence: number;
  created_at: string;
}

/** What the hub hands over: a composite event's members. */
export interface CompositeMembers {
  events: { id?: unknown; mic_id: string; label_id?: unknown; created_at?: unknown; confidence?: unknown }[];
}

export function fromListed(e: ListedEvent): ReadEvent | null {
  const at = Date.parse(e.created_at);
  if (Number.isNaN(at)) return null;
  return {
    id: e.id,
    micId: e.mic.id,
    labelId: e.label.id,
    at,
    confidence: e.confidence,
    labelName: e.label.name ?? null,
  };
}

function fromMember(e: CompositeMembers['events'][number]): ReadEvent | null {
  if (typeof e.id !== 'string' || typeof e.label_id !== 'string' || typeof e.created_at !== 'string') return null;
  const at = Date.parse(e.created_at);
  if (Number.isNaN(at)) return null;
  return {
    id: e.id,
    micId: e.mic_id,
    labelId: e.label_id,
    at,
    confidence: typeof e.confidence === 'number' ? e.confidence : null,
  };
}

/**
 * The insights' background work: the back-fill (first pass, then a catch-up every five minutes,
 * which also covers the time the hub idled), the hub's events and composite events as they come,
 * deciding which stored events were corroborated, and retention.
 */
export class InsightsService {
  readonly backfill: Backfill;
  private hubLastPoll = -Infinity;
  private hubLiveSince: number | null = null;
  private lastRecentRead = -Infinity;
  private failures = 0;
  private stopped = false;
  private deciding: Promise<void> | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly now: () => number;

  constructor(
    readonly db: Kysely<ConsoleSchema>,
    readonly reader: EdgeReader,
    readonly settings: InsightsSettings,
    now?: () => number,
  ) {
    this.now = now ?? Date.now;
    this.backfill = new Backfill({
      db,
      reader,
      maxRps: settings.backfillMaxRps,
      days: BACKFILL_DAYS,
      now: this.now,
      afterChunk: () => this.decide(),
      screensBusy: settings.screensBusy,
    });
  }

  /** Starts the back-fill and the periodic jobs; the timers never keep the process alive. */
  start(): void {
    // BACKFILL_MAX_RPS=0: no back-fill and no catch-up (tests that count every edge request).
    if (this.settings.backfillMaxRps > 0) this.later(0, () => this.walk());
    this.every(DECIDE_EVERY_MS, () => this.decide());
    this.every(PRUNE_EVERY_MS, () => prune(this.db, this.now()));
  }

  stop(): void {
    this.stopped = true;
    this.backfill.stop();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private later(ms: number, job: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.stopped) void job();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private every(ms: number, job: () => Promise<unknown>): void {
    this.later(ms, async () => {
      await job().catch((error: unknown) => this.settings.log(`insights: ${(error as Error).message}`));
      this.every(ms, job);
    });
  }

  /** One back-fill walk; on failure it waits 15 s, doubling per failure up to 5 minutes. */
  private async walk(): Promise<void> {
    try {
      await this.backfill.walk();
      this.failures = 0;
      this.later(CATCH_UP_MS, () => this.walk());
    } catch {
      this.failures++;
      this.later(Math.min(CATCH_UP_MS, 15_000 * 2 ** Math.min(this.failures, 5)), () => this.walk());
    }
  }

  /** The hub read the edge's newest events (every poll, empty or not). */
  async fromHub(events: readonly ListedEvent[]): Promise<void> {
    const now = this.now();
    if (this.hubLiveSince === null || now - this.hubLastPoll > HUB_GAP_MS) this.hubLiveSince = now;
    this.hubLastPoll = now;
    const read = events.flatMap((e) => fromListed(e) ?? []);
    if (read.length > 0) await ingestEvents(this.db, read, now);
  }

  /**
   * The stretches of time whose every event the console holds: the back-fill's walk up to its
   * cursor, and the hub's polls since it last started without a gap (each less the edge's storing
   * lag). The hub's first page is not among them: the interface does not promise its order, so a
   * page of the newest events need not hold every event back to its oldest.
   */
  readSpans(): ReadSpan[] {
    const spans: ReadSpan[] = [];
    const walked = this.backfill.state;
    if (walked !== null) spans.push({ from: walked.from, to: walked.cursor - EDGE_STORE_LAG_MS });
    if (this.hubLiveSince !== null) spans.push({ from: this.hubLiveSince, to: this.hubLastPoll - EDGE_STORE_LAG_MS });
    return mergeSpans(spans);
  }

  /** Composite events seen (by the hub or a replay): their members are likely real. */
  async fromComposites(composites: readonly CompositeMembers[]): Promise<void> {
    const members = composites.flatMap((c) => c.events.flatMap((e) => fromMember(e) ?? []));
    if (members.length === 0) return;
    await ingestEvents(this.db, members, this.now());
    await markInComposite(
      this.db,
      members.map((m) => m.id),
    );
  }

  /**
   * Makes sure the last quarter hour is in the tables: the hub vouches for it when it has polled
   * without a gap for that long; otherwise the edge is read (at most every 15 s, bounded pages).
   */
  async ensureRecent(): Promise<void> {
    const now = this.now();
    const hubLive =
      this.hubLiveSince !== null && now - this.hubLastPoll <= HUB_GAP_MS && this.hubLiveSince <= now - WINDOW_MS;
    if (hubLive || now - this.lastRecentRead < RECENT_REREAD_MS) return;
    const start = new Date(now - WINDOW_MS).toISOString();
    const read: ReadEvent[] = [];
    for (let n = 1; n <= RECENT_MAX_PAGES; n++) {
      const page = await this.reader.eventsPage({ page: n, size: 100, start });
      read.push(...page.events);
      if (page.sent < 100) break;
    }
    await ingestEvents(this.db, read, now);
    this.lastRecentRead = now;
  }

  /** Decides corroboration for stored events whose neighbours' reports are in by now. */
  decide(): Promise<void> {
    this.deciding ??= this.decideBatches().finally(() => {
      this.deciding = null;
    });
    return this.deciding;
  }

  private async decideBatches(): Promise<void> {
    const { rules } = this.settings;
    // With the back-fill off the hub's events are all there is: only their settling bounds the decision.
    const through = this.settings.backfillMaxRps > 0 ? this.backfill.completeThrough() : Infinity;
    const before = Math.min(this.now() - SETTLE_MS, through) - rules.windowMs;
    // The back-fill's state loads with its first walk; until then nothing is known to be complete.
    if (!Number.isFinite(before)) return;
    const places = this.reader.knownMics();
    if (places === null) return; // No mic places yet: decided on a later run.
    for (let k = 0; k < DECIDE_MAX_BATCHES; k++) {
      const batch = await undecided(this.db, before, DECIDE_BATCH);
      if (batch.length === 0) return;
      const from = batch[0]!.at - rules.windowMs;
      const to = batch[batch.length - 1]!.at + rules.windowMs + 1;
      const candidates = await eventsBetween(this.db, from, to, DECIDE_MAX_CANDIDATES);
      const { neighbours } = await indexDirectory(places, rules.radiusM);
      const heard = corroborate(batch, candidates, places, rules, neighbours);
      const yes = batch.filter((e) => (heard.get(e.id)?.length ?? 0) > 1).map((e) => e.id);
      const no = batch.filter((e) => (heard.get(e.id)?.length ?? 0) <= 1).map((e) => e.id);
      await setCorroborated(this.db, yes, 1);
      await setCorroborated(this.db, no, 0);
      if (batch.length < DECIDE_BATCH) return;
      // SQLite answers synchronously: let requests waiting on the event loop in between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
