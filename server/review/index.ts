import type { FastifyInstance } from 'fastify';
import type { ConsoleDb } from '../db/database.js';
import { ReviewBus } from './bus.js';
import { createKnownItems } from './known-items.js';
import { createNewCounter } from './new-count.js';
import type { EdgeAccess } from './recent.js';
import { registerHandoverRoute } from './handover.js';
import { registerMembershipRoute } from './membership.js';
import { registerReviewRoutes, signedIn } from './routes.js';

export interface ReviewWiring {
  db: ConsoleDb;
  /** For LISTEN on PostgreSQL; null on SQLite. */
  databaseUrl: string | null;
  edge: EdgeAccess;
  newWindowHours: number;
  /** The live hub, when there is one: it passes on every event and composite event it reads. */
  feed?: {
    onEvents(listener: (events: { id: string; created_at: string }[]) => void): () => void;
    onComposites(listener: (composites: { id: string; started_at: string; events: object[] }[]) => void): () => void;
  };
}

/** How often the badge's count rescans the edge: rarely when the hub tells it of new items as they come. */
const RESCAN_MS = { withFeed: 300_000, alone: 10_000 };

/** Review routes and the bus that carries changes to screens (and between replicas). */
export function registerReview(app: FastifyInstance, wiring: ReviewWiring): ReviewBus {
  const bus = new ReviewBus(wiring.db, wiring.databaseUrl, (message) => app.log.error(message));
  const counter = createNewCounter(wiring.db, wiring.edge, {
    windowHours: wiring.newWindowHours,
    cacheMs: wiring.feed === undefined ? RESCAN_MS.alone : RESCAN_MS.withFeed,
    log: (message) => app.log.error(message),
  });
  const items = createKnownItems(wiring.edge);
  wiring.feed?.onEvents((events) => {
    counter.noteEvents(events);
    items.noteEvents(events);
  });
  wiring.feed?.onComposites((composites) => {
    counter.noteComposites(composites);
    items.noteComposites(composites);
  });
  registerReviewRoutes(app, { db: wiring.db, bus, counter, items });
  registerHandoverRoute(app, { db: wiring.db, edge: wiring.edge, signedIn });
  registerMembershipRoute(app, { edge: wiring.edge, signedIn });
  app.addHook('onReady', () => bus.start());
  app.addHook('preClose', () => bus.stop());
  return bus;
}
