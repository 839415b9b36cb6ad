import pg from 'pg';
import type { ConsoleDb } from '../db/database.js';
import type { ItemKey, ReviewItem } from './model.js';
import { NOTIFY_CHANNEL, getItem, type ChangeNotice } from './store.js';

/** What every open screen hears about: an item's review as it is now, and whether a comment came. */
export interface ReviewChange {
  item: ReviewItem;
  /** The id of a comment just added; null for a transition. */
  comment: number | null;
}

export type ReviewListener = (change: ReviewChange) => void;

const RECONNECT_MS = [500, 1000, 2000, 5000];
const SEEN_LIMIT = 10_000;

/**
 * Fans review changes out to this process's listeners (the live stream). A change made here is
 * heard at once; on PostgreSQL every replica also LISTENs on `esc_review`, reads the item named
 * by a notice and passes it on, so a change on one replica reaches the screens of all of them.
 * A notice already passed on (our own, echoed back) is dropped.
 */
export class ReviewBus {
  private readonly listeners = new Set<ReviewListener>();
  private readonly seen = new Map<string, number>();
  private client: pg.Client | null = null;
  private stopped = false;
  private attempts = 0;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly consoleDb: ConsoleDb,
    private readonly databaseUrl: string | null,
    private readonly log: (message: string) => void,
  ) {}

  subscribe(listener: ReviewListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A change committed by this process. */
  publish(change: ReviewChange): void {
    const key = this.seenKey(change.item, change.comment);
    const version = change.comment ?? change.item.version;
    if ((this.seen.get(key) ?? -1) >= version) return;
    if (this.seen.size >= SEEN_LIMIT) this.seen.clear();
    this.seen.set(key, version);
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.log(`review: a listener failed: ${(error as Error).message}`);
      }
    }
  }

  /** Starts listening to the other replicas (PostgreSQL only); resolves once LISTEN is in place. */
  async start(): Promise<void> {
    if (this.consoleDb.dialect !== 'postgres' || this.databaseUrl === null) return;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry !== null) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.databaseUrl === null) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel === NOTIFY_CHANNEL && message.payload !== undefined) void this.heard(message.payload);
    });
    client.on('error', (error) => {
      this.log(`review: LISTEN connection lost: ${error.message}`);
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      this.client = client;
      this.attempts = 0;
    } catch (error) {
      this.log(`review: could not LISTEN on ${NOTIFY_CHANNEL}: ${(error as Error).message}`);
      this.reconnect(client);
    }
  }

  private reconnect(client: pg.Client): void {
    if (this.stopped || this.retry !== null) return;
    if (this.client === client) this.client = null;
    void client.end().catch(() => undefined);
    const delay = RECONNECT_MS[Math.min(this.attempts++, RECONNECT_MS.length - 1)]!;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, delay);
    this.retry.unref();
  }

  /** Transitions are known by item and version, comments by their own id. */
  private seenKey(key: ItemKey, comment: number | null): string {
    return comment === null ? `${key.kind}:${key.id}` : `comment:${comment}`;
  }

  private async heard(payload: string): Promise<void> {
    let notice: ChangeNotice;
    try {
      notice = JSON.parse(payload) as ChangeNotice;
    } catch {
      return;
    }
    const key: ItemKey = { kind: notice.kind, id: notice.id };
    if ((this.seen.get(this.seenKey(key, notice.comment)) ?? -1) >= (notice.comment ?? notice.version)) return;
    try {
      this.publish({ item: await getItem(this.consoleDb, key), comment: notice.comment });
    } catch (error) {
      this.log(`review: could not read a changed item: ${(error as Error).message}`);
    }
  }
}
