import crypto from 'node:crypto';
import type { EdgeReader } from './edge-reader.js';
import { readPages } from './pages.js';
import { RecentIds } from './recent-ids.js';
import { compositeSchema, eventSchema, type CompositeEvent, type SoundEvent } from './schemas.js';

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

  async poll(reader: EdgeReader): Promise<FeedPoll<SoundEvent>> {
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
    const fresh: SoundEvent[] = [];
    for (const event of read.items) {
      const at = Date.parse(event.created_at);
      if (this.newest === null || at > this.newest) this.newest = at;
      if (this.seen.has(event.id)) continue;
      this.seen.set(event.id, true);
      fresh.push(event);
    }
    const priming = !this.primed;
    this.primed = true;
    return { items: fresh.sort(byTime((e) => e.created_at)), priming };
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

  async poll(reader: EdgeReader): Promise<FeedPoll<CompositeEvent>> {
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
    const changed: CompositeEvent[] = [];
    for (const composite of read.items) {
      const at = Date.parse(composite.started_at);
      if (this.newest === null || at > this.newest) this.newest = at;
      const hash = crypto.createHash('sha1').update(JSON.stringify(composite)).digest('base64');
      if (this.hashes.get(composite.id) === hash) continue;
      this.hashes.set(composite.id, hash);
      changed.push(composite);
    }
    const priming = !this.primed;
    this.primed = true;
    return { items: changed.sort(byTime((c) => c.started_at)), priming };
  }
}
