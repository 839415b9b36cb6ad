import { describe, expect, it } from 'vitest';
import { recordAudit } from '../audit/record.js';
import { describeEachDatabase } from '../testing/databases.js';
import { openDatabase } from './database.js';

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

describe('console database URL', () => {
  it('refuses a DATABASE_URL that is not postgres://', async () => {
    await expect(openDatabase({ databaseUrl: 'mysql://x@127.0.0.1/db', dataDir: '/nonexistent' })).rejects.toThrow(
      /DATABASE_URL must be postgres/,
    );
  });
});
