import crypto from 'node:crypto';
import type { EdgeClient } from '../edge/client.js';
import { readPages } from '../edge/pages.js';
import { RecentIds } from './recent-ids.js';
import { compositeSchema, eventSchema, type CompositeEvent, type SoundEvent } from '../edge/schemas.js';

const iso = (ms: number) => new Date(ms).toISOString();
const byTime =
  <T>(timeOf: (item: T) => string) =>
  (a: T, b: T) =>
    Date.parse(timeOf(a)) - Date.parse(timeOf(b));

export interface FeedPoll<T> {
  /** New (or changed) items, oldest first. */
  items: T[];
  /** The first poll after a start or a pause: it only learns what exists, nothing in it is news. */
  priming: boolean;
}

/**
 * Where a feed stands, handed to a replica that may have to take over the reading: the newest
 * time held and the ids (or content hashes) already passed on, the most recent of them.
 */
export interface FeedState {
  newest: number | null;
  /** The feed has read once since it started or idled: its next read is news, not priming. */
  primed: boolean;
  seen: [string, string][];
}

/** Ids handed over with a feed's state: more than one overlap window of events ever holds. */
const HANDED_OVER = 2_000;

function lastOf<V>(ids: RecentIds<V>, value: (v: V) => string): [string, string][] {
  return [...ids.entries()].slice(-HANDED_OVER).map(([id, v]) => [id, value(v)]);
}

export interface EventFeedOptions {
  overlapMs: number;
  maxPages: number;
  /** Ids remembered for de-duplication: far more than one overlap window ever holds. */
  seenCapacity?: number;
}

/**
 * The newest sound events. Each poll asks only for events from a little before the newest one
 * it holds (`start` = newest − overlap: the interface does not say which timestamp `start`
 * filters on, whether it is inclusive, or in what order results come, and an event can be
 * stored a moment after a later one), then drops the ids it has already passed on.
 */
export class EventFeed {
  private newest: number | null = null;
  private readonly seen: RecentIds;

  constructor(private readonly options: EventFeedOptions) {
    this.seen = new RecentIds(options.seenCapacity ?? 20_000);
  }

  private primed = false;

  /** After a pause (the hub idled) the next poll starts again from the newest page. */
  forgetCursor(): void {
    this.newest = null;
    this.primed = false;
  }

  /** How many ids are remembered for de-duplication (bounded by `seenCapacity`). */
  get remembered(): number {
    return this.seen.size;
  }

  get cursor(): string | null {
    return this.newest === null ? null : iso(this.newest);
  }

  /**
   * Items another replica read and passed on: this feed moves on as if it had read them itself,
   * so taking over the reading later neither repeats nor skips any. Returns those not yet seen.
   */
  absorb(items: SoundEvent[]): SoundEvent[] {
    this.primed = true;
    return this.take(items);
  }

  state(): FeedState {
    return { newest: this.newest, primed: this.primed, seen: lastOf(this.seen, () => '') };
  }

  restore(state: FeedState): void {
    if (state.newest !== null && (this.newest === null || state.newest > this.newest)) this.newest = state.newest;
    for (const [id] of state.seen) this.seen.set(id, true);
    this.primed ||= state.primed;
  }

  async poll(reader: EdgeClient): Promise<FeedPoll<SoundEvent>> {
    const query: Record<string, string> = {};
    if (this.newest !== null) query.start = iso(this.newest - this.options.overlapMs);
    const read = await readPages(reader, {
      path: '/api/v1/events',
      query,
      item: eventSchema,
      idOf: (event) => event.id,
      // Without a cursor, the first page is enough: everything older is history the pages load themselves.
      maxPages: this.newest === null ? 1 : this.options.maxPages,
    });
    const priming = !this.primed;
    this.primed = true;
    return { items: this.take(read.items), priming };
  }

  private take(items: SoundEvent[]): SoundEvent[] {
    const fresh: SoundEvent[] = [];
    for (const event of items) {
      const at = Date.parse(event.created_at);
      if (this.newest === null || at > this.newest) this.newest = at;
      if (this.seen.has(event.id)) continue;
      this.seen.set(event.id, true);
      fresh.push(event);
    }
    return fresh.sort(byTime((e) => e.created_at));
  }
}

export interface CompositeFeedOptions {
  lookbackMs: number;
  maxPages: number;
  pageSize?: number;
  seenCapacity?: number;
}

/**
 * The newest composite events, and the recent ones that grew: a composite event gains base
 * events while its rule's window is open, so every poll reads back `lookbackMs` before the
 * newest one held (`created_at__ge`, newest first) and passes on those whose content changed.
 */
export class CompositeFeed {
  private newest: number | null = null;
  private readonly hashes: RecentIds<string>;

  constructor(private readonly options: CompositeFeedOptions) {
    this.hashes = new RecentIds(options.seenCapacity ?? 2_000);
  }

  private primed = false;

  forgetCursor(): void {
    this.newest = null;
    this.primed = false;
  }

  /** As EventFeed.absorb: the composite events another replica passed on; returns those new or changed. */
  absorb(items: CompositeEvent[]): CompositeEvent[] {
    this.primed = true;
    return this.take(items);
  }

  state(): FeedState {
    return { newest: this.newest, primed: this.primed, seen: lastOf(this.hashes, (hash) => hash) };
  }

  restore(state: FeedState): void {
    if (state.newest !== null && (this.newest === null || state.newest > this.newest)) this.newest = state.newest;
    for (const [id, hash] of state.seen) this.hashes.set(id, hash);
    this.primed ||= state.primed;
  }

  async poll(reader: EdgeClient): Promise<FeedPoll<CompositeEvent>> {
    const query: Record<string, string> = { order_by: 'desc' };
    if (this.newest !== null) query.created_at__ge = iso(this.newest - this.options.lookbackMs);
    const read = await readPages(reader, {
      path: '/api/v1/composite-events',
      query,
      item: compositeSchema,
      idOf: (composite) => composite.id,
      maxPages: this.newest === null ? 1 : this.options.maxPages,
      size: this.options.pageSize ?? 25,
    });
    const priming = !this.primed;
    this.primed = true;
    return { items: this.take(read.items), priming };
  }

  private take(items: CompositeEvent[]): CompositeEvent[] {
    const changed: CompositeEvent[] = [];
    for (const composite of items) {
      const at = Date.parse(composite.started_at);
      if (this.newest === null || at > this.newest) this.newest = at;
      const hash = crypto.createHash('sha1').update(JSON.stringify(composite)).digest('base64');
      if (this.hashes.get(composite.id) === hash) continue;
      this.hashes.set(composite.id, hash);
      changed.push(composite);
    }
    return changed.sort(byTime((c) => c.started_at));
  }
}
