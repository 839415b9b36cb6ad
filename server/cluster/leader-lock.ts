import pg from 'pg';

/** The advisory lock whose holder reads the edge for the whole cluster (any number; this one is ours). */
export const LEADER_LOCK = 0x45_53_43_01;

export interface LeaderLockOptions {
  databaseUrl: string;
  /** Shown in pg_stat_activity as `esc-console <id>`. */
  replicaId: string;
  /** How often a follower tries to take the lock, and the leader checks it still holds its connection. */
  everyMs: number;
  onChange: (leading: boolean) => void;
  log: (message: string) => void;
}

/**
 * Leader election on PostgreSQL's session advisory lock: the replica whose connection holds it
 * leads. PostgreSQL lets go of it when that connection ends, which a killed process's does at
 * once (its socket closes) and a vanished host's within seconds (the server's TCP keepalives are
 * set short on this connection); the others try every `everyMs`. The leader checks its connection
 * on the same beat and steps down the moment a check fails, before anyone else can have taken over.
 */
export class LeaderLock {
  private client: pg.Client | null = null;
  private leading = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(private readonly options: LeaderLockOptions) {}

  get isLeading(): boolean {
    return this.leading;
  }

  /** Tries once at once, then on every beat. */
  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), this.options.everyMs);
    this.timer.unref();
  }

  /** Lets go of the lock (so another replica leads at its next try) and of the connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    const client = this.client;
    this.client = null;
    this.setLeading(false);
    if (client === null) return;
    await client.query('select pg_advisory_unlock_all()').catch(() => undefined);
    await client.end().catch(() => undefined);
  }

  private async beat(): Promise<void> {
    if (this.busy || this.stopped) return;
    this.busy = true;
    try {
      const client = this.client ?? (await this.connect());
      if (this.leading) {
        await client.query('select 1');
      } else {
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [LEADER_LOCK]);
        if (rows[0]?.ok === true && !this.stopped) this.setLeading(true);
      }
    } catch (error) {
      this.lost(`leader lock: ${(error as Error).message}`);
    } finally {
      this.busy = false;
    }
  }

  private async connect(): Promise<pg.Client> {
    const { everyMs } = this.options;
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: `esc-console ${this.options.replicaId}`,
      keepAlive: true,
      // A check that does not come back within a beat counts as a lost connection.
      query_timeout: Math.max(1000, everyMs * 2),
      connectionTimeoutMillis: Math.max(1000, everyMs * 2),
    });
    client.on('error', (error) => this.lost(`leader lock connection: ${error.message}`));
    await client.connect();
    // The server notices a leader's host gone in about 5 + 3 × 1 s, and drops its lock.
    await client.query('set tcp_keepalives_idle = 5; set tcp_keepalives_interval = 1; set tcp_keepalives_count = 3');
    if (this.stopped) {
      await client.end().catch(() => undefined);
      throw new Error('stopped');
    }
    this.client = client;
    return client;
  }

  private lost(reason: string): void {
    const client = this.client;
    this.client = null;
    if (this.leading) this.options.log(`${reason}; no longer reading the edge`);
    this.setLeading(false);
    void client?.end().catch(() => undefined);
  }

  private setLeading(leading: boolean): void {
    if (leading === this.leading) return;
    this.leading = leading;
    this.options.onChange(leading);
  }
}
