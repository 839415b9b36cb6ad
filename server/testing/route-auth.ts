import type { FastifyInstance } from 'fastify';
import { registerPrincipalResolver } from '../auth/principal.js';
import { registerAuth } from '../auth/register.js';
import { loadConfig } from '../config.js';
import type { ConsoleDb } from '../db/database.js';

/** Headers that make a test request the `lobby` wall link's (see registerTestAuth). */
export const TEST_WALL: Record<string, string> = { 'x-test-wall': '1' };

/**
 * Sign-in for a route test on a bare Fastify app: the console's sessions (cookies from
 * `signedIn`) and its access rule, with the default settings, and a request carrying TEST_WALL
 * counts as a wall link's, so a test can check what a wall screen may do without making a link.
 */
export function registerTestAuth(app: FastifyInstance, db: ConsoleDb): void {
  registerAuth(app, { db, config: loadConfig({}, { staticDir: '/nonexistent' }).auth });
  registerPrincipalResolver(app, async (request) =>
    request.headers['x-test-wall'] === '1' ? { kind: 'wall', wallId: 'w1', name: 'lobby' } : null,
  );
}
