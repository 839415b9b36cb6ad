import crypto from 'node:crypto';
import { compositeMatches, eventMatches, isUnfiltered, micsFor, type SubscriberFilter } from './filters.js';
import type { ReviewChange } from '../review/bus.js';
import type { CompositeEvent, Mic, SoundEvent } from '../edge/schemas.js';

export interface MicsMessage {
  from: string;
  to: string;
  upserts: Mic[];
  removals: string[];
  /** Too many changes to send: fetch /api/inventory/mics again. */
  refetch: boolean;
}

/** Tells screens which of their data to fetch again: after a gap they cannot fill from the buffer. */
export interface ResetMessage {
  reason: 'resume-too-old' | 'unknown-id' | 'hub-started';
  scope: ('mics' | 'events' | 'composites')[];
}

export type Payload =
  | { type: 'mics'; data: MicsMessage }
  | { type: 'event'; data: { events: SoundEvent[] } }
  | { type: 'composite'; data: { composites: CompositeEvent[] } }
  | { type: 'reset'; data: ResetMessage }
  /** An item's review changed (on this replica or another): every screen gets it, whatever its filter. */
  | { type: 'review'; data: ReviewChange };

interface Buffered {
  seq: number;
  payload: Payload;
  /** The frame for a screen without filters, built once. */
  frame: string;
}

export interface Sink {
  write(frame: string): void;
  /** Bytes queued and not yet taken by the socket: a screen that stops reading is let go. */
  backlog(): number;
  /** `cut`: the screen stopped reading, so nothing more can reach it (its connection is dropped, not ended). */
  close(cut?: boolean): void;
}

interface Subscriber {
  filter: SubscriberFilter;
  sink: Sink;
}

export interface BroadcasterOptions {
  bufferSize: number;
  /** Replay is bounded in bytes too: a few large composite messages must not hold megabytes each. */
  bufferBytes?: number;
  maxBacklogBytes?: number;
  edgeOf: (micId: string) => string | undefined;
  now?: () => number;
}

const frame = (id: string | null, type: string, data: unknown) =>
  `${id === null ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Numbers every message, keeps the latest ones for `Last-Event-ID` resume, and writes each to
 * every subscriber through its filter. Ids carry a random boot tag, so an id from another
 * process (a restart, another replica) is recognised and answered with a reset.
 */
export class Broadcaster {
  private readonly boot = crypto.randomBytes(4).toString('hex');
  private seq = 0;
  private buffer: Buffered[] = [];
  private bufferedBytes = 0;
  private readonly subscribers = new Set<Subscriber>();
  private readonly now: () => number;

  constructor(private readonly options: BroadcasterOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.subscribers.size;
  }

  get lastId(): string {
    return `${this.boot}-${this.seq}`;
  }

  publish(payload: Payload): void {
    this.seq++;
    const id = `${this.boot}-${this.seq}`;
    const entry: Buffered = { seq: this.seq, payload, frame: frame(id, payload.type, payload.data) };
    this.buffer.push(entry);
    this.bufferedBytes += entry.frame.length;
    const maxBytes = this.options.bufferBytes ?? 16 * 1024 * 1024;
    while (this.buffer.length > this.options.bufferSize || (this.bufferedBytes > maxBytes && this.buffer.length > 1)) {
      this.bufferedBytes -= this.buffer.shift()!.frame.length;
    }
    for (const subscriber of this.subscribers) this.deliver(subscriber, entry);
  }

  /** Not numbered or kept: the current health is sent on every (re)connection anyway. */
  sendAll(type: string, data: unknown): void {
    const text = frame(null, type, data);
    for (const subscriber of this.subscribers) this.write(subscriber, text);
  }

  /**
   * `replayed`: what a replay after `lastEventId` brings. A screen filling its lists (`since` on
   * /live) takes no inventory diffs: its inventory is as new as its own read, and an older diff
   * would make it read the whole inventory again.
   */
  subscribe(
    filter: SubscriberFilter,
    sink: Sink,
    lastEventId: string | null,
    greeting: string,
    replayed: 'all' | 'lists' = 'all',
  ): () => void {
    const subscriber: Subscriber = { filter, sink };
    sink.write(`retry: 3000\n\n${greeting}`);
    // Held before its replay: a replay too large for the screen lets it go like any other write.
    this.subscribers.add(subscriber);
    if (lastEventId !== null) this.replay(subscriber, lastEventId, replayed);
    return () => this.subscribers.delete(subscriber);
  }

  static frame = frame;

  /**
   * On shutdown: end every stream so the server can close. Each screen is told to come back
   * within a few seconds (through the balancer, to another replica), at a moment of its own so
   * they do not all arrive at once.
   */
  closeAll(): void {
    for (const subscriber of this.subscribers) {
      subscriber.sink.write(`retry: ${500 + Math.floor(Math.random() * 2500)}\n\n`);
      subscriber.sink.close();
    }
    this.subscribers.clear();
  }

  /** Whether every message after `id` is still held, so a stream can start from it. */
  canReplayFrom(id: string): boolean {
    const match = /^([0-9a-f]+)-(\d+)$/.exec(id.trim());
    if (match === null || match[1] !== this.boot) return false;
    const seq = Number(match[2]);
    return seq <= this.seq && seq >= (this.buffer[0]?.seq ?? this.seq + 1) - 1;
  }

  private replay(subscriber: Subscriber, lastEventId: string, replayed: 'all' | 'lists'): void {
    const match = /^([0-9a-f]+)-(\d+)$/.exec(lastEventId.trim());
    const seq = match === null ? NaN : Number(match[2]);
    const oldest = this.buffer[0]?.seq ?? this.seq + 1;
    if (match === null || match[1] !== this.boot || seq > this.seq) {
      this.resetOne(subscriber, 'unknown-id');
      return;
    }
    if (seq < oldest - 1) {
      this.resetOne(subscriber, 'resume-too-old');
      return;
    }
    for (const entry of this.buffer) {
      if (entry.seq > seq && (replayed === 'all' || entry.payload.type !== 'mics')) this.deliver(subscriber, entry);
    }
  }

  private resetOne(subscriber: Subscriber, reason: ResetMessage['reason']): void {
    // The reset carries the newest id, so the screen resumes from here once it has refetched.
    const data: ResetMessage = { reason, scope: ['mics', 'events', 'composites'] };
    this.write(subscriber, frame(this.lastId, 'reset', data));
  }

  private deliver(subscriber: Subscriber, entry: Buffered): void {
    const { filter } = subscriber;
    if (isUnfiltered(filter) || entry.payload.type === 'reset' || entry.payload.type === 'review') {
      this.write(subscriber, entry.frame);
      return;
    }
    const id = `${this.boot}-${entry.seq}`;
    const now = this.now();
    const { payload } = entry;
    switch (payload.type) {
      case 'event': {
        const events = payload.data.events.filter((e) => eventMatches(filter, e, this.options.edgeOf, now));
        if (events.length > 0) this.write(subscriber, frame(id, 'event', { events }));
        return;
      }
      case 'composite': {
        const composites = payload.data.composites.filter((c) => compositeMatches(filter, c, now));
        if (composites.length > 0) this.write(subscriber, frame(id, 'composite', { composites }));
        return;
      }
      case 'mics': {
        // Versions are kept in every message, so a screen on one edge still follows the inventory.
        this.write(
          subscriber,
          frame(id, 'mics', { ...payload.data, ...micsFor(filter, payload.data.upserts, payload.data.removals) }),
        );
        return;
      }
    }
  }

  private write(subscriber: Subscriber, text: string): void {
    if (!this.subscribers.has(subscriber)) return;
    if (subscriber.sink.backlog() > (this.options.maxBacklogBytes ?? 8 * 1024 * 1024)) {
      this.subscribers.delete(subscriber);
      subscriber.sink.close(true);
      return;
    }
    subscriber.sink.write(text);
  }
}
