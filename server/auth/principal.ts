import type { FastifyInstance, FastifyRequest } from 'fastify';

export const ROLES = ['viewer', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export type Principal =
  | { kind: 'account'; accountId: string; username: string; role: Role; sessionId: string }
  /** A wall link: read-only, may GET what a viewer may. */
  | { kind: 'wall'; wallId: string; name: string };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether an account principal holds at least that role; a wall link never holds a role. */
export function roleAtLeast(principal: Principal | null, role: Role): boolean {
  if (principal === null || principal.kind !== 'account') return false;
  return ROLES.indexOf(principal.role) >= ROLES.indexOf(role);
}

export type PrincipalResolver = (request: FastifyRequest) => Promise<Principal | null>;

const RESOLVERS = Symbol('principalResolvers');
type WithResolvers = FastifyInstance & { [RESOLVERS]?: PrincipalResolver[] };

/**
 * Adds a way to recognise who sent a request (session cookie, wall-link cookie…). Tried in the
 * order registered; the first that answers wins. Works from any plugin scope: every scope shares
 * the root's list.
 */
export function registerPrincipalResolver(app: FastifyInstance, resolver: PrincipalResolver): void {
  const list = (app as WithResolvers)[RESOLVERS];
  if (list === undefined) throw new Error('registerPrincipalHook must run on the root instance first');
  list.push(resolver);
}

/** Sets `request.principal` before any handler or guard runs. Static assets skip the lookup. */
export function registerPrincipalHook(app: FastifyInstance): void {
  const resolvers: PrincipalResolver[] = [];
  app.decorate(RESOLVERS, resolvers);
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    request.principal = null;
    if (request.url.startsWith('/assets/')) return;
    for (const resolve of resolvers) {
      const principal = await resolve(request);
      if (principal !== null) {
        request.principal = principal;
        return;
      }
    }
  });
}
