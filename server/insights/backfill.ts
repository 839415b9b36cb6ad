import type { Kysely } from 'kysely';
import type { ConsoleSchema } from '../db/schema.js';
import { EdgeError } from '../edge/errors.js';
import type { EdgeReader } from './edge-reader.js';
import { ingestEvents, readState, type ReadEvent } from './insight-store.js';

const STATE_KEY = 'backfill';
/** Pages of 100 read for one chunk of time, whatever the edge's counts say. */
export const MAX_CHUNK_PAGES = 100;
/** Chunks shrink to this before a chunk that still fills every page is taken as it is (and noted). */
const MIN_CHUNK_MS = 5 * 60_000;
const MAX_CHUNK_MS = 24 * 3_600_000;
/** Each catch-up reads again this far before where the last one stopped: events stored late are not missed. */
const CATCH_UP_OVERLAP_MS = 10 * 60_000;
/** After each answer the back-fill waits this many times as long as the answer took (see yieldAfter). */
const BUSY_FACTOR = 2;
/** Screens first: no request within this long of a screen's (see standAside). */
export const SCREEN_QUIET_MS = 1_000;
/** ... but at most this long before each request, so a screen polling without pause cannot stop the walk. */
export const MAX_STAND_ASIDE_MS = 5_000;

export interface BackfillState {
  status: 'idle' | 'running' | 'done' | 'failed';
  /** The walk covers [from, cursor); the first pass ends at `target`, catch-ups move `cursor` on. */
  from: number;
  target: number;
  cursor: number;
  chunkMs: number;
  requests: number;
  /** Chunks that still filled every page at the smallest size (their counts are a lower bound). */
  truncated: number;
  error: string | null;
}

export interface BackfillOptions {
  db: Kysely<ConsoleSchema>;
  reader: EdgeReader;
  /** BACKFILL_MAX_RPS: edge requests per second, at most. */
  maxRps: number;
  days: number;
  now?: () => number;
  /** After each chunk is stored (the corroboration of new rows runs here). */
  afterChunk?: () => Promise<void>;
  /** Whether a screen asked the console something within the given milliseconds (ScreenActivity). */
  screensBusy?: (quietMs: number) => boolean;
}

/**
 * Reads the last `days` of events from the edge into the hourly counts, oldest first, in chunks
 * of time whose size follows how busy the edge was (doubling while a chunk takes at most 3 pages,
 * halving past 30; a chunk that fills all MAX_CHUNK_PAGES is read again at half the size). Each
 * chunk is stored in one transaction with the cursor, moved by compare-and-set: a restart
 * continues where the last stored chunk ended, and two replicas never store one chunk twice.
 * Requests are spaced to at most `maxRps` a second. Later calls of `walk` catch up to now.
 */
export class Backfill {
  state: BackfillState | null = null;
  private nextRequestAt = 0;
  private stopped = false;
  private readonly now: () => number;

  constructor(private readonly options: BackfillOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Loads the stored state, or starts a new first pass ending now. */
  async load(): Promise<BackfillState> {
    const stored = await readState<BackfillState>(this.options.db, STATE_KEY);
    if (stored !== null) return (this.state = stored);
    const now = this.now();
    const from = now - this.options.days * 86_400_000;
    const fresh: BackfillState = {
      status: 'idle',
      from,
      target: now,
      cursor: from,
      chunkMs: 3_600_000,
      requests: 0,
      truncated: 0,
      error: null,
    };
    await this.options.db
      .insertInto('insight_state')
      .values({ key: STATE_KEY, value: JSON.stringify(fresh) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    return (this.state = (await readState<BackfillState>(this.options.db, STATE_KEY))!);
  }

  /** Stops a walk under way before its next request (the console is closing). */
  stop(): void {
    this.stopped = true;
  }

  /** 0..1 of the first pass. */
  progress(): number {
    const s = this.state;
    if (s === null) return 0;
    if (s.cursor >= s.target) return 1;
    return Math.max(0, Math.min(1, (s.cursor - s.from) / Math.max(1, s.target - s.from)));
  }

  /** Until where every event is in the console's tables: the cursor while the first pass runs, else now. */
  completeThrough(): number {
    const s = this.state;
    if (s === null) return -Infinity;
    return s.cursor < s.target ? s.cursor : this.now();
  }

  /** Walks from the cursor to `until` (the first pass's target, or now for a catch-up). */
  async walk(until = this.now()): Promise<void> {
    const state = this.state ?? (await this.load());
    const catchUp = state.cursor >= state.target;
    let start = catchUp ? Math.max(state.from, state.cursor - CATCH_UP_OVERLAP_MS) : state.cursor;
    const end = catchUp ? until : state.target;
    await this.save({ ...state, status: 'running', error: null });
    try {
      while (start < end) {
        const chunkEnd = Math.min(start + this.state!.chunkMs, end);
        const read = await this.readChunk(start, chunkEnd);
        // Read after the chunk: it counted its requests into the state.
        const s = this.state!;
        if (!read.complete && s.chunkMs > MIN_CHUNK_MS) {
          await this.save({ ...s, chunkMs: Math.max(MIN_CHUNK_MS, Math.floor(s.chunkMs / 2)) });
          continue;
        }
        const chunkMs =
          read.pages <= 3
            ? Math.min(MAX_CHUNK_MS, s.chunkMs * 2)
            : read.pages > 30
              ? Math.max(MIN_CHUNK_MS, s.chunkMs / 2)
              : s.chunkMs;
        const next: BackfillState = {
          ...s,
          cursor: Math.max(s.cursor, chunkEnd),
          chunkMs,
          truncated: s.truncated + (read.complete ? 0 : 1),
        };
        await this.options.db.transaction().execute(async (trx) => {
          await compareAndSet(trx, s, next);
          await ingestEvents(trx, read.events, this.now());
        });
        this.state = next;
        start = chunkEnd;
        await this.options.afterChunk?.();
      }
      await this.save({ ...this.state!, status: 'done' });
    } catch (error) {
      if (this.stopped) return;
      if (error instanceof BackfillConflict) {
        // Another replica walks it: take its progress and leave the walking to it.
        this.state = await readState<BackfillState>(this.options.db, STATE_KEY);
        return;
      }
      const message = error instanceof EdgeError ? error.message : `Back-fill failed: ${(error as Error).message}`;
      await this.save({ ...this.state!, status: 'failed', error: message });
      throw error;
    }
  }

  private async readChunk(
    start: number,
    end: number,
  ): Promise<{ events: ReadEvent[]; complete: boolean; pages: number }> {
    const events: ReadEvent[] = [];
    for (let n = 1; n <= MAX_CHUNK_PAGES; n++) {
      await this.throttle();
      if (this.stopped) throw new Error('The back-fill was stopped');
      const askedAt = Date.now();
      const page = await this.options.reader.eventsPage({
        page: n,
        size: 100,
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
      });
      this.yieldAfter(Date.now() - askedAt);
      this.state = { ...this.state!, requests: this.state!.requests + 1 };
      // The interface does not say whether the bounds are inclusive: each event belongs to one chunk.
      for (const e of page.events) if (e.at >= start && e.at < end) events.push(e);
      if (page.sent < 100) return { events, complete: true, pages: n };
    }
    return { events, complete: false, pages: MAX_CHUNK_PAGES };
  }

  /**
   * Leaves the edge twice as long as it took to answer before the next request: a busy edge (its
   * pages asked for by screens) answers slower, and the back-fill then slows down with it instead
   * of holding its rate against the screens (measured on a city's edge: the events page's p95 went
   * from 89 to 192 ms while the back-fill read at 5 a second).
   */
  private yieldAfter(tookMs: number): void {
    this.nextRequestAt = Math.max(this.nextRequestAt, Date.now() + BUSY_FACTOR * tookMs);
  }

  private async throttle(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.nextRequestAt);
    this.nextRequestAt = at + 1000 / this.options.maxRps;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
    await this.standAside();
  }

  /**
   * Waits while screens are asking (a request under /api/ less than SCREEN_QUIET_MS ago), at most
   * MAX_STAND_ASIDE_MS: on a city's edge the events page's p95 went from 89 to 192 ms while the
   * back-fill read, its pages queued behind the back-fill's at the edge and on the event loop.
   */
  private async standAside(): Promise<void> {
    const busy = this.options.screensBusy;
    if (busy === undefined) return;
    const until = Date.now() + MAX_STAND_ASIDE_MS;
    let waited = false;
    while (busy(SCREEN_QUIET_MS) && Date.now() < until && !this.stopped) {
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, SCREEN_QUIET_MS / 4));
    }
    if (waited) this.nextRequestAt = Math.max(this.nextRequestAt, Date.now() + 1000 / this.options.maxRps);
  }

  private async save(next: BackfillState): Promise<void> {
    await compareAndSet(this.options.db, this.state!, next);
    this.state = next;
  }
}

export class BackfillConflict extends Error {
  constructor() {
    super('Another console moved the back-fill on');
  }
}

/** Moves the stored state from `from` to `to`, or fails if another replica moved it meanwhile. */
async function compareAndSet(db: Kysely<ConsoleSchema>, from: BackfillState, to: BackfillState): Promise<void> {
  const stored = await readState<BackfillState>(db, STATE_KEY);
  if (stored === null || stored.cursor !== from.cursor || stored.target !== from.target) {
    throw new BackfillConflict();
  }
  const result = await db
    .updateTable('insight_state')
    .set({ value: JSON.stringify(to) })
    .where('key', '=', STATE_KEY)
    .where('value', '=', JSON.stringify(stored))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new BackfillConflict();
}
