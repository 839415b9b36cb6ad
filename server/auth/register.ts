import type { FastifyInstance } from 'fastify';
import type { AuthConfig } from '../config.js';
import type { ConsoleDb } from '../db/database.js';
import { registerPrincipalHook, registerPrincipalResolver } from './principal.js';
import { sessionPrincipal, type SessionPolicy } from './sessions.js';

export interface AuthOptions {
  db: ConsoleDb;
  config: AuthConfig;
}

export function sessionPolicy(config: AuthConfig): SessionPolicy {
  return {
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
    cookieSecure: config.cookieSecure,
  };
}

/** Who is asking: the session cookie first, then resolvers other concerns register (wall links). */
export function registerAuth(app: FastifyInstance, { db, config }: AuthOptions): void {
  const policy = sessionPolicy(config);
  registerPrincipalHook(app);
  registerPrincipalResolver(app, (request) => sessionPrincipal(db, request, policy));
}
