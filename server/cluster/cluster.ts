import crypto from 'node:crypto';
import type { ConsoleDb } from '../db/database.js';
import type { ReplicaHub } from '../hub/replica-hub.js';
import type { LeaderState } from '../metrics/readiness.js';
import { LeaderLock } from './leader-lock.js';
import { HubRelay, type Control } from './relay.js';

export interface ClusterOptions {
  db: ConsoleDb;
  databaseUrl: string;
  hub: ReplicaHub;
  log: (message: string) => void;
  /** Told each time this replica starts or stops reading the edge. */
  onLeadership?: (leading: boolean) => void;
  /** The lock's beat and the reader's heartbeat (default 1 s). */
  beatMs?: number;
}

/** A reader not heard for this many beats is taken for gone (readiness says "leader unknown"). */
const SILENT_BEATS = 5;
const PRUNE_EVERY_MS = 60_000;

/**
 * Makes the replicas on one PostgreSQL database one client of the edge: one of them (the holder
 * of an advisory lock) reads the edge and hands what it reads to the others, which push it to
 * their own screens. When the reader dies another takes the lock within a beat or two and goes on
 * from where the last messages left the feeds.
 */
export class Cluster {
  readonly replicaId = crypto.randomBytes(6).toString('hex');
  private readonly lock: LeaderLock;
  private readonly relay: HubRelay;
  private readonly beatMs: number;
  private lastHello = -Infinity;
  private readonly timers: NodeJS.Timeout[] = [];
  private hasLed = false;
  private readonly onFirstLead: (() => void)[] = [];

  constructor(private readonly options: ClusterOptions) {
    this.beatMs = options.beatMs ?? 1000;
    const { hub } = options;
    this.relay = new HubRelay(options.db, options.databaseUrl, this.replicaId, hub, (c) => this.heard(c), options.log);
    this.lock = new LeaderLock({
      databaseUrl: options.databaseUrl,
      replicaId: this.replicaId,
      everyMs: this.beatMs,
      log: options.log,
      onChange: (leading) => {
        this.relay.leading = leading;
        hub.setLeading(leading);
        options.log(`cluster: replica ${this.replicaId} ${leading ? 'now reads' : 'no longer reads'} the edge`);
        options.onLeadership?.(leading);
        if (!leading) return;
        this.relay.hello();
        this.hasLed = true;
        for (const job of this.onFirstLead.splice(0)) job();
      },
    });
    hub.connect(this.relay);
  }

  async start(): Promise<void> {
    await this.relay.start();
    await this.lock.start();
    this.timers.push(
      setInterval(() => {
        if (this.lock.isLeading) this.relay.hello();
      }, this.beatMs),
      setInterval(() => {
        if (this.lock.isLeading) void this.relay.prune().catch(() => undefined);
      }, PRUNE_EVERY_MS),
    );
    for (const timer of this.timers) timer.unref();
  }

  /** Releases leadership first, so another replica reads the edge at its next beat. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.lock.stop();
    await this.relay.stop();
  }

  /** Runs `job` once, the first time this replica reads the edge (at once if it already has). */
  whenFirstLeading(job: () => void): void {
    if (this.hasLed) job();
    else this.onFirstLead.push(job);
  }

  get isLeading(): boolean {
    return this.lock.isLeading;
  }

  leaderState(): LeaderState {
    if (this.lock.isLeading) return 'self';
    return Date.now() - this.lastHello < SILENT_BEATS * this.beatMs ? 'other' : 'unknown';
  }

  private heard(control: Control): void {
    if (control.kind !== 'hello') return;
    this.lastHello = Date.now();
    this.options.hub.readerAlive();
  }
}
