import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ConsoleDb } from '../db/database.js';

/** Who reads the edge, as this replica knows it: itself, another replica, or nobody it has heard of. */
export type LeaderState = 'self' | 'other' | 'unknown';

export interface ReadinessSources {
  db: ConsoleDb;
  leader: () => LeaderState;
  /** The hub's view of the edge; null without a hub (the browsers hold the edge token). */
  edge: () => string | null;
}

const DB_TIMEOUT_MS = 2000;

async function databaseAnswers(consoleDb: ConsoleDb): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DB_TIMEOUT_MS)));
  try {
    return await Promise.race([sql`select 1`.execute(consoleDb.db).then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /readyz` for a load balancer: 200 while this replica can serve (its database answers
 * within 2 s and some replica is known to be reading the edge), else 503; once it is stopping,
 * Fastify answers every request 503 itself. The edge's state is reported, not required: every
 * replica shares the one edge, so taking them all out of the balancer while it is down would
 * help nobody.
 */
export function registerReadiness(app: FastifyInstance, sources: ReadinessSources): void {
  app.get('/readyz', async (_request, reply) => {
    const database = await databaseAnswers(sources.db);
    const leader = sources.leader();
    const ready = database && leader !== 'unknown';
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ready ? 'ready' : 'not ready',
        database: database ? 'ok' : 'unreachable',
        leader,
        edge: sources.edge() ?? 'not read by the server',
      });
  });
}
