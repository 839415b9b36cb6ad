import pg from 'pg';
import { startPostgresCluster } from '../../server/testing/postgres-cluster';

export interface Postgres {
  /** A database of its own on that server. */
  url: string;
  stop(): Promise<void>;
}

async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh database for the bench: on TEST_DATABASE_URL's server when set, else on a throwaway
 * PostgreSQL cluster on a loopback port (as the server tests start one), removed by `stop`.
 */
export async function startPostgres(name = 'esc_bench_cluster'): Promise<Postgres> {
  const given = process.env.TEST_DATABASE_URL;
  if (given !== undefined && given !== '') return { url: await createDatabase(given, name), stop: async () => {} };
  const cluster = await startPostgresCluster('-c max_connections=200');
  return { url: await createDatabase(cluster.serverUrl, name), stop: async () => cluster.stop() };
}
