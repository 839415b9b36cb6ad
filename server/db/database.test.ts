import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { recordAudit } from '../audit/record.js';
import { describeEachDatabase } from '../testing/databases.js';
import { openDatabase, preparedOnce, STATEMENTS_KEPT } from './database.js';

describeEachDatabase('console database', (getDb) => {
  it('applies every migration once, and again opening is a no-op', async () => {
    const { db } = getDb();
    const tables = await db.introspection.getTables();
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['accounts', 'sessions', 'login_failures', 'audit']),
    );
  });

  it('refuses a second account with the same (lower-cased) username', async () => {
    const { db } = getDb();
    const row = (id: string) => ({
      id,
      username: 'alice',
      password_hash: null,
      role: 'viewer',
      disabled: 0,
      oidc_subject: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      last_login_at: null,
    });
    await db.insertInto('accounts').values(row('a1')).execute();
    await expect(db.insertInto('accounts').values(row('a2')).execute()).rejects.toThrow();
  });

  it('numbers audit entries in the order they were written', async () => {
    const consoleDb = getDb();
    for (const action of ['first', 'second', 'third']) {
      await recordAudit(consoleDb, { actor: { kind: 'system', name: 'cli' }, action, outcome: 'ok', ip: null });
    }
    const rows = await consoleDb.db.selectFrom('audit').select(['id', 'action', 'actor_name']).orderBy('id').execute();
    expect(rows.map((row) => row.action)).toEqual(['first', 'second', 'third']);
    expect(rows.every((row) => row.actor_name === 'cli')).toBe(true);
    expect(Number(rows[2]!.id)).toBeGreaterThan(Number(rows[0]!.id));
  });
});

describeEachDatabase('console database queries asked again', (getDb) => {
  it('answers a query asked again with other values, and after the schema under it changed, as if asked once', async () => {
    const { db } = getDb();
    await sql`CREATE TABLE scratch (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`.execute(db);
    await sql`INSERT INTO scratch (id, name) VALUES (1, 'one'), (2, 'two')`.execute(db);
    const named = async (id: number) =>
      (await sql<{ name: string }>`SELECT name FROM scratch WHERE id = ${id}`.execute(db)).rows;
    expect(await named(1)).toEqual([{ name: 'one' }]);
    expect(await named(2)).toEqual([{ name: 'two' }]);
    expect(await named(3)).toEqual([]);
    const all = async () => (await sql<Record<string, unknown>>`SELECT * FROM scratch WHERE id = 1`.execute(db)).rows;
    expect(await all()).toEqual([{ id: 1, name: 'one' }]);
    await sql`ALTER TABLE scratch ADD COLUMN note TEXT`.execute(db);
    await sql`UPDATE scratch SET note = 'added' WHERE id = 1`.execute(db);
    expect(await all()).toEqual([{ id: 1, name: 'one', note: 'added' }]);
  });
});

describe('SQLite statements prepared once', () => {
  it('prepares a text once, and again only after more than STATEMENTS_KEPT others were asked since', () => {
    const file = new Database(':memory:');
    const prepare = vi.spyOn(file, 'prepare');
    const db = preparedOnce(file);
    expect(db.prepare('SELECT 1').all([])).toEqual([{ 1: 1 }]);
    db.prepare('SELECT 1');
    expect(prepare).toHaveBeenCalledTimes(1);
    for (let n = 2; n <= STATEMENTS_KEPT + 1; n++) db.prepare(`SELECT ${n}`);
    db.prepare('SELECT 1');
    expect(prepare).toHaveBeenCalledTimes(STATEMENTS_KEPT + 2);
    db.close();
    expect(file.open).toBe(false);
  });

  it('gives a statement still being read row by row to no one else', () => {
    const file = new Database(':memory:');
    const db = preparedOnce(file);
    const text = 'SELECT value FROM json_each(?)';
    const seen: number[] = [];
    for (const { value } of db.prepare(text).iterate(['[1,2]']) as Iterable<{ value: number }>) {
      seen.push(value, ...(db.prepare(text).all(['[10,20]']) as { value: number }[]).map((row) => row.value));
    }
    expect(seen).toEqual([1, 10, 20, 2, 10, 20]);
    db.close();
  });
});

describe('console database URL', () => {
  it('refuses a DATABASE_URL that is not postgres://', async () => {
    await expect(openDatabase({ databaseUrl: 'mysql://x@127.0.0.1/db', dataDir: '/nonexistent' })).rejects.toThrow(
      /DATABASE_URL must be postgres/,
    );
  });
});
