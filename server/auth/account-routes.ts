import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../http/errors.js';
import * as z from 'zod';
import { recordAudit } from '../audit/record.js';
import type { ConsoleDb } from '../db/database.js';
import {
  AccountConflict,
  accountView,
  changeAccount,
  createAccount,
  findById,
  listAccounts,
  passwordSchema,
  roleSchema,
  setPassword,
  usernameSchema,
} from './accounts.js';
import { requireRole } from './guard.js';
import type { Principal } from './principal.js';
import { clientAddress } from './sessions.js';

const createSchema = z.object({ username: usernameSchema, role: roleSchema, password: passwordSchema });
const updateSchema = z
  .object({ role: roleSchema.optional(), disabled: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, 'Send a role or disabled.');
const passwordBody = z.object({ password: passwordSchema });

const adminOnly = { preHandler: requireRole('admin') };

function detail(reply: FastifyReply, status: number, text: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ detail: text });
}

/** Admin → Accounts: list, create, change role, disable/enable, reset password. Admins only. */
export function registerAccountRoutes(app: FastifyInstance, { db }: { db: ConsoleDb }): void {
  const audit = (request: FastifyRequest, action: string, id: string, details: Record<string, unknown>) =>
    recordAudit(db, {
      actor: request.principal as Principal,
      action,
      target: { type: 'account', id },
      details,
      outcome: 'ok',
      ip: clientAddress(request),
    });

  app.get('/api/admin/accounts', adminOnly, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { accounts: (await listAccounts(db)).map(accountView) };
  });

  app.post('/api/admin/accounts', adminOnly, async (request, reply) => {
    const body = parseInput(createSchema, 'body', request.body, reply);
    if (body === null) return reply;
    try {
      const row = await createAccount(db, body);
      await audit(request, 'account.create', row.id, { username: row.username, role: row.role });
      return reply.code(201).header('cache-control', 'no-store').send(accountView(row));
    } catch (error) {
      if (error instanceof AccountConflict) {
        return reply.code(409).send({ detail: [{ loc: ['body', 'username'], msg: error.message }] });
      }
      throw error;
    }
  });

  app.patch('/api/admin/accounts/:id', adminOnly, async (request, reply) => {
    const body = parseInput(updateSchema, 'body', request.body, reply);
    if (body === null) return reply;
    const { id } = request.params as { id: string };
    const principal = request.principal;
    const outcome = await changeAccount(db, id, body, principal?.kind === 'account' ? principal.accountId : null);
    if (outcome.status === 'missing') return detail(reply, 404, 'No such account.');
    if (outcome.status === 'refused') return detail(reply, 409, outcome.detail);
    const { before, after } = outcome;
    if (after.role !== before.role) {
      await audit(request, 'account.role', id, { username: before.username, before: before.role, after: after.role });
    }
    if (Number(after.disabled) !== Number(before.disabled)) {
      await audit(request, after.disabled ? 'account.disable' : 'account.enable', id, { username: before.username });
    }
    reply.header('cache-control', 'no-store');
    return accountView(after);
  });

  app.post('/api/admin/accounts/:id/password', adminOnly, async (request, reply) => {
    const body = parseInput(passwordBody, 'body', request.body, reply);
    if (body === null) return reply;
    const { id } = request.params as { id: string };
    const row = await findById(db, id);
    if (row === undefined) return detail(reply, 404, 'No such account.');
    const principal = request.principal;
    const keep = principal?.kind === 'account' && principal.accountId === id ? principal.sessionId : null;
    await setPassword(db, id, body.password, keep);
    await audit(request, 'account.password', id, { username: row.username });
    reply.header('cache-control', 'no-store');
    return accountView((await findById(db, id))!);
  });
}
