import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refuseIssues, refuseWith } from '../http/errors.js';
import { z } from 'zod';
import { requireRole } from '../auth/guard.js';
import { clientAddress } from '../auth/sessions.js';
import { recordAudit } from '../audit/record.js';
import type { ConsoleDb } from '../db/database.js';
import type { EdgeAccess } from '../edge/access.js';
import type { CompositeCache } from '../edge/composites.js';
import { browserStatusOf, EdgeError } from '../edge/errors.js';
import type { ReviewBus } from '../review/bus.js';
import { itemIdSchema, kindSchema, type ItemKey } from '../review/model.js';
import { signedIn } from '../review/routes.js';
import { getItem } from '../review/store.js';
import { readFactsFromEdge } from './facts.js';
import { procedureBody, stepIdSchema, type Procedure } from './model.js';
import {
  createProcedure,
  deleteProcedure,
  listProcedures,
  procedureFor,
  readFacts,
  readTicks,
  saveFacts,
  updateProcedure,
  type SaveResult,
} from './store.js';
import { setTick } from './ticks.js';

export interface ProcedureRouteOptions {
  db: ConsoleDb;
  bus: ReviewBus;
  edge: EdgeAccess;
  /** The console's shared cache of composites read by id, when there is one. */
  composites?: CompositeCache;
  /** Told of every saved or deleted procedure (the hub's filter of items worth remembering). */
  changed: () => void;
}

const idParams = z.object({ id: z.uuid() });
const keyParams = z.object({ kind: kindSchema, id: itemIdSchema });
const stepParams = keyParams.extend({ step: stepIdSchema });
const itemQuery = z.object({ fired_at: z.iso.datetime({ offset: true }).optional() });
const tickBody = z.object({ ticked: z.boolean() });
const updateBody = procedureBody.extend({ expected_version: z.number().int().min(1) });

function actorName(request: FastifyRequest): string {
  const principal = request.principal;
  if (principal?.kind !== 'account') throw new Error('procedures need an account');
  return principal.username;
}

export function registerProcedureRoutes(
  app: FastifyInstance,
  { db, bus, edge, composites, changed }: ProcedureRouteOptions,
) {
  const admin = requireRole('admin');
  const operator = requireRole('operator');
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const audit = (
    request: FastifyRequest,
    action: string,
    target: { type: string; id: string },
    outcome: 'ok' | 'refused',
    details: Record<string, unknown>,
  ) => recordAudit(db, { actor: request.principal!, action, target, details, outcome, ip: clientAddress(request) });
  const summary = (p: Procedure) => ({
    target_kind: p.target_kind,
    target: p.target,
    title: p.title,
    steps: p.steps.map((s) => s.text),
    require_all: p.require_all,
    version: p.version,
  });

  const answerSave = async (
    request: FastifyRequest,
    reply: FastifyReply,
    action: string,
    id: string,
    result: SaveResult,
  ) => {
    const target = { type: 'procedure', id };
    if (result.status === 'ok') {
      changed();
      await audit(
        request,
        `procedure.${action}`,
        { ...target, id: result.procedure.id },
        'ok',
        summary(result.procedure),
      );
      return reply.code(action === 'create' ? 201 : 200).send({ procedure: result.procedure });
    }
    await audit(request, `procedure.${action}`, target, 'refused', { detail: result.detail });
    if (result.status === 'taken') return reply.code(409).send({ detail: result.detail });
    if (result.current === null) return reply.code(404).send({ detail: result.detail });
    return reply.code(409).send({ detail: result.detail, current: result.current });
  };

  app.get('/api/procedures', { preHandler: signedIn }, async (_request, reply) =>
    noStore(reply).send({ procedures: await listProcedures(db) }),
  );

  app.post('/api/procedures', { preHandler: admin }, async (request, reply) => {
    const body = procedureBody.safeParse(request.body);
    if (!body.success) return refuseIssues(reply, 'body', body.error);
    return answerSave(request, reply, 'create', '', await createProcedure(db, body.data, actorName(request)));
  });

  app.patch('/api/procedures/:id', { preHandler: admin }, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    if (!params.success) return refuseIssues(reply, 'path', params.error);
    const body = updateBody.safeParse(request.body);
    if (!body.success) return refuseIssues(reply, 'body', body.error);
    const { expected_version, ...fields } = body.data;
    const result = await updateProcedure(db, params.data.id, expected_version, fields, actorName(request));
    return answerSave(request, reply, 'update', params.data.id, result);
  });

  app.delete('/api/procedures/:id', { preHandler: admin }, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    if (!params.success) return refuseIssues(reply, 'path', params.error);
    const deleted = await deleteProcedure(db, params.data.id);
    if (deleted === null) return reply.code(404).send({ detail: 'No such procedure.' });
    changed();
    await audit(request, 'procedure.delete', { type: 'procedure', id: deleted.id }, 'ok', summary(deleted));
    return { deleted: deleted.id };
  });

  /** The item's procedure and ticks; the first read asks the edge which rule and labels the item has. */
  app.get('/api/review/items/:kind/:id/procedure', { preHandler: signedIn }, async (request, reply) => {
    const key = keyParams.safeParse(request.params);
    if (!key.success) return refuseIssues(reply, 'path', key.error);
    const query = itemQuery.safeParse(request.query);
    if (!query.success) return refuseIssues(reply, 'query', query.error);
    let facts = await readFacts(db.db, key.data);
    if (facts === null) {
      // No procedure at all (most consoles): the edge is not asked what the item is.
      const any = await db.db.selectFrom('procedures').select('id').limit(1).executeTakeFirst();
      if (any === undefined) return noStore(reply).send({ procedure: null, ticks: [] });
      try {
        facts = await readFactsFromEdge(
          edge,
          key.data,
          query.data.fired_at,
          request.headers.authorization ?? null,
          composites,
        );
      } catch (error) {
        if (!(error instanceof EdgeError)) throw error;
        return reply.code(browserStatusOf(error)).send({ detail: `Could not ask the edge server: ${error.message}` });
      }
      if (facts === null) return reply.code(404).send({ detail: `The edge has no such ${key.data.kind}.` });
      await saveFacts(db, key.data, facts);
    }
    const procedure = await procedureFor(db.db, facts);
    const ticks = procedure === null ? [] : await readTicks(db.db, key.data);
    const steps = new Set(procedure?.steps.map((s) => s.id) ?? []);
    return noStore(reply).send({ procedure, ticks: ticks.filter((t) => steps.has(t.step_id)) });
  });

  app.post('/api/review/items/:kind/:id/procedure/steps/:step', { preHandler: operator }, async (request, reply) => {
    const params = stepParams.safeParse(request.params);
    if (!params.success) return refuseIssues(reply, 'path', params.error);
    const body = tickBody.safeParse(request.body);
    if (!body.success) return refuseIssues(reply, 'body', body.error);
    const key: ItemKey = { kind: params.data.kind, id: params.data.id };
    const result = await setTick(db, key, params.data.step, body.data.ticked, actorName(request));
    const target = { type: key.kind === 'composite' ? 'composite_event' : 'event', id: key.id };
    const action = body.data.ticked ? 'review.procedure_tick' : 'review.procedure_untick';
    if (result.status !== 'ok') {
      await audit(request, action, target, 'refused', { step_id: params.data.step, detail: result.detail });
      const status = result.status === 'unknown' ? 404 : result.status === 'invalid' ? 422 : 409;
      return refuseWith(reply, status, result.detail, ['path', 'step']);
    }
    const item = await getItem(db, key);
    if (result.changed) {
      bus.publish({ item, comment: null });
      await audit(request, action, target, 'ok', { step_id: params.data.step, version: item.version });
    }
    return { item, ticks: await readTicks(db.db, key) };
  });
}
