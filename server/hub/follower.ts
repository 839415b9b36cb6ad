import type { HubHealth } from './health.js';
import type { HubRequest } from './hub-link.js';

export interface FollowerOptions {
  now: () => number;
  /** How often a replica with screens open tells the reader so (well within HUB_IDLE_AFTER_MS). */
  interestEveryMs: number;
  interested: () => boolean;
  ask: (request: HubRequest) => void;
  /** The reader's view of the edge changed: this replica's screens are told. */
  healthChanged: (health: HubHealth) => void;
}

/** Asking again sooner than this adds nothing: the reader already knows. */
const ASK_EVERY_MS = 1000;
/** How long an inventory request waits for the reader's copy before answering 502. */
const INVENTORY_WAIT_MS = 10_000;

/**
 * A hub's side of following another replica that reads the edge: the reader's health as last
 * heard, when it went idle, the requests sent to it (not more than one of a kind a second), the
 * regular "screens are open here" while they are, and inventory requests waiting for its copy.
 */
export class Follower {
  private remote: HubHealth | null = null;
  private reported = '';
  private idleSince: number | null = null;
  private readonly asked = new Map<string, number>();
  private readonly waiters = new Set<() => void>();
  private readonly interest: NodeJS.Timeout;

  constructor(private readonly options: FollowerOptions) {
    this.interest = setInterval(() => {
      if (options.interested()) this.ask({ kind: 'touch' }, true);
    }, options.interestEveryMs);
    this.interest.unref();
  }

  /** The reader's health as last heard; null before the first word from it. */
  get health(): HubHealth | null {
    return this.remote;
  }

  /** When the reader last said it had stopped reading for want of screens (null: it was reading). */
  get readerIdleSince(): number | null {
    return this.idleSince;
  }

  heard(health: HubHealth): void {
    this.remote = health;
    if (!health.idle) this.idleSince = null;
    else this.idleSince ??= this.options.now();
    const key = JSON.stringify([health.status, health.error, health.idle]);
    if (key === this.reported) return;
    this.reported = key;
    this.options.healthChanged(health);
  }

  ask(request: HubRequest, force = false): void {
    const key = request.kind === 'refresh-mic' ? `${request.kind}:${request.micId}` : request.kind;
    const now = this.options.now();
    if (!force && now - (this.asked.get(key) ?? -Infinity) < ASK_EVERY_MS) return;
    if (this.asked.size > 1000) this.asked.clear();
    this.asked.set(key, now);
    this.options.ask(request);
  }

  /** Waits (at most 10 s) for the reader's inventory, asking for it. */
  inventory(): Promise<void> {
    this.ask({ kind: 'snapshot' });
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, INVENTORY_WAIT_MS);
      this.waiters.add(done);
    });
  }

  inventoryArrived(): void {
    for (const done of [...this.waiters]) done();
  }

  stop(): void {
    clearInterval(this.interest);
    this.inventoryArrived();
  }
}
