import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod';
import { recordAudit } from '../audit/record.js';
import { requireRole } from '../auth/guard.js';
import { clientAddress } from '../auth/sessions.js';
import type { ConsoleDb } from '../db/database.js';
import { refuseInput, refuseIssues, refuseWith } from '../http/errors.js';
import {
  createWallLink,
  listWallLinks,
  removeRevokedWallLink,
  revokeWallLink,
  WallLinkError,
  type WallLinkView,
} from './wall-links.js';
import { WallQueryError } from './wall-query.js';

export interface WallRouteOptions {
  db: ConsoleDb;
  /** PUBLIC_URL: the console's address as screens reach it; else the request's own. */
  publicUrl: string | null;
}

const createSchema = z.object({ name: z.string().max(200), query: z.string().max(2000).default('') });

/** The address a screen opens: the key travels in the path, never in a query string or a log line. */
export function wallLinkUrl(base: string, key: string): string {
  return `${base.replace(/\/+$/, '')}/w/${key}`;
}

function baseOf(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

function actorName(request: FastifyRequest): string | null {
  const principal = request.principal;
  return principal === null ? null : principal.kind === 'account' ? principal.username : principal.name;
}

function auditTarget(link: WallLinkView) {
  return { type: 'wall', id: link.id };
}

/** Admin → Wall screens: list, create (the URL is in this one answer only), revoke, remove once revoked. Admins only. */
export function registerWallRoutes(app: FastifyInstance, { db, publicUrl }: WallRouteOptions): void {
  const admin = { preHandler: requireRole('admin') };

  app.get('/api/admin/walls', admin, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ results: await listWallLinks(db) }),
  );

  app.post('/api/admin/walls', admin, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const parsed = createSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      return refuseIssues(reply, 'body', parsed.error);
    }
    try {
      const { link, key } = await createWallLink(db, { ...parsed.data, createdBy: actorName(request) });
      await recordAudit(db, {
        actor: request.principal!,
        action: 'wall.create',
        target: auditTarget(link),
        details: { name: link.name, query: link.query },
        outcome: 'ok',
        ip: clientAddress(request),
      });
      return reply.code(201).send({ link, url: wallLinkUrl(baseOf(request, publicUrl), key) });
    } catch (error) {
      if (error instanceof WallLinkError) return refuseWith(reply, error.status, error.message, ['body', 'name']);
      if (error instanceof WallQueryError) return refuseInput(reply, ['body', 'query'], error.message);
      throw error;
    }
  });

  app.post('/api/admin/walls/:id/revoke', admin, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { id } = request.params as { id: string };
    const link = await revokeWallLink(db, { id }, actorName(request));
    if (link === null) return reply.code(404).send({ detail: 'No wall link in use has this id' });
    await recordAudit(db, {
      actor: request.principal!,
      action: 'wall.revoke',
      target: auditTarget(link),
      details: { name: link.name },
      outcome: 'ok',
      ip: clientAddress(request),
    });
    return reply.send({ link });
  });

  // Only a revoked link can be removed: a screen in use is revoked first, on purpose, and says so.
  app.delete('/api/admin/walls/:id', admin, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { id } = request.params as { id: string };
    const result = await removeRevokedWallLink(db, id);
    if (result.removed === null) {
      return result.inUse
        ? reply.code(409).send({ detail: 'This wall link is in use: revoke it before removing it' })
        : reply.code(404).send({ detail: 'No revoked wall link has this id' });
    }
    await recordAudit(db, {
      actor: request.principal!,
      action: 'wall.remove',
      target: auditTarget(result.removed),
      details: { name: result.removed.name },
      outcome: 'ok',
      ip: clientAddress(request),
    });
    return reply.send({ link: result.removed });
  });
}
