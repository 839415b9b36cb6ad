import { SESSION_COOKIE, createSession } from '../auth/sessions.js';
import type { ConsoleDb } from '../db/database.js';

/** An account of that role with a session; returns the cookie header. */
export async function sessionCookie(consoleDb: ConsoleDb, username: string, role: string): Promise<string> {
  const now = new Date().toISOString();
  await consoleDb.db
    .insertInto('accounts')
    .values({
      id: `id-${username}`,
      username,
      password_hash: null,
      role,
      disabled: 0,
      oidc_subject: null,
      created_at: now,
      updated_at: now,
      last_login_at: null,
    })
    .execute();
  const request = { ip: '127.0.0.1', headers: {} } as Parameters<typeof createSession>[2];
  const token = await createSession(consoleDb, `id-${username}`, request, {
    idleMinutes: 60,
    maxHours: 1,
    cookieSecure: false,
  });
  return `${SESSION_COOKIE}=${token}`;
}
