import type { ConsoleDb } from '../db/database.js';

/** After this many failed sign-ins within the window, a name or an address must wait. */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60_000;

export function limitKeys(username: string, ip: string | null): string[] {
  return [`account:${username}`, ...(ip === null ? [] : [`ip:${ip}`])];
}

/**
 * Seconds until a sign-in may be tried again for any of the keys, or null when none is limited.
 * Counted in the console database, so every replica behind a load balancer sees the same count.
 */
export async function retryAfterSeconds(
  consoleDb: ConsoleDb,
  keys: string[],
  now = Date.now(),
): Promise<number | null> {
  let wait = 0;
  for (const key of keys) {
    const recent = await consoleDb.db
      .selectFrom('login_failures')
      .select('at')
      .where('key', '=', key)
      .where('at', '>', new Date(now - WINDOW_MS).toISOString())
      .orderBy('at', 'desc')
      .limit(MAX_FAILURES)
      .execute();
    // The key is free again once the oldest of its last MAX_FAILURES failures leaves the window.
    if (recent.length >= MAX_FAILURES) {
      const oldest = Date.parse(recent[MAX_FAILURES - 1]!.at);
      wait = Math.max(wait, Math.ceil((oldest + WINDOW_MS - now) / 1000));
    }
  }
  return wait > 0 ? wait : null;
}

export async function recordFailure(consoleDb: ConsoleDb, keys: string[], now = Date.now()): Promise<void> {
  const at = new Date(now).toISOString();
  await consoleDb.db
    .insertInto('login_failures')
    .values(keys.map((key) => ({ key, at })))
    .execute();
  await consoleDb.db
    .deleteFrom('login_failures')
    .where('at', '<=', new Date(now - WINDOW_MS).toISOString())
    .execute();
}

/** A successful sign-in clears its name's count (not its address's). */
export async function clearFailures(consoleDb: ConsoleDb, key: string): Promise<void> {
  await consoleDb.db.deleteFrom('login_failures').where('key', '=', key).execute();
}
