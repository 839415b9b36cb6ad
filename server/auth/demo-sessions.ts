import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConsoleDb } from '../db/database.js';
import { demoAccount } from './accounts.js';
import { clearDemoOff, startSession } from './routes.js';
import { setSessionCookie, tokenPrincipal, type SessionPolicy } from './sessions.js';

export interface DemoSessionLimits {
  /** New demo sessions that may start at once. */
  burst: number;
  /** Then one more every this many ms. */
  everyMs: number;
}

/**
 * Enough for every browser and tab of a demo opened by hand, a classroom or the benchmark's
 * 20 screens at once, each with a session of its own (the live streams are counted per session).
 */
export const DEMO_SESSION_LIMITS: DemoSessionLimits = { burst: 30, everyMs: 2_000 };

/**
 * The embedded demo's automatic sign-in (and its "Continue as demo"). Each visitor without a
 * session gets one of its own, as a browser keeps its cookie; but a client that keeps no cookie
 * (a script, curl, a load test) arrives without one every time, and each of its requests started
 * a session: a session row, the account's last sign-in and an audit row, three writes on the one
 * event loop, and a sessions table growing without bound (one load test left 19,700 rows). New
 * sessions are now budgeted: past the budget a visitor is given the latest demo session instead
 * (everyone here is the same demo admin, on this machine only), so such a client costs reads only.
 */
export class DemoSessions {
  private allowance: number;
  private refilledAt: number;
  /** The token of the latest demo session started: a secret, kept in memory only, never logged. */
  private latest: string | null = null;

  constructor(
    private readonly db: ConsoleDb,
    private readonly policy: SessionPolicy,
    private readonly limits: DemoSessionLimits = DEMO_SESSION_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.allowance = limits.burst;
    this.refilledAt = now();
  }

  /** Signs the request in as the demo admin; false when that account is disabled. */
  async signIn(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const account = await demoAccount(this.db);
    if (Number(account.disabled) !== 0) return false;
    if (!this.take() && this.latest !== null) {
      const principal = await tokenPrincipal(this.db, this.latest, this.policy);
      if (principal?.kind === 'account' && principal.accountId === account.id) {
        request.principal = principal;
        setSessionCookie(reply, this.latest, this.policy);
        clearDemoOff(reply);
        return true;
      }
    }
    // Under the budget, or the latest session is over (signed out, idle, expired): a new one.
    this.latest = await startSession(this.db, request, reply, this.policy, account, { method: 'demo' });
    return true;
  }

  private take(): boolean {
    const now = this.now();
    const earned = Math.floor((now - this.refilledAt) / this.limits.everyMs);
    if (earned > 0) {
      this.allowance = Math.min(this.limits.burst, this.allowance + earned);
      this.refilledAt = this.allowance === this.limits.burst ? now : this.refilledAt + earned * this.limits.everyMs;
    }
    if (this.allowance <= 0) return false;
    this.allowance--;
    return true;
  }
}
