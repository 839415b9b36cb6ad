import type { FastifyInstance } from 'fastify';
import type { ConsoleDb } from '../db/database.js';
import { registerWallAccess } from './wall-access.js';
import { registerWallRoutes } from './routes.js';

export interface WallOptions {
  db: ConsoleDb;
  cookieSecure: boolean;
  publicUrl: string | null;
}

/** Wall links: the `/w/<key>` entry, the wall principal, and Admin → Wall screens. */
export function registerWalls(app: FastifyInstance, options: WallOptions): void {
  registerWallAccess(app, options);
  registerWallRoutes(app, options);
}
