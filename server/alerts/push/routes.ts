import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput, refuseInput } from '../../http/errors.js';
import * as z from 'zod';
import { recordAudit } from '../../audit/record.js';
import { refuse, SIGN_IN_NEEDED } from '../../auth/guard.js';
import type { Principal } from '../../auth/principal.js';
import { clientAddress } from '../../auth/sessions.js';
import type { ConsoleDb } from '../../db/database.js';
import { endpointProblem, type EndpointRules } from './endpoint.js';
import { testPayload } from './messages.js';
import type { PushSender } from './sender.js';
import {
  addDevice,
  devicesOf,
  MAX_DEVICES,
  ownDevice,
  preferencesOf,
  PRIORITIES,
  removeDevice,
  savePreferences,
  type Device,
} from './subscriptions.js';

type AccountPrincipal = Extract<Principal, { kind: 'account' }>;
const base64url = (max: number) =>
  z
    .string()
    .min(16)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/);

const subscribeSchema = z.object({
  endpoint: z.string().min(1).max(2048),
  keys: z.object({ p256dh: base64url(200), auth: base64url(64) }),
  name: z.string().trim().min(1).max(80),
  language: z.enum(['en', 'ko']),
});

const preferencesSchema = z.object({
  enabled: z.boolean(),
  labels: z.array(z.string().trim().min(1).max(64)).max(50),
  minPriority: z.enum(PRIORITIES),
});

/** What the browser sees of a device: not the keys (the browser has them; nobody else needs them). */
const view = (device: Device) => ({
  id: device.id,
  name: device.name,
  endpoint: device.endpoint,
  language: device.language,
  createdAt: device.createdAt,
  lastSuccessAt: device.lastSuccessAt,
  lastError: device.lastError,
});

/** The signed-in person, or the refusal sent: every route here is about one's own devices. */
function me(request: FastifyRequest, reply: FastifyReply): AccountPrincipal | null {
  reply.header('cache-control', 'no-store');
  const principal = request.principal;
  if (principal === null) {
    void refuse(reply, { status: 401, detail: SIGN_IN_NEEDED });
    return null;
  }
  if (principal.kind !== 'account') {
    void refuse(reply, { status: 403, detail: 'A wall link has no devices.' });
    return null;
  }
  return principal;
}

const NOT_YOURS = { detail: 'No such device among yours.' };

/** /api/push/…: a person's own devices and choices; never anyone else's (404, as if absent). */
export function registerPushRoutes(
  app: FastifyInstance,
  { db, sender, rules }: { db: ConsoleDb; sender: PushSender; rules: EndpointRules },
): void {
  const audit = (request: FastifyRequest, who: AccountPrincipal, action: string, id: string, details = {}) =>
    recordAudit(db, {
      actor: who,
      action,
      target: { type: 'push_device', id },
      details,
      outcome: 'ok',
      ip: clientAddress(request),
    });

  app.get('/api/push/key', async (request, reply) => {
    if (me(request, reply) === null) return reply;
    return { publicKey: (await sender.keys()).publicKey };
  });

  app.get('/api/push/subscriptions', async (request, reply) => {
    const who = me(request, reply);
    if (who === null) return reply;
    return { devices: (await devicesOf(db, [who.accountId])).map(view), max: MAX_DEVICES };
  });

  app.post('/api/push/subscriptions', async (request, reply) => {
    const who = me(request, reply);
    if (who === null) return reply;
    const body = parseInput(subscribeSchema, 'body', request.body, reply);
    if (body === null) return reply;
    const problem = endpointProblem(body.endpoint, rules);
    if (problem !== null) return refuseInput(reply, ['body', 'endpoint'], problem);
    const result = await addDevice(db, who.accountId, body);
    if ('tooMany' in result) {
      return reply.code(409).send({ detail: `At most ${MAX_DEVICES} devices per person: remove one first.` });
    }
    await audit(request, who, 'push.subscribe', result.device.id, { name: body.name });
    return reply.code(201).send(view(result.device));
  });

  app.delete<{ Params: { id: string } }>('/api/push/subscriptions/:id', async (request, reply) => {
    const who = me(request, reply);
    if (who === null) return reply;
    if (!(await removeDevice(db, who.accountId, request.params.id))) return reply.code(404).send(NOT_YOURS);
    await audit(request, who, 'push.unsubscribe', request.params.id);
    return { id: request.params.id };
  });

  app.post<{ Params: { id: string } }>('/api/push/subscriptions/:id/test', async (request, reply) => {
    const who = me(request, reply);
    if (who === null) return reply;
    const device = await ownDevice(db, who.accountId, request.params.id);
    if (device === undefined) return reply.code(404).send(NOT_YOURS);
    const outcome = await sender.sendTo(device, testPayload(device.language, device.id));
    if (outcome.kind === 'delivered') return { delivered: true, ms: outcome.ms };
    if (outcome.kind === 'gone') {
      return reply.code(410).send({ detail: 'The browser no longer holds this subscription; it has been removed.' });
    }
    return reply.code(502).send({ detail: outcome.error });
  });

  app.get('/api/push/preferences', async (request, reply) => {
    const who = me(request, reply);
    if (who === null) return reply;
    return preferencesOf(db, who.accountId);
  });

  app.patch('/api/push/preferences', async (request, reply) => {
    const who = me(request, reply);
    if (who === null) return reply;
    const body = parseInput(preferencesSchema, 'body', request.body, reply);
    if (body === null) return reply;
    const prefs = { ...body, labels: [...new Set(body.labels)] };
    await savePreferences(db, who.accountId, prefs);
    return prefs;
  });
}
