import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CompiledQuery } from 'kysely';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { ConsoleDb } from '../db/database.js';
import { isRole, type Principal } from './principal.js';

export const SESSION_COOKIE = 'esc_session';

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
  cookieSecure: boolean;
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function clientAddress(request: FastifyRequest): string | null {
  return request.ip === '' ? null : request.ip;
}

/** Opens a session for the account and returns the cookie's token (the table keeps only its hash). */
export async function createSession(
  consoleDb: ConsoleDb,
  accountId: string,
  request: FastifyRequest,
  policy: SessionPolicy,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  await consoleDb.db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      account_id: accountId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + policy.maxHours * 3_600_000).toISOString(),
      ip: clientAddress(request),
      user_agent: request.headers['user-agent']?.slice(0, 300) ?? null,
    })
    .execute();
  return token;
}

export function setSessionCookie(reply: FastifyReply, token: string, policy: SessionPolicy): void {
  reply.header(
    'set-cookie',
    stringifySetCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: policy.cookieSecure,
      maxAge: policy.maxHours * 3600,
    }),
  );
}

export function clearSessionCookie(reply: FastifyReply, policy: SessionPolicy): void {
  reply.header(
    'set-cookie',
    stringifySetCookie(SESSION_COOKIE, '', {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: policy.cookieSecure,
      maxAge: 0,
    }),
  );
}

export function cookieValue(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (header === undefined) return null;
  const value = parseCookie(header)[name];
  return value === undefined || value === '' ? null : value;
}

/**
 * The principal of the request's session cookie, or null when it has none, or the session is
 * unknown, idle too long, past its lifetime, or its account disabled. `last_seen_at` is written
 * at most once a minute per session (or sooner for a short idle timeout), not on every request.
 */
export async function sessionPrincipal(
  consoleDb: ConsoleDb,
  request: FastifyRequest,
  policy: SessionPolicy,
): Promise<Principal | null> {
  const token = cookieValue(request, SESSION_COOKIE);
  if (token === null || token.length > 200) return null;
  return tokenPrincipal(consoleDb, token, policy);
}

const lookupOf = (db: ConsoleDb['db']) =>
  db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select([
      'sessions.id as id',
      'sessions.last_seen_at as lastSeen',
      'sessions.expires_at as expires',
      'accounts.id as accountId',
      'accounts.username as username',
      'accounts.role as role',
      'accounts.disabled as disabled',
    ])
    .where('sessions.id', '=', '')
    .compile();

type Lookup = ReturnType<typeof lookupOf>;
type LookupRow = Lookup extends CompiledQuery<infer R> ? R : never;

const lookups = new WeakMap<ConsoleDb['db'], Lookup>();

/**
 * The session lookup, compiled once per database: every request asks it, and building and
 * compiling it with Kysely's query builder each time took two thirds of its CPU (40 µs of 2-3 ms
 * for a proxied composite page). Only its one parameter, the session's id, changes.
 */
function sessionLookup(consoleDb: ConsoleDb): Lookup {
  let compiled = lookups.get(consoleDb.db);
  if (compiled === undefined) lookups.set(consoleDb.db, (compiled = lookupOf(consoleDb.db)));
  return compiled;
}

/** The principal of a session's token, under the same rules as the cookie's (see sessionPrincipal). */
export async function tokenPrincipal(
  consoleDb: ConsoleDb,
  token: string,
  policy: SessionPolicy,
): Promise<Principal | null> {
  const id = hashToken(token);
  const { rows } = await consoleDb.db.executeQuery<LookupRow>({ ...sessionLookup(consoleDb), parameters: [id] });
  const row = rows[0];
  if (row === undefined) return null;
  const now = Date.now();
  const idleMs = policy.idleMinutes * 60_000;
  const lastSeen = Date.parse(row.lastSeen);
  if (Number(row.disabled) !== 0 || !isRole(row.role) || Date.parse(row.expires) <= now || lastSeen + idleMs <= now) {
    await endSession(consoleDb, id);
    return null;
  }
  if (now - lastSeen >= Math.min(60_000, idleMs / 10)) {
    await consoleDb.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now).toISOString() })
      .where('id', '=', id)
      .execute();
  }
  return { kind: 'account', accountId: row.accountId, username: row.username, role: row.role, sessionId: id };
}

export async function endSession(consoleDb: ConsoleDb, sessionId: string): Promise<void> {
  await consoleDb.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of an account (disabled, role changed, password reset). */
export async function endAccountSessions(consoleDb: ConsoleDb, accountId: string): Promise<void> {
  await consoleDb.db.deleteFrom('sessions').where('account_id', '=', accountId).execute();
}

/** Drops sessions past their lifetime or idle timeout; called now and then, not per request. */
export async function pruneSessions(consoleDb: ConsoleDb, policy: SessionPolicy): Promise<void> {
  const now = Date.now();
  await consoleDb.db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', new Date(now).toISOString()),
        eb('last_seen_at', '<=', new Date(now - policy.idleMinutes * 60_000).toISOString()),
      ]),
    )
    .execute();
}
