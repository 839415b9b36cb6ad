import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openDatabase, type ConsoleDb } from '../db/database.js';

export type DatabaseKind = 'sqlite' | 'postgres';

/** A fresh, migrated console database of that kind; `close` also drops it. */
export async function freshDatabase(kind: DatabaseKind): Promise<ConsoleDb> {
  if (kind === 'sqlite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esc-db-'));
    const consoleDb = await openDatabase({ databaseUrl: null, dataDir });
    return {
      ...consoleDb,
      close: async () => {
        await consoleDb.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const { url, drop } = await freshPostgresUrl();
  const consoleDb = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
  return {
    ...consoleDb,
    close: async () => {
      await consoleDb.close();
      await drop();
    },
  };
}

/** The URL of a fresh, empty PostgreSQL database (for tests that start a console process on it). */
export async function freshPostgresUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = inject('postgresUrl');
  const name = `esc_test_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Runs the block twice: on a fresh SQLite file and on a fresh PostgreSQL database, each opened
 * before the block's tests and dropped after them.
 */
export function describeEachDatabase(name: string, block: (getDb: () => ConsoleDb, kind: DatabaseKind) => void): void {
  for (const kind of ['sqlite', 'postgres'] as const) {
    describe(`${name} (${kind})`, () => {
      let consoleDb: ConsoleDb | undefined;
      beforeAll(async () => {
        consoleDb = await freshDatabase(kind);
      });
      afterAll(async () => {
        await consoleDb?.close();
      });
      block(() => {
        if (consoleDb === undefined)
          throw new Error('The database opens in beforeAll: call getDb() inside a test or hook');
        return consoleDb;
      }, kind);
    });
  }
}
