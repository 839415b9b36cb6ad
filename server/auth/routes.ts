import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../http/errors.js';
import { stringifySetCookie } from 'cookie';
import * as z from 'zod';
import { recordAudit } from '../audit/record.js';
import type { ConsoleDb } from '../db/database.js';
import {
  AccountConflict,
  countAccounts,
  createAccount,
  findByUsername,
  markSignedIn,
  passwordSchema,
  usernameSchema,
} from './accounts.js';
import { setupTokenMatches } from './bootstrap.js';
import type { DemoSessions } from './demo-sessions.js';
import { refuse, SIGN_IN_HEADER, SIGN_IN_NEEDED } from './guard.js';
import { verifyPassword } from './passwords.js';
import { isRole, type Principal } from './principal.js';
import {
  isKnownAddress,
  keepAsFailure,
  limitKeys,
  releaseOnSuccess,
  reserveAttempt,
  type LoginLimits,
} from './rate-limit.js';
import {
  clearSessionCookie,
  clientAddress,
  cookieValue,
  createSession,
  endSession,
  hashToken,
  SESSION_COOKIE,
  setSessionCookie,
  type SessionPolicy,
} from './sessions.js';

/** Set by signing out of the demo, so the next request is not signed in again at once. */
export const DEMO_OFF_COOKIE = 'esc_demo_off';

export const BAD_CREDENTIALS = 'Wrong username or password.';
export const SESSION_ENDED = 'Your session has ended. Sign in to continue.';

const loginSchema = z.object({
  username: z.string().max(200),
  password: z.string().max(1024),
});

const setupSchema = z.object({
  token: z.string().max(200),
  username: usernameSchema,
  password: passwordSchema,
});

export interface AuthRouteOptions {
  db: ConsoleDb;
  policy: SessionPolicy;
  limits: LoginLimits;
  /** The one-time setup token while the console has no account; cleared once used. */
  setup: { token: string | null };
  demoAutoSignIn: boolean;
  /** The demo's sessions, budgeted (register.ts makes it with demoAutoSignIn). */
  demoSessions?: DemoSessions | null;
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

export function tooManyAttempts(reply: FastifyReply, wait: number): FastifyReply {
  const minutes = Math.ceil(wait / 60);
  return reply
    .code(429)
    .header('retry-after', String(wait))
    .send({
      detail: `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      code: 'rate_limited',
    });
}

/**
 * Signs the account in: a new session (never the old one's id), the cookie, the audit entry.
 * Returns the session's token (the demo's sign-in keeps its latest: see demo-sessions.ts).
 */
export async function startSession(
  db: ConsoleDb,
  request: FastifyRequest,
  reply: FastifyReply,
  policy: SessionPolicy,
  account: { id: string; username: string; role: string },
  details: Record<string, unknown>,
): Promise<string> {
  if (request.principal?.kind === 'account') await endSession(db, request.principal.sessionId);
  const token = await createSession(db, account.id, request, policy);
  const principal: Principal = {
    kind: 'account',
    accountId: account.id,
    username: account.username,
    role: isRole(account.role) ? account.role : 'viewer',
    sessionId: hashToken(token),
  };
  request.principal = principal;
  setSessionCookie(reply, token, policy);
  clearDemoOff(reply);
  await markSignedIn(db, account.id);
  await recordAudit(db, {
    actor: principal,
    action: 'auth.login',
    target: { type: 'account', id: account.id },
    details: { username: account.username, ...details },
    outcome: 'ok',
    ip: clientAddress(request),
  });
  return token;
}

/** Clears the cookie that signing out of the demo set (see DEMO_OFF_COOKIE). */
export function clearDemoOff(reply: FastifyReply): void {
  reply.header('set-cookie', stringifySetCookie(DEMO_OFF_COOKIE, '', { path: '/', maxAge: 0, sameSite: 'lax' }));
}

export function registerAuthRoutes(
  app: FastifyInstance,
  { db, policy, limits, setup, demoAutoSignIn, demoSessions = null }: AuthRouteOptions,
) {
  app.post('/auth/login', async (request, reply) => {
    noStore(reply);
    const body = parseInput(loginSchema, 'body', request.body, reply);
    if (body === null) return reply;
    const username = body.username.trim().toLowerCase();
    const ip = clientAddress(request);
    const account = username === '' ? undefined : await findByUsername(db, username);
    // Asked for unknown names too, so the answer takes as long whether the name exists or not.
    const known = await isKnownAddress(db, account?.id ?? '', ip);
    const reservation = await reserveAttempt(db, limitKeys(username, ip, known), limits);
    if ('retryAfter' in reservation) return tooManyAttempts(reply, reservation.retryAfter);
    const passwordOk = await verifyPassword(account?.password_hash ?? null, body.password);
    const disabled = account !== undefined && Number(account.disabled) !== 0;
    if (account === undefined || !passwordOk || disabled) {
      await keepAsFailure(db, limits);
      await recordAudit(db, {
        actor: { kind: 'anonymous' },
        action: 'auth.login_failed',
        target: account === undefined ? null : { type: 'account', id: account.id },
        details: { username: username.slice(0, 64), reason: disabled && passwordOk ? 'disabled' : 'credentials' },
        outcome: 'refused',
        ip,
      });
      // Only someone who knows the password learns that the account is disabled.
      return reply
        .code(401)
        .send(
          disabled && passwordOk
            ? { detail: 'This account is disabled. Ask an admin to enable it.', code: 'account_disabled' }
            : { detail: BAD_CREDENTIALS, code: 'bad_credentials' },
        );
    }
    await releaseOnSuccess(db, reservation.attempt, { id: account.id, ip });
    await startSession(db, request, reply, policy, account, { method: 'password' });
    return reply.code(204).send();
  });

  app.post('/auth/logout', async (request, reply) => {
    noStore(reply);
    const principal = request.principal;
    if (principal?.kind === 'account') {
      await endSession(db, principal.sessionId);
      await recordAudit(db, {
        actor: principal,
        action: 'auth.logout',
        target: { type: 'account', id: principal.accountId },
        outcome: 'ok',
        ip: clientAddress(request),
      });
    }
    clearSessionCookie(reply, policy);
    if (demoAutoSignIn) {
      reply.header(
        'set-cookie',
        stringifySetCookie(DEMO_OFF_COOKIE, '1', { path: '/', sameSite: 'lax', httpOnly: true }),
      );
    }
    return reply.code(204).send();
  });

  // After signing out of the demo: the sign-in page's "Continue as demo".
  app.post('/auth/demo', async (request, reply) => {
    noStore(reply);
    if (!demoAutoSignIn || demoSessions === null) return reply.code(404).send({ detail: 'Not Found' });
    if (!(await demoSessions.signIn(request, reply))) {
      return reply.code(403).send({ detail: 'The demo account is disabled.' });
    }
    return reply.code(204).send();
  });

  app.get('/auth/me', async (request, reply) => {
    noStore(reply);
    const me = meOf(request.principal);
    if (me !== null) return me;
    // A cookie of a session that is over (disabled, signed out elsewhere, idle, expired): say so, so
    // every tab reloaded tells the person why they must sign in again. The next sign-in replaces it.
    if (cookieValue(request, SESSION_COOKIE) !== null) {
      return reply.code(401).header(SIGN_IN_HEADER, 'required').send({ detail: SESSION_ENDED, code: 'session_ended' });
    }
    return refuse(reply, { status: 401, detail: SIGN_IN_NEEDED });
  });

  // For the sign-in page's hint that the first admin's setup link is in the server log. True only
  // while the console has no account at all: an anonymous visitor learns what a fresh install
  // shows anyway, never the link, a name or how many accounts there are.
  app.get('/auth/setup', async (_request, reply) => {
    noStore(reply);
    return { pending: setup.token !== null && (await countAccounts(db)) === 0 };
  });

  app.post('/auth/setup', async (request, reply) => {
    noStore(reply);
    const body = parseInput(setupSchema, 'body', request.body, reply);
    if (body === null) return reply;
    if (!setupTokenMatches(setup.token, body.token)) {
      return reply.code(403).send({ detail: 'This setup link is not valid (already used, or from an earlier start).' });
    }
    if ((await countAccounts(db)) > 0) {
      setup.token = null;
      return reply.code(409).send({ detail: 'The console already has an account: sign in instead.' });
    }
    let account;
    try {
      account = await createAccount(db, { username: body.username, role: 'admin', password: body.password });
    } catch (error) {
      if (error instanceof AccountConflict) return reply.code(409).send({ detail: error.message });
      throw error;
    }
    setup.token = null;
    await recordAudit(db, {
      actor: { kind: 'system', name: 'setup' },
      action: 'account.create',
      target: { type: 'account', id: account.id },
      details: { username: account.username, role: 'admin', source: 'setup link' },
      outcome: 'ok',
      ip: clientAddress(request),
    });
    await startSession(db, request, reply, policy, account, { method: 'setup' });
    return reply.code(204).send();
  });
}

export function meOf(principal: Principal | null) {
  if (principal === null) return null;
  if (principal.kind === 'wall') return { kind: 'wall' as const, name: principal.name };
  return { kind: 'account' as const, username: principal.username, role: principal.role };
}
