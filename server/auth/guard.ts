import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { roleAtLeast, type Principal, type Role } from './principal.js';

export const SIGN_IN_NEEDED = 'Sign in to use the console.';

export function roleNeeded(role: Role): string {
  return `This action needs the ${role} role.`;
}

interface Refusal {
  status: 401 | 403;
  detail: string;
}

/** On a 401 for want of a session: tells the browser to go to sign-in (an edge's own 401 has no such header). */
export const SIGN_IN_HEADER = 'x-console-sign-in';

export function refuse(reply: FastifyReply, refusal: Refusal) {
  if (refusal.status === 401) reply.header(SIGN_IN_HEADER, 'required');
  return reply.code(refusal.status).header('cache-control', 'no-store').send({ detail: refusal.detail });
}

function refusalFor(principal: Principal | null, role: Role): Refusal | null {
  if (principal === null) return { status: 401, detail: SIGN_IN_NEEDED };
  if (!roleAtLeast(principal, role)) return { status: 403, detail: roleNeeded(role) };
  return null;
}

/** A route's preHandler: 401 without a principal, 403 without the role (wall links hold none). */
export function requireRole(role: Role): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const refusal = refusalFor(request.principal, role);
    if (refusal !== null) return refuse(reply, refusal);
  };
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

const MIC_WRITE = /^\/api\/v1\/mics\/[^/]+\/?$/;

/**
 * The rule for everything the console forwards or streams, whatever route answers it (the
 * gateway, live streams, routes added later): `/api/*` and `/live` need a principal, a wall link
 * may only read, and changing a mic needs an admin. Runs in onRequest, so a refused request never
 * reaches a handler, and so never the edge.
 */
export function accessRefusal(request: FastifyRequest): Refusal | null {
  const pathname = pathOf(request);
  const guarded = pathname.startsWith('/api/') || pathname === '/live' || pathname.startsWith('/live/');
  if (!guarded) return null;
  const principal = request.principal;
  if (principal === null) return { status: 401, detail: SIGN_IN_NEEDED };
  const reads = request.method === 'GET' || request.method === 'HEAD';
  if (principal.kind === 'wall' && !reads) return { status: 403, detail: 'A wall link can only read.' };
  if (request.method === 'PATCH' && MIC_WRITE.test(pathname)) return refusalFor(principal, 'admin');
  return null;
}

/** Registers the rule above; after registerPrincipalHook, so the principal is known. */
export function registerAccessRule(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const refusal = accessRefusal(request);
    if (refusal !== null) return refuse(reply, refusal);
  });
}
