import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';
import { recordAudit } from '../audit/record.js';
import type { ConsoleDb } from '../db/database.js';
import {
  AccountConflict,
  accountView,
  createAccount,
  findById,
  lastAdminRefusal,
  listAccounts,
  passwordSchema,
  roleSchema,
  setDisabled,
  setPassword,
  setRole,
  usernameSchema,
} from './accounts.js';
import { requireRole } from './guard.js';
import type { Principal } from './principal.js';
import { clientAddress } from './sessions.js';
import { parseBody } from './validation.js';

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
    const body = parseBody(createSchema, request.body, reply);
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
    const body = parseBody(updateSchema, request.body, reply);
    if (body === null) return reply;
    const { id } = request.params as { id: string };
    const row = await findById(db, id);
    if (row === undefined) return detail(reply, 404, 'No such account.');
    const self = request.principal?.kind === 'account' && request.principal.accountId === id;
    const demotes = body.role !== undefined && body.role !== 'admin' && row.role === 'admin';
    const disables = body.disabled === true && Number(row.disabled) === 0;
    if (self && (demotes || disables)) {
      return detail(reply, 409, 'You cannot lower your own role or disable your own account.');
    }
    const refusal = await lastAdminRefusal(db, row, body);
    if (refusal !== null) return detail(reply, 409, refusal);
    if (body.role !== undefined && body.role !== row.role) {
      await setRole(db, id, body.role);
      await audit(request, 'account.role', id, { username: row.username, before: row.role, after: body.role });
    }
    if (body.disabled !== undefined && body.disabled !== (Number(row.disabled) !== 0)) {
      await setDisabled(db, id, body.disabled);
      await audit(request, body.disabled ? 'account.disable' : 'account.enable', id, { username: row.username });
    }
    reply.header('cache-control', 'no-store');
    return accountView((await findById(db, id))!);
  });

  app.post('/api/admin/accounts/:id/password', adminOnly, async (request, reply) => {
    const body = parseBody(passwordBody, request.body, reply);
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
