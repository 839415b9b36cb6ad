import type { KyselyPlugin, QueryId, RootOperationNode } from 'kysely';
import type { ConsoleDb } from '../db/database.js';
import type { ConsoleMetrics } from './console-metrics.js';

const KINDS: Record<string, string> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
};

/**
 * The same database, each query timed from the moment it is built to its result (a wait for a
 * free pool connection included, which is what a slow page feels). A failed query is not timed:
 * its entry goes with its id, which nothing holds any more.
 */
export function timedDatabase(consoleDb: ConsoleDb, metrics: ConsoleMetrics): ConsoleDb {
  const started = new WeakMap<QueryId, { at: number; kind: string }>();
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }): RootOperationNode {
      started.set(queryId, { at: performance.now(), kind: KINDS[node.kind] ?? 'raw' });
      return node;
    },
    async transformResult({ result, queryId }) {
      const entry = started.get(queryId);
      if (entry !== undefined) metrics.dbQueries.observe({ kind: entry.kind }, (performance.now() - entry.at) / 1000);
      return result;
    },
  };
  return { ...consoleDb, db: consoleDb.db.withPlugin(plugin) };
}
