import crypto from 'node:crypto';
import { Broadcaster, type MicsMessage, type Sink } from './broadcaster.js';
import { EdgeReadError, type EdgeReader } from './edge-reader.js';
import { CompositeFeed, EventFeed } from './feeds.js';
import type { SubscriberFilter } from './filters.js';
import { FEEDS, HealthTracker, type FeedName, type HubHealth } from './health.js';
import { Inventory, type InventoryDiff } from './inventory.js';
import { readPages } from './pages.js';
import { micEnvelopeSchema, micSchema, type CompositeEvent, type SoundEvent } from './schemas.js';
import type { HubSettings } from './settings.js';

/** Past this many changed mics a `mics` message says "refetch" instead of carrying them. */
export const MAX_DIFF_MICS = 500;

export interface HubOptions {
  reader: EdgeReader;
  settings: HubSettings;
  now?: () => number;
  log?: (message: string) => void;
  /** Told, per event broadcast, how long after its creation at the edge it went out (seconds). */
  lag?: (seconds: number) => void;
}

interface LoopState {
  failures: number;
  timer: NodeJS.Timeout | null;
  running: boolean;
  /** When the next attempt is due (back-off included). */
  dueAt: number;
  lastError: EdgeReadError | null;
  waiters: (() => void)[];
}

const asReadError = (error: unknown) =>
  error instanceof EdgeReadError ? error : new EdgeReadError('http', `Hub error: ${(error as Error).message}`);

/**
 * The console's one client of the edge. Three loops poll the mic inventory, the newest events
 * and the newest composite events on their own intervals, back off while the edge is away, and
 * publish what changed to every `/live` subscriber. The loops run only while somebody is
 * looking (a subscriber, or an inventory request in the last `idleAfterMs`): a console nobody
 * has open costs the edge nothing, and wall displays keep it running around the clock anyway.
 */
export class Hub {
  readonly inventory = new Inventory(crypto.randomBytes(4).toString('hex'));
  readonly broadcaster: Broadcaster;
  private readonly health: HealthTracker;
  private readonly events: EventFeed;
  private readonly composites: CompositeFeed;
  private readonly loops: Record<FeedName, LoopState>;
  private readonly now: () => number;
  private lastTouch = -Infinity;
  private idleSince: number | null;
  private stopped = false;
  private readonly heartbeat: NodeJS.Timeout;
  /** Told of every successful poll's items, the priming one included (insights count each event once). */
  private readonly readers = {
    events: new Set<(items: SoundEvent[]) => void>(),
    composites: new Set<(items: CompositeEvent[]) => void>(),
  };

  constructor(private readonly options: HubOptions) {
    this.now = options.now ?? Date.now;
    const { settings } = options;
    this.health = new HealthTracker(this.now());
    this.idleSince = this.now();
    this.health.setIdle(true, this.now());
    this.events = new EventFeed({ overlapMs: settings.eventsOverlapMs, maxPages: settings.maxEventPages });
    this.composites = new CompositeFeed({
      lookbackMs: settings.compositesLookbackMs,
      maxPages: settings.maxCompositePages,
    });
    this.broadcaster = new Broadcaster({
      bufferSize: settings.bufferSize,
      edgeOf: (micId) => this.inventory.edgeOf(micId),
      now: this.now,
    });
    const loop = (): LoopState => ({
      failures: 0,
      timer: null,
      running: false,
      dueAt: 0,
      lastError: null,
      waiters: [],
    });
    this.loops = { mics: loop(), events: loop(), composites: loop() };
    this.heartbeat = setInterval(() => {
      if (this.broadcaster.size > 0) this.broadcaster.sendAll('health', this.healthNow());
    }, settings.heartbeatMs);
    this.heartbeat.unref();
  }

  healthNow(): HubHealth {
    return this.health.snapshot();
  }

  /** A screen subscribes to `/live`; the hub wakes if it was idle. */
  subscribe(filter: SubscriberFilter, sink: Sink, lastEventId: string | null): () => void {
    const greeting = Broadcaster.frame(null, 'health', this.healthNow());
    const unsubscribe = this.broadcaster.subscribe(filter, sink, lastEventId, greeting);
    this.wake();
    return () => {
      unsubscribe();
      // Still active for idleAfterMs after the last screen left: a reload must not restart the feeds.
      this.lastTouch = this.now();
    };
  }

  /**
   * The inventory for /api/inventory/mics. Waits for the first walk; after that it answers at
   * once with what it holds (the next walk's changes go out on the stream).
   */
  async readyInventory(): Promise<Inventory> {
    this.touch();
    if (this.inventory.ready) return this.inventory;
    const loop = this.loops.mics;
    // While the edge is failing, requests do not add walks: they get the last error until the next attempt.
    if (loop.lastError !== null && !loop.running && this.now() < loop.dueAt) throw loop.lastError;
    await new Promise<void>((resolve) => {
      loop.waiters.push(resolve);
      if (!loop.running) void this.run('mics');
    });
    if (this.inventory.ready) return this.inventory;
    throw loop.lastError ?? new EdgeReadError('unreachable', 'The mic inventory could not be read');
  }

  /** After an edit through the console: read that mic again and tell every screen now. */
  async refreshMic(micId: string): Promise<void> {
    if (!this.inventory.ready || this.stopped) return;
    try {
      const body = await this.options.reader.get(
        `/api/v1/mics/${encodeURIComponent(micId)}`,
        new URLSearchParams(),
        micEnvelopeSchema,
      );
      this.publishMics(this.inventory.upsert(body.data, this.now()));
    } catch (error) {
      if (error instanceof EdgeReadError && error.status === 404) this.publishMics(this.inventory.remove(micId));
      else this.options.log?.(`hub: could not re-read mic after an edit: ${(error as Error).message}`);
    }
  }

  /** Every events poll's new items (possibly none): the hub reads each event once, for everyone. */
  onEvents(listener: (items: SoundEvent[]) => void): () => void {
    this.readers.events.add(listener);
    return () => this.readers.events.delete(listener);
  }

  /** Every composite poll's new or grown composite events. */
  onComposites(listener: (items: CompositeEvent[]) => void): () => void {
    this.readers.composites.add(listener);
    return () => this.readers.composites.delete(listener);
  }

  touch(): void {
    this.lastTouch = this.now();
    this.wake();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.heartbeat);
    for (const name of FEEDS) {
      const loop = this.loops[name];
      if (loop.timer !== null) clearTimeout(loop.timer);
      loop.timer = null;
      for (const resolve of loop.waiters.splice(0)) resolve();
    }
  }

  private active(): boolean {
    return this.broadcaster.size > 0 || this.now() - this.lastTouch < this.options.settings.idleAfterMs;
  }

  private wake(): void {
    if (this.stopped || this.idleSince === null) return;
    // After a pause longer than the overlap, the feeds start again from the newest page.
    if (this.now() - this.idleSince > this.options.settings.eventsOverlapMs) {
      this.events.forgetCursor();
      this.composites.forgetCursor();
    }
    this.idleSince = null;
    this.health.setIdle(false, this.now());
    for (const name of FEEDS) {
      const loop = this.loops[name];
      // A feed in back-off keeps its wait; the others start now.
      if (!loop.running && (loop.failures === 0 || this.now() >= loop.dueAt)) void this.run(name);
      else if (!loop.running && loop.timer === null) this.schedule(name, loop.dueAt - this.now());
    }
  }

  private intervalOf(feed: FeedName): number {
    const { settings } = this.options;
    return {
      mics: settings.micsIntervalMs,
      events: settings.eventsIntervalMs,
      composites: settings.compositesIntervalMs,
    }[feed];
  }

  private schedule(feed: FeedName, delayMs: number): void {
    const loop = this.loops[feed];
    if (loop.timer !== null) clearTimeout(loop.timer);
    loop.dueAt = this.now() + delayMs;
    loop.timer = setTimeout(() => {
      loop.timer = null;
      void this.run(feed);
    }, delayMs);
    loop.timer.unref();
  }

  private async run(feed: FeedName): Promise<void> {
    const loop = this.loops[feed];
    if (this.stopped || loop.running) return;
    if (loop.timer !== null) clearTimeout(loop.timer);
    loop.timer = null;
    loop.running = true;
    const wasDown = this.health.current === 'down' || this.health.current === 'unauthorized';
    try {
      await this.step(feed);
      loop.failures = 0;
      loop.lastError = null;
      this.health.succeeded(feed, this.now());
      // The edge is back: feeds waiting out a back-off try again now rather than in up to 30 s.
      if (wasDown) for (const other of FEEDS) if (other !== feed && this.loops[other].failures > 0) this.kick(other);
    } catch (error) {
      const failure = asReadError(error);
      loop.failures++;
      loop.lastError = failure;
      this.health.failed(feed, failure, this.now());
    } finally {
      loop.running = false;
      this.reportHealth();
      for (const resolve of loop.waiters.splice(0)) resolve();
      this.next(feed);
    }
  }

  private kick(feed: FeedName): void {
    const loop = this.loops[feed];
    if (loop.running || this.stopped) return;
    void this.run(feed);
  }

  private next(feed: FeedName): void {
    if (this.stopped) return;
    const loop = this.loops[feed];
    if (!this.active()) {
      if (this.idleSince === null) {
        this.idleSince = this.now();
        this.health.setIdle(true, this.now());
        this.reportHealth();
      }
      loop.dueAt = loop.failures === 0 ? 0 : this.now() + this.delayOf(feed);
      return;
    }
    this.schedule(feed, this.delayOf(feed));
  }

  private delayOf(feed: FeedName): number {
    return backoffDelay(this.intervalOf(feed), this.loops[feed].failures, this.options.settings.backoffMaxMs);
  }

  private async step(feed: FeedName): Promise<void> {
    const { reader, settings } = this.options;
    if (feed === 'mics') {
      const startedAt = this.now();
      const read = await readPages(reader, {
        path: '/api/v1/mics',
        item: micSchema,
        idOf: (mic) => mic.id,
        maxPages: settings.maxMicPages,
      });
      this.publishMics(this.inventory.replace(read, startedAt, this.now()));
    } else if (feed === 'events') {
      const poll = await this.events.poll(reader);
      for (const listener of this.readers.events) listener(poll.items);
      if (poll.priming) this.primed('events');
      else if (poll.items.length > 0) this.publishEvents(poll.items);
    } else {
      const poll = await this.composites.poll(reader);
      for (const listener of this.readers.composites) listener(poll.items);
      if (poll.priming) this.primed('composites');
      else if (poll.items.length > 0) {
        this.broadcaster.publish({ type: 'composite', data: { composites: poll.items } });
      }
    }
  }

  /**
   * A priming read only learns where the feed stands. Screens already subscribed may have loaded
   * their lists a moment before it: they refetch once, so nothing between the two is lost.
   */
  private primed(scope: 'events' | 'composites'): void {
    if (this.broadcaster.size === 0) return;
    this.broadcaster.publish({ type: 'reset', data: { reason: 'hub-started', scope: [scope] } });
  }

  private publishEvents(events: SoundEvent[]): void {
    this.broadcaster.publish({ type: 'event', data: { events } });
    const { lag } = this.options;
    if (lag === undefined) return;
    const now = this.now();
    for (const event of events) {
      const at = Date.parse(event.created_at);
      if (Number.isFinite(at)) lag(Math.max(0, now - at) / 1000);
    }
  }

  private publishMics(diff: InventoryDiff | null): void {
    if (diff === null) return;
    const tooMany = diff.upserts.length + diff.removals.length > MAX_DIFF_MICS;
    const data: MicsMessage = tooMany
      ? { from: diff.from, to: diff.to, upserts: [], removals: [], refetch: true }
      : { ...diff, refetch: false };
    this.broadcaster.publish({ type: 'mics', data });
  }

  private reportHealth(): void {
    if (this.health.changedSinceReported()) this.broadcaster.sendAll('health', this.healthNow());
  }
}

/**
 * The wait before a feed's next attempt: its interval, doubled per consecutive failure up to
 * HUB_BACKOFF_MAX_MS (never below the interval itself, so a slow feed is not hurried by a failure).
 */
export function backoffDelay(intervalMs: number, failures: number, maxMs: number): number {
  if (failures <= 0) return intervalMs;
  return Math.min(intervalMs * 2 ** Math.min(failures, 30), Math.max(intervalMs, maxMs));
}
