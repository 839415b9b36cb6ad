import { EdgeError } from '../edge/errors.js';
import { FEEDS, type FeedName, type HealthTracker } from './health.js';
import type { HubSettings } from './settings.js';

export interface LoopState {
  failures: number;
  timer: NodeJS.Timeout | null;
  running: boolean;
  /** When the next attempt is due (back-off included). */
  dueAt: number;
  lastError: EdgeError | null;
  waiters: (() => void)[];
}

export interface FeedLoopsOptions {
  settings: HubSettings;
  now: () => number;
  health: HealthTracker;
  /** False while the hub is stopped or another replica reads the edge. */
  mayRun: () => boolean;
  /** Somebody looks (a screen, a recent request): otherwise the loops idle after this attempt. */
  active: () => boolean;
  /** One read of a feed; throws how it failed. */
  step: (feed: FeedName) => Promise<void>;
  /** After every attempt: the screens hear of a change in health. */
  reportHealth: () => void;
  /** The first loop to find nobody looking. */
  idle: () => void;
}

const asReadError = (error: unknown) =>
  error instanceof EdgeError ? error : new EdgeError('http', `Hub error: ${(error as Error).message}`);

/**
 * When the hub reads each feed: on its interval, doubled per failure up to HUB_BACKOFF_MAX_MS;
 * the first success after the edge was down wakes the feeds waiting out a back-off; and no next
 * attempt once nobody looks.
 */
export class FeedLoops {
  readonly state: Record<FeedName, LoopState>;

  constructor(private readonly options: FeedLoopsOptions) {
    const loop = (): LoopState => ({
      failures: 0,
      timer: null,
      running: false,
      dueAt: 0,
      lastError: null,
      waiters: [],
    });
    this.state = { mics: loop(), events: loop(), composites: loop() };
  }

  /** Every feed not running: now, or when its back-off ends. */
  startAll(): void {
    const now = this.options.now();
    for (const name of FEEDS) {
      const loop = this.state[name];
      if (loop.running) continue;
      if (loop.failures === 0 || now >= loop.dueAt) void this.run(name);
      else if (loop.timer === null) this.schedule(name, loop.dueAt - now);
    }
  }

  /** No further attempts; those under way finish. */
  clear(): void {
    for (const name of FEEDS) {
      const loop = this.state[name];
      if (loop.timer !== null) clearTimeout(loop.timer);
      loop.timer = null;
    }
  }

  releaseWaiters(): void {
    for (const name of FEEDS) for (const resolve of this.state[name].waiters.splice(0)) resolve();
  }

  async run(feed: FeedName): Promise<void> {
    const loop = this.state[feed];
    const { health, now } = this.options;
    if (loop.running || !this.options.mayRun()) return;
    if (loop.timer !== null) clearTimeout(loop.timer);
    loop.timer = null;
    loop.running = true;
    const wasDown = health.current === 'down' || health.current === 'unauthorized';
    try {
      await this.options.step(feed);
      loop.failures = 0;
      loop.lastError = null;
      health.succeeded(feed, now());
      // The edge is back: feeds waiting out a back-off try again now rather than in up to 30 s.
      if (wasDown) for (const other of FEEDS) if (other !== feed && this.state[other].failures > 0) this.kick(other);
    } catch (error) {
      const failure = asReadError(error);
      loop.failures++;
      loop.lastError = failure;
      health.failed(feed, failure, now());
    } finally {
      loop.running = false;
      this.options.reportHealth();
      for (const resolve of loop.waiters.splice(0)) resolve();
      this.next(feed);
    }
  }

  private kick(feed: FeedName): void {
    if (this.state[feed].running || !this.options.mayRun()) return;
    void this.run(feed);
  }

  private schedule(feed: FeedName, delayMs: number): void {
    const loop = this.state[feed];
    if (loop.timer !== null) clearTimeout(loop.timer);
    loop.dueAt = this.options.now() + delayMs;
    loop.timer = setTimeout(() => {
      loop.timer = null;
      void this.run(feed);
    }, delayMs);
    loop.timer.unref();
  }

  private next(feed: FeedName): void {
    if (!this.options.mayRun()) return;
    const loop = this.state[feed];
    if (!this.options.active()) {
      this.options.idle();
      loop.dueAt = loop.failures === 0 ? 0 : this.options.now() + this.delayOf(feed);
      return;
    }
    this.schedule(feed, this.delayOf(feed));
  }

  private delayOf(feed: FeedName): number {
    const { settings } = this.options;
    const interval = {
      mics: settings.micsIntervalMs,
      events: settings.eventsIntervalMs,
      composites: settings.compositesIntervalMs,
    }[feed];
    return backoffDelay(interval, this.state[feed].failures, settings.backoffMaxMs);
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
