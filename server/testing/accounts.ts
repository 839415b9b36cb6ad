import type { FastifyRequest } from 'fastify';
import { createAccount } from '../auth/accounts.js';
import type { Role } from '../auth/principal.js';
import { createSession, SESSION_COOKIE } from '../auth/sessions.js';
import type { ConsoleDb } from '../db/database.js';

let counter = 0;

/**
 * A new account of that role with an open session: the Cookie header that signs a request in as
 * it. For tests of something else than sign-in itself (the gateway, wall links, audit…).
 */
export async function signedIn(
  consoleDb: ConsoleDb,
  role: Role,
  username = `${role}-${process.pid}-${++counter}`,
): Promise<{ cookie: string; accountId: string; username: string }> {
  const account = await createAccount(consoleDb, { username, role, password: null });
  const request = { ip: '127.0.0.1', headers: { 'user-agent': 'test' } } as unknown as FastifyRequest;
  const token = await createSession(consoleDb, account.id, request, {
    idleMinutes: 60,
    maxHours: 1,
    cookieSecure: false,
  });
  return { cookie: `${SESSION_COOKIE}=${token}`, accountId: account.id, username: account.username };
}

/** The `name=value` pairs a response sets, for the next request's Cookie header. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}
