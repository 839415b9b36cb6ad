import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { refuseInput, refuseIssues } from '../http/errors.js';
import { z } from 'zod';
import { requireRole, SIGN_IN_NEEDED } from '../auth/guard.js';
import { clientAddress } from '../auth/sessions.js';
import { roleAtLeast } from '../auth/principal.js';
import type { ConsoleDb } from '../db/database.js';
import { recordAudit } from '../audit/record.js';
import { browserStatusOf, EdgeError } from '../edge/errors.js';
import type { ReviewBus } from './bus.js';
import { UnknownItem, type KnownItems } from './known-items.js';
import {
  itemIdSchema,
  kindSchema,
  MAX_NOTE,
  OUTCOMES,
  transitionSchema,
  type ItemKey,
  type Transition,
} from './model.js';
import type { NewCounter } from './new-count.js';
import { act, addComment, getStates, getThread, getItem } from './store.js';

export const MAX_BATCH = 200;
export const MAX_BULK = 100;
export const MAX_COMMENT = 2000;

export interface ReviewRouteOptions {
  db: ConsoleDb;
  bus: ReviewBus;
  counter: NewCounter;
  items: KnownItems;
}

/** Reading needs a principal (wall links included); the access rule may not be registered on every app. */
export const signedIn: preHandlerAsyncHookHandler = async (request, reply) => {
  if (request.principal === null) {
    return reply.code(401).header('cache-control', 'no-store').send({ detail: SIGN_IN_NEEDED });
  }
};

const keyParams = z.object({ kind: kindSchema, id: itemIdSchema });
const keyText = z.string().transform((text, ctx): ItemKey => {
  const at = text.indexOf(':');
  const parsed = keyParams.safeParse({ kind: text.slice(0, at), id: text.slice(at + 1) });
  if (at < 0 || !parsed.success) {
    ctx.addIssue({ code: 'custom', message: `"${text.slice(0, 60)}" is not composite:<id> or event:<id>` });
    return z.NEVER;
  }
  return parsed.data;
});
const batchQuery = z.object({
  key: z
    .union([keyText, z.array(keyText)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .refine((keys) => keys.length <= MAX_BATCH, `At most ${MAX_BATCH} keys per request`),
});
const commentBody = z.object({
  text: z.string().trim().min(1).max(MAX_COMMENT),
  // Where to look for a base event on the edge, as for actions: a hint, never stored.
  fired_at: z.iso.datetime({ offset: true }).optional(),
});
const bulkBody = z.object({
  action: z.enum(['acknowledge', 'resolve']),
  outcome: z.enum(OUTCOMES).optional(),
  note: z.string().trim().max(MAX_NOTE).optional(),
  items: z
    .array(
      z.object({
        kind: kindSchema,
        id: itemIdSchema,
        expected_version: z.number().int().min(0),
        fired_at: z.iso.datetime({ offset: true }).optional(),
      }),
    )
    .min(1)
    .max(MAX_BULK),
});

function actorName(request: FastifyRequest): string {
  const principal = request.principal;
  if (principal?.kind !== 'account') throw new Error('review actions need an account');
  return principal.username;
}

/** An item the edge does not have is 404; an edge that could not be asked, its failure. */
function refuseUnverified(reply: FastifyReply, error: unknown) {
  if (error instanceof UnknownItem) return reply.code(404).send({ detail: error.message });
  if (error instanceof EdgeError) {
    return reply
      .code(browserStatusOf(error))
      .send({ detail: `Could not check the item with the edge server: ${error.message}` });
  }
  throw error;
}

export function registerReviewRoutes(app: FastifyInstance, { db, bus, counter, items }: ReviewRouteOptions): void {
  const operator = requireRole('operator');
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  const audit = (request: FastifyRequest, key: ItemKey, action: string, outcome: 'ok' | 'refused', details: object) =>
    recordAudit(db, {
      actor: request.principal!,
      action: `review.${action}`,
      target: { type: key.kind === 'composite' ? 'composite_event' : 'event', id: key.id },
      details: { ...details },
      outcome,
      ip: clientAddress(request),
    });

  /**
   * When each item fired, as the edge says, or null for an item with a review row already (the row
   * keeps the time of its first action). Throws UnknownItem for an item the edge does not have:
   * only what the edge (or the live hub) knows is reviewed, and the browser's `fired_at` is a hint.
   */
  const edgeTimes = async (request: FastifyRequest, asked: { key: ItemKey; hint: string | undefined }[]) => {
    const states = await getStates(
      db,
      asked.map(({ key }) => key),
    );
    const times: (string | null)[] = [];
    for (const [i, { key, hint }] of asked.entries()) {
      times.push(states[i]!.version > 0 ? null : await items.firedAt(key, hint, request.headers.authorization ?? null));
    }
    return times;
  };

  const transition = async (request: FastifyRequest, key: ItemKey, t: Transition, firedAt: string | null) => {
    const result = await act(db, key, t, actorName(request), firedAt);
    if (result.status === 'ok') {
      bus.publish({ item: result.item, comment: null });
      const { expected_version: _v, fired_at: _hint, ...details } = t as Transition & { fired_at?: string };
      await audit(request, key, t.action, 'ok', { ...details, version: result.item.version });
    } else {
      await audit(request, key, t.action, 'refused', { detail: result.detail });
    }
    return result;
  };

  app.get('/api/review/items', { preHandler: signedIn }, async (request, reply) => {
    const parsed = batchQuery.safeParse(request.query);
    if (!parsed.success) return refuseIssues(reply, 'query', parsed.error);
    return noStore(reply).send({ items: await getStates(db, parsed.data.key) });
  });

  app.get('/api/review/items/:kind/:id', { preHandler: signedIn }, async (request, reply) => {
    const parsed = keyParams.safeParse(request.params);
    if (!parsed.success) return refuseIssues(reply, 'path', parsed.error);
    const item = await getItem(db, parsed.data);
    return noStore(reply).send({ item, ...(await getThread(db, parsed.data)) });
  });

  app.post('/api/review/items/:kind/:id/actions', { preHandler: operator }, async (request, reply) => {
    const key = keyParams.safeParse(request.params);
    if (!key.success) return refuseIssues(reply, 'path', key.error);
    const body = transitionSchema.safeParse(request.body);
    if (!body.success) return refuseIssues(reply, 'body', body.error);
    if (body.data.action === 'assign') body.data.assignee = body.data.assignee.toLowerCase();
    let firedAt: string | null;
    try {
      [firedAt = null] = await edgeTimes(request, [
        { key: key.data, hint: 'fired_at' in body.data ? body.data.fired_at : undefined },
      ]);
    } catch (error) {
      return refuseUnverified(reply, error);
    }
    const result = await transition(request, key.data, body.data, firedAt);
    if (result.status === 'invalid') return refuseInput(reply, ['body'], result.detail);
    if (result.status === 'conflict') return reply.code(409).send({ detail: result.detail, current: result.item });
    return { item: result.item };
  });

  app.post('/api/review/items/:kind/:id/comments', { preHandler: operator }, async (request, reply) => {
    const key = keyParams.safeParse(request.params);
    if (!key.success) return refuseIssues(reply, 'path', key.error);
    const body = commentBody.safeParse(request.body);
    if (!body.success) return refuseIssues(reply, 'body', body.error);
    // Only an item the edge (or the live hub, or an earlier action) knows takes a comment.
    try {
      await edgeTimes(request, [{ key: key.data, hint: body.data.fired_at }]);
    } catch (error) {
      return refuseUnverified(reply, error);
    }
    const comment = await addComment(db, key.data, actorName(request), body.data.text);
    bus.publish({ item: await getItem(db, key.data), comment: comment.id });
    await audit(request, key.data, 'comment', 'ok', { comment_id: comment.id });
    return reply.code(201).send({ comment });
  });

  app.post('/api/review/bulk', { preHandler: operator }, async (request, reply) => {
    const body = bulkBody.safeParse(request.body);
    if (!body.success) return refuseIssues(reply, 'body', body.error);
    const { action, outcome, note, items: selected } = body.data;
    if (action === 'resolve' && outcome === undefined) {
      return refuseInput(reply, ['body', 'outcome'], 'resolving needs an outcome');
    }
    // Every item is checked before any changes: one the edge does not have refuses the bulk.
    let times: (string | null)[];
    try {
      times = await edgeTimes(
        request,
        selected.map(({ kind, id, fired_at }) => ({ key: { kind, id }, hint: fired_at })),
      );
    } catch (error) {
      return refuseUnverified(reply, error);
    }
    const results = [];
    for (const [i, { kind, id, expected_version }] of selected.entries()) {
      const t: Transition =
        action === 'acknowledge' ? { action, expected_version } : { action, expected_version, outcome: outcome!, note };
      const result = await transition(request, { kind, id }, t, times[i]!);
      // A bulk action never assigns: only a procedure's unticked steps refuse one of its resolves.
      if (result.status === 'invalid') {
        results.push({
          kind,
          id,
          status: 'conflict' as const,
          item: await getItem(db, { kind, id }),
          detail: result.detail,
        });
      } else {
        results.push(
          result.status === 'ok'
            ? { kind, id, status: 'ok' as const, item: result.item }
            : { kind, id, status: 'conflict' as const, item: result.item, detail: result.detail },
        );
      }
    }
    return { results };
  });

  app.get('/api/review/counts', { preHandler: signedIn }, async (request, reply) => {
    const counts = await counter.count(request.headers.authorization ?? null);
    return noStore(reply).send(counts);
  });

  // What this screen may do with reviews (accounts' session API says more; this keeps review self-contained).
  app.get('/api/review/me', { preHandler: signedIn }, async (request, reply) => {
    const principal = request.principal!;
    return noStore(reply).send({
      username: principal.kind === 'account' ? principal.username : null,
      can_act: roleAtLeast(principal, 'operator'),
    });
  });

  app.get('/api/review/people', { preHandler: signedIn }, async (_request, reply) => {
    const rows = await db.db
      .selectFrom('accounts')
      .select('username')
      .where('disabled', '=', 0)
      .where('role', 'in', ['operator', 'admin'])
      .orderBy('username')
      .execute();
    return noStore(reply).send({ people: rows.map((row) => row.username) });
  });
}
