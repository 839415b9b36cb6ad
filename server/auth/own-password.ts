import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseInput, refuseInput } from '../http/errors.js';
import * as z from 'zod';
import { recordAudit } from '../audit/record.js';
import type { ConsoleDb } from '../db/database.js';
import { findById, passwordSchema, setPassword } from './accounts.js';
import { refuse, SIGN_IN_NEEDED } from './guard.js';
import { verifyPassword } from './passwords.js';
import type { Principal } from './principal.js';
import {
  isKnownAddress,
  keepAsFailure,
  limitKeys,
  releaseOnSuccess,
  reserveAttempt,
  type LoginLimits,
} from './rate-limit.js';
import { tooManyAttempts } from './routes.js';
import { clientAddress } from './sessions.js';

export const WRONG_CURRENT = 'This is not your current password.';

const changeSchema = z
  .object({ currentPassword: z.string().max(1024), newPassword: passwordSchema })
  .refine((body) => body.currentPassword !== body.newPassword, {
    path: ['newPassword'],
    message: 'Choose a password other than your current one.',
  });

type AccountPrincipal = Extract<Principal, { kind: 'account' }>;

/**
 * POST /auth/password: the signed-in person changes their own password. The current one is asked
 * for (a session left open is not the password), counted against the sign-in limits like a
 * sign-in, and the new one meets the same rules as any; their other sessions end, this one stays.
 */
export function registerOwnPassword(app: FastifyInstance, { db, limits }: { db: ConsoleDb; limits: LoginLimits }) {
  const audit = (request: FastifyRequest, me: AccountPrincipal, outcome: 'ok' | 'refused', reason?: string) =>
    recordAudit(db, {
      actor: me,
      action: 'account.password',
      target: { type: 'account', id: me.accountId },
      details: { username: me.username, by: 'self', ...(reason === undefined ? {} : { reason }) },
      outcome,
      ip: clientAddress(request),
    });

  app.post('/auth/password', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const me = request.principal;
    if (me === null) return refuse(reply, { status: 401, detail: SIGN_IN_NEEDED });
    if (me.kind !== 'account') return refuse(reply, { status: 403, detail: 'A wall link has no password.' });
    const body = parseInput(changeSchema, 'body', request.body, reply);
    if (body === null) return reply;
    const account = await findById(db, me.accountId);
    if (account === undefined || account.password_hash === null) {
      return reply.code(409).send({ detail: 'This account has no password: it signs in through single sign-on.' });
    }
    const ip = clientAddress(request);
    const known = await isKnownAddress(db, account.id, ip);
    const reservation = await reserveAttempt(db, limitKeys(account.username, ip, known), limits);
    if ('retryAfter' in reservation) return tooManyAttempts(reply, reservation.retryAfter);
    if (!(await verifyPassword(account.password_hash, body.currentPassword))) {
      await keepAsFailure(db, limits);
      await audit(request, me, 'refused', 'wrong current password');
      return refuseInput(reply, ['body', 'currentPassword'], WRONG_CURRENT);
    }
    await releaseOnSuccess(db, reservation.attempt, { id: account.id, ip });
    await setPassword(db, account.id, body.newPassword, me.sessionId);
    await audit(request, me, 'ok');
    return reply.code(204).send();
  });
}
