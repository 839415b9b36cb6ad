import crypto from 'node:crypto';
import type { ConsoleDb } from '../db/database.js';

/** Defaults of LOGIN_MAX_FAILURES and LOGIN_WINDOW_MINUTES. */
export const MAX_FAILURES = 10;
export const WINDOW_MINUTES = 15;
/** An address an account signed in from with its password stays known this long. */
export const KNOWN_ADDRESS_DAYS = 30;

export interface LoginLimits {
  /** Failed sign-ins a name, or an address, may have within the window. */
  maxFailures: number;
  windowMinutes: number;
}

const accountKey = (username: string) => `account:${username}`;

/**
 * What a sign-in is counted against: its address always, its name unless the address is one the
 * account signed in from before. So a stranger's failures slow the stranger's address and lock
 * the name for other strangers, but not for the person at their usual desk (who still has the
 * address's own limit): nobody can lock a colleague out by guessing, and a flood from many
 * addresses still gets no more than the limit of guesses at the name.
 */
export function limitKeys(username: string, ip: string | null, knownAddress: boolean): string[] {
  const address = ip === null ? [] : [`ip:${ip}`];
  return knownAddress && ip !== null ? address : [accountKey(username), ...address];
}

const windowStart = (limits: LoginLimits, now: number) => new Date(now - limits.windowMinutes * 60_000).toISOString();

/** Seconds until the key has room for one more attempt, or 0. */
async function waitFor(consoleDb: ConsoleDb, key: string, limits: LoginLimits, now: number): Promise<number> {
  const recent = await consoleDb.db
    .selectFrom('login_failures')
    .select('at')
    .where('key', '=', key)
    .where('at', '>', windowStart(limits, now))
    .orderBy('at', 'desc')
    .limit(limits.maxFailures)
    .execute();
  if (recent.length < limits.maxFailures) return 0;
  // The key is free again once the oldest of its last maxFailures attempts leaves the window.
  const oldest = Date.parse(recent[limits.maxFailures - 1]!.at);
  return Math.max(1, Math.ceil((oldest + limits.windowMinutes * 60_000 - now) / 1000));
}

export type Reservation = { attempt: string; keys: string[] } | { retryAfter: number };

/**
 * Takes this sign-in's place in the count of every key BEFORE its password is checked. The rows
 * are written (and committed) first and counted after: of any attempts arriving together, the
 * last to count sees all the others' rows, so no more than maxFailures of them are let through,
 * however many arrive at once and on however many replicas. A refused attempt takes its rows
 * back, so a flood does not stretch the wait.
 */
export async function reserveAttempt(
  consoleDb: ConsoleDb,
  keys: string[],
  limits: LoginLimits,
  now = Date.now(),
): Promise<Reservation> {
  const attempt = crypto.randomUUID();
  const at = new Date(now).toISOString();
  await consoleDb.db
    .insertInto('login_failures')
    .values(keys.map((key) => ({ key, at, attempt })))
    .execute();
  let over = false;
  for (const key of keys) {
    const row = await consoleDb.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('key', '=', key)
      .where('at', '>', windowStart(limits, now))
      .executeTakeFirstOrThrow();
    if (Number(row.n) > limits.maxFailures) over = true;
  }
  if (!over) return { attempt, keys };
  await consoleDb.db.deleteFrom('login_failures').where('attempt', '=', attempt).execute();
  let wait = 1;
  for (const key of keys) wait = Math.max(wait, await waitFor(consoleDb, key, limits, now));
  return { retryAfter: wait };
}

/** A wrong password: its rows stay, as failures; rows past the window go. */
export async function keepAsFailure(consoleDb: ConsoleDb, limits: LoginLimits, now = Date.now()): Promise<void> {
  await consoleDb.db.deleteFrom('login_failures').where('at', '<=', windowStart(limits, now)).execute();
}

const knownSince = () => new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000).toISOString();

/**
 * The right password: the attempt's own rows go (a sign-in is not a failure), and the address
 * becomes one the name is not locked out from. The name's failures stay until they age out, so
 * the owner signing in now and then does not hand a guesser a fresh set of tries.
 */
export async function releaseOnSuccess(
  consoleDb: ConsoleDb,
  attempt: string,
  account: { id: string; ip: string | null },
): Promise<void> {
  await consoleDb.db.deleteFrom('login_failures').where('attempt', '=', attempt).execute();
  if (account.ip === null) return;
  const at = new Date().toISOString();
  await consoleDb.db
    .deleteFrom('login_known_addresses')
    .where('account_id', '=', account.id)
    .where('at', '<=', knownSince())
    .execute();
  await consoleDb.db
    .insertInto('login_known_addresses')
    .values({ account_id: account.id, ip: account.ip, at })
    .onConflict((oc) => oc.columns(['account_id', 'ip']).doUpdateSet({ at }))
    .execute();
}

/** Whether the account signed in from this address with its password within KNOWN_ADDRESS_DAYS. */
export async function isKnownAddress(consoleDb: ConsoleDb, accountId: string, ip: string | null): Promise<boolean> {
  if (ip === null) return false;
  const row = await consoleDb.db
    .selectFrom('login_known_addresses')
    .select('at')
    .where('account_id', '=', accountId)
    .where('ip', '=', ip)
    .where('at', '>', knownSince())
    .executeTakeFirst();
  return row !== undefined;
}
