import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server's URL (any database); each test file creates its own database there. */
    postgresUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole server test run: a throwaway cluster in a temp dir on a free
 * loopback port, or the server named by TEST_DATABASE_URL.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const given = process.env.TEST_DATABASE_URL;
  if (given !== undefined && given !== '') {
    project.provide('postgresUrl', given);
    return undefined;
  }
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.serverUrl);
  return cluster.stop;
}
