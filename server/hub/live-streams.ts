import type { ConsoleDb } from '../db/database.js';
import type { Principal } from '../auth/principal.js';

export interface LiveStreamLimits {
  perSession: number;
  perAddress: number;
  total: number;
  /** How often every open stream's session or wall link is read again. */
  checkEveryMs: number;
}

export interface StreamRefusal {
  status: 429 | 503;
  detail: string;
  code: 'too_many_streams' | 'streams_full';
}

interface OpenStream {
  kind: 'session' | 'wall';
  /** The session's id (its token's hash) or the wall link's id. */
  id: string;
  holder: string;
  address: string;
  close: () => void;
}

/** Ids per query: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

function bump(counts: Map<string, number>, key: string, by: number): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n <= 0) counts.delete(key);
  else counts.set(key, n);
}

/**
 * The open /live streams: how many each session, wall link and address holds, and whether each
 * still may. Access is checked when a stream opens, and then again for all of them at once every
 * few seconds, against the database every replica shares: a sign-out, a disabled account, a role
 * change (it ends the account's sessions) or a revoked wall link closes the stream on whichever
 * replica holds it. `soon()` checks at once, for what this replica learns first-hand.
 */
export class LiveStreams {
  private readonly streams = new Set<OpenStream>();
  private readonly byHolder = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  private checking: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: ConsoleDb,
    private readonly limits: LiveStreamLimits,
    private readonly idleMinutes: number,
    private readonly log: (message: string) => void,
  ) {
    this.timer = setInterval(() => this.soon(), limits.checkEveryMs);
    this.timer.unref();
  }

  get size(): number {
    return this.streams.size;
  }

  /**
   * Takes a place for a stream, or says why not. Counting and taking happen in one synchronous
   * step, so streams opened at the same moment cannot all slip under a limit.
   */
  admit(principal: Principal, address: string, close: () => void): StreamRefusal | (() => void) {
    const stream: OpenStream =
      principal.kind === 'account'
        ? { kind: 'session', id: principal.sessionId, holder: `s:${principal.sessionId}`, address, close }
        : { kind: 'wall', id: principal.wallId, holder: `w:${principal.wallId}`, address, close };
    const { perSession, perAddress, total } = this.limits;
    if ((this.byHolder.get(stream.holder) ?? 0) >= perSession) {
      return {
        status: 429,
        code: 'too_many_streams',
        detail: `This session already has ${perSession} live streams open: close a tab or window first.`,
      };
    }
    if ((this.byAddress.get(address) ?? 0) >= perAddress) {
      return {
        status: 429,
        code: 'too_many_streams',
        detail: `This address already has ${perAddress} live streams open: close a tab or window first.`,
      };
    }
    if (this.streams.size >= total) {
      return {
        status: 503,
        code: 'streams_full',
        detail: 'The console has as many live streams open as it can hold; pages refresh on their own meanwhile.',
      };
    }
    this.streams.add(stream);
    bump(this.byHolder, stream.holder, 1);
    bump(this.byAddress, address, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.streams.delete(stream);
      bump(this.byHolder, stream.holder, -1);
      bump(this.byAddress, address, -1);
    };
  }

  /** Checks every stream now; a check already running is followed by another, so none reads too early. */
  soon(): void {
    if (this.streams.size === 0) return;
    if (this.checking !== null) {
      this.again = true;
      return;
    }
    this.checking = this.check()
      .catch((error: unknown) => {
        // The database is away: streams stay open (every request is refused meanwhile); the next check decides.
        this.log(`live: could not check the open streams' access: ${(error as Error).message}`);
      })
      .finally(() => {
        this.checking = null;
        if (this.again) {
          this.again = false;
          this.soon();
        }
      });
  }

  /** Resolves once the checks under way (and any asked for meanwhile) are done. */
  async settled(): Promise<void> {
    while (this.checking !== null) await this.checking;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async check(): Promise<void> {
    const snapshot = [...this.streams];
    const ids = (kind: OpenStream['kind']) => [...new Set(snapshot.filter((s) => s.kind === kind).map((s) => s.id))];
    const now = Date.now();
    const valid = new Set<string>();
    // The rule sessionPrincipal applies to each request: known, account enabled, not expired, not idle.
    for (const chunk of chunks(ids('session'))) {
      const rows = await this.db.db
        .selectFrom('sessions')
        .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
        .select('sessions.id as id')
        .where('sessions.id', 'in', chunk)
        .where('accounts.disabled', '=', 0)
        .where('sessions.expires_at', '>', new Date(now).toISOString())
        .where('sessions.last_seen_at', '>', new Date(now - this.idleMinutes * 60_000).toISOString())
        .execute();
      for (const row of rows) valid.add(`s:${row.id}`);
    }
    for (const chunk of chunks(ids('wall'))) {
      const rows = await this.db.db
        .selectFrom('wall_links')
        .select('id')
        .where('id', 'in', chunk)
        .where('revoked_at', 'is', null)
        .execute();
      for (const row of rows) valid.add(`w:${row.id}`);
    }
    for (const stream of snapshot) {
      if (this.streams.has(stream) && !valid.has(stream.holder)) stream.close();
    }
  }
}
