import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { migrations, type DialectName } from './migrations/index.js';
import type { ConsoleSchema } from './schema.js';

export interface ConsoleDb {
  db: Kysely<ConsoleSchema>;
  dialect: DialectName;
  /** PostgreSQL's connection pool, for its gauges (/metrics); absent on SQLite. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…`: PostgreSQL, shared by every replica. Null: SQLite under dataDir. */
  databaseUrl: string | null;
  dataDir: string;
}

export const SQLITE_FILE = 'console.sqlite';

/** Opens the console's database and applies any migration it has not seen yet. */
export async function openDatabase(options: DatabaseOptions): Promise<ConsoleDb> {
  const consoleDb = options.databaseUrl === null ? openSqlite(options.dataDir) : openPostgres(options.databaseUrl);
  try {
    await migrate(consoleDb);
  } catch (error) {
    await consoleDb.close();
    throw error;
  }
  return consoleDb;
}

function openSqlite(dataDir: string): ConsoleDb {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new Database(path.join(dataDir, SQLITE_FILE));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  // Another process (the users CLI) may hold the write lock for a moment.
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<ConsoleSchema>({ dialect: new SqliteDialect({ database: preparedOnce(file) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Statements kept by SQL text: the console's queries are a few hundred shapes (an IN list's length makes one). */
export const STATEMENTS_KEPT = 256;

/**
 * The file as Kysely's SQLite driver sees it, each SQL text prepared once and kept (the least
 * recently used dropped past STATEMENTS_KEPT). The driver prepares every query anew: parsing and
 * planning the session lookup that every request makes was most of its time in the console's
 * profile under load. A kept statement is one a Kysely query only binds and steps; one still
 * being iterated (a streamed query) is busy, and the same text then gets a fresh statement.
 * SQLite prepares a statement again by itself when a migration changes the schema under it.
 */
export function preparedOnce(file: Database.Database): SqliteDatabase {
  const kept = new Map<string, Database.Statement>();
  return {
    prepare(sql) {
      const statement = kept.get(sql);
      if (statement !== undefined) {
        kept.delete(sql);
        kept.set(sql, statement);
        if (!statement.busy) return statement;
        return file.prepare(sql);
      }
      const fresh = file.prepare(sql);
      kept.set(sql, fresh);
      if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
      return fresh;
    },
    close() {
      kept.clear();
      file.close();
    },
  };
}

function openPostgres(databaseUrl: string): ConsoleDb {
  const url = new URL(databaseUrl);
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error(`DATABASE_URL must be postgres://…, got a ${url.protocol} URL`);
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client losing its connection must not crash the server; the next query reconnects.
  pool.on('error', (error) => console.error('PostgreSQL connection error:', error.message));
  const db = new Kysely<ConsoleSchema>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', pool, close: () => db.destroy() };
}

async function migrate({ db, dialect }: ConsoleDb): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          Object.entries(migrations).map(([name, migration]): [string, Migration] => [
            name,
            { up: (tx) => migration.up(tx, dialect) },
          ]),
        ),
    },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Console database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
