import type { FastifyInstance } from 'fastify';
import type { ConsoleDb } from '../db/database.js';
import { ReviewBus } from './bus.js';
import { createNewCounter } from './new-count.js';
import type { EdgeAccess } from './recent.js';
import { registerHandoverRoute } from './handover.js';
import { registerMembershipRoute } from './membership.js';
import { invalid, registerReviewRoutes, signedIn } from './routes.js';

export interface ReviewWiring {
  db: ConsoleDb;
  /** For LISTEN on PostgreSQL; null on SQLite. */
  databaseUrl: string | null;
  edge: EdgeAccess;
  newWindowHours: number;
}

/** Review routes and the bus that carries changes to screens (and between replicas). */
export function registerReview(app: FastifyInstance, wiring: ReviewWiring): ReviewBus {
  const bus = new ReviewBus(wiring.db, wiring.databaseUrl);
  const counter = createNewCounter(wiring.db, wiring.edge, { windowHours: wiring.newWindowHours, cacheMs: 10_000 });
  registerReviewRoutes(app, { db: wiring.db, bus, counter });
  registerHandoverRoute(app, { db: wiring.db, edge: wiring.edge, signedIn, invalid });
  registerMembershipRoute(app, { edge: wiring.edge, signedIn, invalid });
  app.addHook('onReady', () => bus.start());
  app.addHook('preClose', () => bus.stop());
  return bus;
}
