import type { EdgeError } from '../edge/errors.js';

export type FeedName = 'mics' | 'events' | 'composites';
export const FEEDS: readonly FeedName[] = ['mics', 'events', 'composites'];

export type HubStatus = 'starting' | 'ok' | 'degraded' | 'down' | 'unauthorized';

export interface FeedHealth {
  status: 'starting' | 'ok' | 'failing';
  lastOkAt: string | null;
  error: string | null;
}

/** What `/live` says about the edge (the `health` message), and /api/inventory/mics beside its data. */
export interface HubHealth {
  status: HubStatus;
  /** When this status began. */
  since: string;
  /** The last successful read of any feed. */
  lastOkAt: string | null;
  error: string | null;
  /** No screen has asked for anything lately, so the hub is not polling. */
  idle: boolean;
  feeds: Record<FeedName, FeedHealth>;
}

interface FeedState {
  lastOkAt: number | null;
  failure: EdgeError | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Folds the outcome of each feed's latest read into one status: `unauthorized` if the edge
 * refuses the token anywhere, `down` if it is unreachable or too slow, `degraded` if it answers
 * something unusable (a wrong shape, malformed JSON, an unexpected status), else `ok`.
 */
export class HealthTracker {
  private readonly feeds: Record<FeedName, FeedState> = {
    mics: { lastOkAt: null, failure: null },
    events: { lastOkAt: null, failure: null },
    composites: { lastOkAt: null, failure: null },
  };
  private status: HubStatus = 'starting';
  private since: number;
  private idle = false;
  private lastReported = '';

  constructor(now: number) {
    this.since = now;
  }

  succeeded(feed: FeedName, now: number): void {
    this.feeds[feed] = { lastOkAt: now, failure: null };
    this.update(now);
  }

  failed(feed: FeedName, error: EdgeError, now: number): void {
    this.feeds[feed].failure = error;
    this.update(now);
  }

  setIdle(idle: boolean, now: number): void {
    this.idle = idle;
    this.update(now);
  }

  feedFailing(feed: FeedName): boolean {
    return this.feeds[feed].failure !== null;
  }

  get current(): HubStatus {
    return this.status;
  }

  private update(now: number): void {
    const failures = Object.values(this.feeds)
      .map((f) => f.failure)
      .filter((f) => f !== null);
    let next: HubStatus;
    if (failures.some((f) => f.kind === 'unauthorized')) next = 'unauthorized';
    else if (failures.some((f) => f.isDown)) next = 'down';
    else if (failures.length > 0) next = 'degraded';
    else if (Object.values(this.feeds).every((f) => f.lastOkAt === null)) next = 'starting';
    else next = 'ok';
    if (next !== this.status) {
      this.status = next;
      this.since = now;
    }
  }

  snapshot(): HubHealth {
    const failure =
      Object.values(this.feeds).find((f) => f.failure?.kind === 'unauthorized')?.failure ??
      Object.values(this.feeds).find((f) => f.failure?.isDown)?.failure ??
      Object.values(this.feeds).find((f) => f.failure !== null)?.failure ??
      null;
    const lastOk = Math.max(...Object.values(this.feeds).map((f) => f.lastOkAt ?? -Infinity));
    const feeds = {} as Record<FeedName, FeedHealth>;
    for (const name of FEEDS) {
      const state = this.feeds[name];
      feeds[name] = {
        status: state.failure !== null ? 'failing' : state.lastOkAt === null ? 'starting' : 'ok',
        lastOkAt: iso(state.lastOkAt),
        error: state.failure?.message ?? null,
      };
    }
    return {
      status: this.status,
      since: new Date(this.since).toISOString(),
      lastOkAt: Number.isFinite(lastOk) ? iso(lastOk) : null,
      error: failure?.message ?? null,
      idle: this.idle,
      feeds,
    };
  }

  /** True once per change worth telling the screens (status, error text or idleness). */
  changedSinceReported(): boolean {
    const h = this.snapshot();
    const key = JSON.stringify([h.status, h.error, h.idle, ...FEEDS.map((f) => h.feeds[f].status)]);
    if (key === this.lastReported) return false;
    this.lastReported = key;
    return true;
  }
}
