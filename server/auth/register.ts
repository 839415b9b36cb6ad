import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AuthConfig, ServerConfig } from '../config.js';
import type { ConsoleDb } from '../db/database.js';
import { registerAccountRoutes } from './account-routes.js';
import { WALL_COOKIE } from '../walls/wall-access.js';
import { registerAccessRule } from './guard.js';
import { registerOidc } from './oidc.js';
import { registerOwnPassword } from './own-password.js';
import { registerPrincipalHook, registerPrincipalResolver } from './principal.js';
import { DemoSessions } from './demo-sessions.js';
import { DEMO_OFF_COOKIE, registerAuthRoutes } from './routes.js';
import { cookieValue, pruneSessions, sessionPrincipal, type SessionPolicy } from './sessions.js';

export interface AuthOptions {
  db: ConsoleDb;
  config: AuthConfig;
  /** Everyone on this machine is the `demo` admin (see demoAutoSignIn). Default: no. */
  demoAutoSignIn?: boolean;
  /** The one-time setup token printed at start, when the console has no account yet. */
  setupToken?: string | null;
  /** The console's external URL (single sign-on redirects back to it); buildApp passes publicUrlOf(config). */
  publicUrl?: string;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/**
 * The embedded demo on a loopback address signs visitors in by itself, unless AUTH_REQUIRED=1:
 * only people on this machine can reach it, and the demo stays two commands. Every other
 * deployment requires sign-in.
 */
export function demoAutoSignIn(config: ServerConfig): boolean {
  return config.edgeApiUrl === null && LOOPBACK.test(config.host) && !config.auth.required;
}

export function sessionPolicy(config: AuthConfig): SessionPolicy {
  return {
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
    cookieSecure: config.cookieSecure,
  };
}

/** Asked by balancers and scrapers, which would each start a demo session every few seconds. */
const OPS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Who is asking (the session cookie first, then resolvers other concerns register, such as wall
 * links), the sign-in routes, account administration, and the access rule for /api and /live.
 */
export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  const { db, config } = options;
  const policy = sessionPolicy(config);
  registerPrincipalHook(app);
  registerPrincipalResolver(app, (request) => sessionPrincipal(db, request, policy));

  const { demoAutoSignIn: autoSignIn = false, setupToken = null, publicUrl = 'http://127.0.0.1' } = options;
  const demoSessions = autoSignIn ? new DemoSessions(db, policy) : null;
  if (demoSessions !== null) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.principal !== null) return;
      const pathname = request.url.split('?')[0] ?? '/';
      // Pages, API calls and streams only: not health checks, assets or the sign-out that asked for none.
      if (OPS_PATHS.has(pathname) || path.extname(pathname) !== '' || pathname.startsWith('/auth/')) return;
      if (cookieValue(request, DEMO_OFF_COOKIE) !== null) return;
      // A wall screen stays a wall (opening its link, or with its cookie): a revoked link must show
      // "revoked", never become the demo admin.
      if (pathname.startsWith('/w/') || cookieValue(request, WALL_COOKIE) !== null) return;
      await demoSessions.signIn(request, reply);
    });
  }
  registerAccessRule(app);

  registerAuthRoutes(app, {
    db,
    policy,
    limits: config.loginLimits,
    setup: { token: setupToken },
    demoAutoSignIn: autoSignIn,
    demoSessions,
  });
  registerAccountRoutes(app, { db });
  registerOwnPassword(app, { db, limits: config.loginLimits });
  if (config.oidc !== null) registerOidc(app, { db, oidc: config.oidc, policy, publicUrl });

  // Expired and idle sessions are refused when presented; this only keeps the table small.
  const timer = setInterval(() => void pruneSessions(db, policy).catch(() => undefined), 10 * 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
