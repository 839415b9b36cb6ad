import crypto from 'node:crypto';
import { Broadcaster, type MicsMessage, type Sink } from './broadcaster.js';
import type { EdgeClient, EdgeMemo } from '../edge/client.js';
import { EdgeError } from '../edge/errors.js';
import { CompositeFeed, EventFeed } from './feeds.js';
import type { SubscriberFilter } from './filters.js';
import { FeedLoops } from './feed-loops.js';
import { HealthTracker, type FeedName, type HubHealth } from './health.js';
import { Follower } from './follower.js';
import type { HubLink } from './hub-link.js';
import { Inventory, type InventoryDiff } from './inventory.js';
import { readPages } from '../edge/pages.js';
import { micEnvelopeSchema, micSchema, type CompositeEvent, type SoundEvent } from '../edge/schemas.js';
import type { HubSettings } from './settings.js';

/** Past this many changed mics a `mics` message says "refetch" instead of carrying them. */
export const MAX_DIFF_MICS = 500;

export interface HubOptions {
  reader: EdgeClient;
  settings: HubSettings;
  now?: () => number;
  log?: (message: string) => void;
  /** Told, per event broadcast, how long after its creation at the edge it went out (seconds). */
  lag?: (seconds: number) => void;
  /** One of several replicas (ReplicaHub): it reads the edge only once told it leads. */
  clustered?: boolean;
}

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
  protected readonly events: EventFeed;
  protected readonly composites: CompositeFeed;
  private readonly loops: FeedLoops;
  protected readonly now: () => number;
  protected lastTouch = -Infinity;
  protected idleSince: number | null;
  protected stopped = false;
  private readonly heartbeat: NodeJS.Timeout;
  /**
   * The mic walk's last pages: at 10,000 mics a walk every 10 s parsed, checked and hashed every
   * mic again (0.3 s of the event loop each time, stalling every request meanwhile), mostly to find
   * that nothing had changed.
   */
  private readonly micPages: EdgeMemo = new Map();
  /** Reads the edge itself; false while another replica does and hands over what it reads. */
  protected leading: boolean;
  protected link: HubLink | null = null;
  protected readonly follower: Follower;
  /** Told of every successful poll's items, the priming one included (insights count each event once). */
  protected readonly readers = {
    events: new Set<(items: SoundEvent[]) => void>(),
    composites: new Set<(items: CompositeEvent[]) => void>(),
  };

  constructor(private readonly options: HubOptions) {
    this.now = options.now ?? Date.now;
    this.leading = options.clustered !== true;
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
    this.loops = new FeedLoops({
      settings,
      now: this.now,
      health: this.health,
      mayRun: () => !this.stopped && this.leading,
      active: () => this.active(),
      step: (feed) => this.step(feed),
      reportHealth: () => this.reportHealth(),
      idle: () => {
        if (this.idleSince !== null) return;
        this.idleSince = this.now();
        this.health.setIdle(true, this.now());
        this.reportHealth();
      },
    });
    this.heartbeat = setInterval(() => {
      if (this.broadcaster.size > 0) this.broadcaster.sendAll('health', this.healthNow());
    }, settings.heartbeatMs);
    this.heartbeat.unref();
    this.follower = new Follower({
      now: this.now,
      interestEveryMs: Math.max(1000, Math.min(settings.idleAfterMs / 3, settings.heartbeatMs)),
      interested: () => !this.leading && this.active(),
      ask: (request) => this.link?.ask(request),
      healthChanged: (health) => {
        if (!this.leading) this.broadcaster.sendAll('health', health);
      },
    });
  }

  healthNow(): HubHealth {
    return (this.leading ? null : this.follower.health) ?? this.health.snapshot();
  }

  get isLeading(): boolean {
    return this.leading;
  }

  /**
   * A screen subscribes to `/live`; the hub wakes if it was idle. `since`: a fresh screen's
   * lists were read at this id (their `live-id`); the stream starts there if it still can, so
   * the lists need not be read again.
   */
  subscribe(filter: SubscriberFilter, sink: Sink, lastEventId: string | null, since: string | null = null): () => void {
    const from = lastEventId === null && since !== null && this.broadcaster.canReplayFrom(since) ? since : null;
    // A fresh screen's greeting carries where its stream starts (the newest id, or `since`): a
    // screen that hears nothing numbered afterwards (a quiet wall) still resumes from here if its
    // stream drops, and misses nothing. A resuming one keeps its own id until the replay that
    // follows has reached it.
    const greeting = Broadcaster.frame(
      lastEventId === null ? (from ?? this.broadcaster.lastId) : null,
      'health',
      this.healthNow(),
    );
    const unsubscribe =
      from === null
        ? this.broadcaster.subscribe(filter, sink, lastEventId, greeting)
        : this.broadcaster.subscribe(filter, sink, from, greeting, 'lists');
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
    if (!this.leading) {
      await this.follower.inventory();
      if (this.inventory.ready) return this.inventory;
      throw new EdgeError('unreachable', 'No console replica has read the mic inventory yet');
    }
    const loop = this.loops.state.mics;
    // While the edge is failing, requests do not add walks: they get the last error until the next attempt.
    if (loop.lastError !== null && !loop.running && this.now() < loop.dueAt) throw loop.lastError;
    await new Promise<void>((resolve) => {
      loop.waiters.push(resolve);
      if (!loop.running) void this.loops.run('mics');
    });
    if (this.inventory.ready) return this.inventory;
    throw loop.lastError ?? new EdgeError('unreachable', 'The mic inventory could not be read');
  }

  /** After an edit through the console: read that mic again and tell every screen now. */
  async refreshMic(micId: string): Promise<void> {
    if (!this.leading) return this.follower.ask({ kind: 'refresh-mic', micId });
    if (!this.inventory.ready || this.stopped) return;
    try {
      const body = await this.options.reader.get(
        `/api/v1/mics/${encodeURIComponent(micId)}`,
        new URLSearchParams(),
        micEnvelopeSchema,
      );
      if (this.leading) this.shareMics(this.inventory.upsert(body.data, this.now()));
    } catch (error) {
      if (error instanceof EdgeError && error.status === 404) this.shareMics(this.inventory.remove(micId));
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
    this.follower.stop();
    this.pause();
    this.loops.releaseWaiters();
  }

  /** No more reads: polls under way finish, and what they bring is dropped. */
  protected pause(): void {
    this.loops.clear();
    this.idleSince ??= this.now();
  }

  private active(): boolean {
    return this.broadcaster.size > 0 || this.now() - this.lastTouch < this.options.settings.idleAfterMs;
  }

  protected wake(): void {
    if (!this.leading) return this.follower.ask({ kind: 'touch' });
    if (this.stopped || this.idleSince === null) return;
    // After a pause longer than the overlap, the feeds start again from the newest page.
    if (this.now() - this.idleSince > this.options.settings.eventsOverlapMs) {
      this.events.forgetCursor();
      this.composites.forgetCursor();
    }
    this.idleSince = null;
    this.health.setIdle(false, this.now());
    // A feed in back-off keeps its wait; the others start now.
    this.loops.startAll();
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
        request: { memo: this.micPages },
      });
      // Leadership lost during the walk: the new reader's copy is the one that counts.
      if (this.leading) this.shareMics(this.inventory.replace(read, startedAt, this.now()));
    } else if (feed === 'events') {
      const poll = await this.events.poll(reader);
      if (!this.leading) return;
      if (poll.priming || poll.items.length > 0) this.link?.publish({ kind: 'events', ...poll });
      this.deliverEvents(poll.items, poll.priming);
    } else {
      const poll = await this.composites.poll(reader);
      if (!this.leading) return;
      if (poll.priming || poll.items.length > 0) this.link?.publish({ kind: 'composites', ...poll });
      this.deliverComposites(poll.items, poll.priming);
    }
  }

  /** To the listeners (each poll, even an empty one), and to the screens unless it was a priming read. */
  protected deliverEvents(items: SoundEvent[], priming: boolean): void {
    for (const listener of this.readers.events) listener(items);
    if (priming) this.primed('events');
    else if (items.length > 0) this.publishEvents(items);
  }

  protected deliverComposites(items: CompositeEvent[], priming: boolean): void {
    for (const listener of this.readers.composites) listener(items);
    if (priming) this.primed('composites');
    else if (items.length > 0) this.broadcaster.publish({ type: 'composite', data: { composites: items } });
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

  /** The reader's own change: to its screens and to the other replicas. */
  private shareMics(diff: InventoryDiff | null): void {
    if (diff === null) return;
    this.link?.publish({ kind: 'mics', diff, meta: this.inventory.meta() });
    this.publishMics(diff);
  }

  protected publishMics(diff: InventoryDiff, refetch = false): void {
    const tooMany = refetch || diff.upserts.length + diff.removals.length > MAX_DIFF_MICS;
    const data: MicsMessage = tooMany
      ? { from: diff.from, to: diff.to, upserts: [], removals: [], refetch: true }
      : { ...diff, refetch: false };
    this.broadcaster.publish({ type: 'mics', data });
  }

  private reportHealth(): void {
    if (!this.health.changedSinceReported()) return;
    this.broadcaster.sendAll('health', this.healthNow());
    if (this.leading) this.link?.publish({ kind: 'health', health: this.healthNow() });
  }
}
