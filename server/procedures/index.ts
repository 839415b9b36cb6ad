import type { FastifyInstance } from 'fastify';
import type { ConsoleDb } from '../db/database.js';
import type { ReviewBus } from '../review/bus.js';
import type { EdgeAccess } from '../edge/access.js';
import type { CompositeCache } from '../edge/composites.js';
import { parseComposite, parseEvent } from './facts.js';
import type { ItemFacts } from './model.js';
import { registerProcedureRoutes } from './routes.js';
import { listProcedures, saveFacts } from './store.js';

export { procedureRefusal } from './store.js';

export interface ProcedureWiring {
  db: ConsoleDb;
  bus: ReviewBus;
  edge: EdgeAccess;
  /** The console's shared cache of composites read by id (app.ts); tests may leave it out. */
  composites?: CompositeCache;
  /** The live hub, when there is one: items it passes on under a procedure are remembered at once. */
  feed?: {
    onEvents(listener: (events: object[]) => void): () => void;
    onComposites(listener: (composites: object[]) => void): () => void;
  };
}

/** Targets are read again this often (another replica's admin may have edited them). */
const TARGETS_MS = 30_000;

/**
 * Procedures: admins' checklists per label or composite rule, operators' ticks on items, and
 * (via procedureRefusal, called by server/review) no resolve before every required step.
 */
export function registerProcedures(app: FastifyInstance, wiring: ProcedureWiring): void {
  const { db } = wiring;
  let targets: { rules: Set<string>; labels: Set<string>; at: number } | null = null;
  const changed = () => {
    targets = null;
  };
  registerProcedureRoutes(app, { db, bus: wiring.bus, edge: wiring.edge, composites: wiring.composites, changed });

  // The resolve's guard reads the facts the console holds: an item the hub passed on under a
  // procedure is remembered now, so it is guarded even if nobody opens it before a bulk resolve.
  const remember = async (kind: 'composite' | 'event', items: object[], parse: (v: unknown) => ItemFacts | null) => {
    if (targets === null || Date.now() - targets.at > TARGETS_MS) {
      const all = await listProcedures(db);
      targets = {
        rules: new Set(all.filter((p) => p.target_kind === 'rule').map((p) => p.target)),
        labels: new Set(all.filter((p) => p.target_kind === 'label').map((p) => p.target)),
        at: Date.now(),
      };
    }
    const { rules, labels } = targets;
    if (rules.size === 0 && labels.size === 0) return;
    for (const item of items) {
      const facts = parse(item);
      const id = (item as { id?: unknown }).id;
      if (facts === null || typeof id !== 'string') continue;
      if ((facts.rule_id !== null && rules.has(facts.rule_id)) || facts.label_ids.some((l) => labels.has(l))) {
        await saveFacts(db, { kind, id }, facts);
      }
    }
  };
  const log = (error: unknown) => app.log.error(`procedures: ${(error as Error).message}`);
  wiring.feed?.onComposites((items) => void remember('composite', items, parseComposite).catch(log));
  wiring.feed?.onEvents((items) => void remember('event', items, parseEvent).catch(log));
}
