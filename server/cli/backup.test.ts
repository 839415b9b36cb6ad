import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../auth/accounts.js';
import { loadConfig } from '../config.js';
import { openDatabase, type ConsoleDb } from '../db/database.js';
import { backupCommand } from './backup.js';
import { UsageError } from './cli-support.js';

let dataDir = '';
let db: ConsoleDb;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esc-backup-'));
  db = await openDatabase({ databaseUrl: null, dataDir });
  await createAccount(db, { username: 'kim', role: 'admin', password: null });
});
afterAll(async () => {
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run backup', () => {
  const config = () => loadConfig({ DATA_DIR: dataDir }, { staticDir: 'dist' });

  it('copies the database while the console writes to it, whole and checked, to a new file', async () => {
    // Writes keep coming while the copy is made, as they would from a running console.
    let writes = 0;
    const writing = (async () => {
      for (let i = 0; i < 50; i++) {
        await createAccount(db, { username: `busy-${i}`, role: 'viewer', password: null });
        writes++;
      }
    })();
    const message = await backupCommand(config(), [], new Date('2026-11-26T10:00:00.000Z'));
    await writing;
    const file = path.join(dataDir, 'backups', 'console-2026-11-26T10-00-00-000Z.sqlite');
    expect(message).toContain(file);
    expect(message).toMatch(/integrity ok/);
    const copy = new Database(file, { readonly: true });
    try {
      const names = (copy.prepare('select username from accounts').all() as { username: string }[]).map(
        (row) => row.username,
      );
      expect(names).toContain('kim');
      // A consistent moment: some prefix of the writes, never a torn page.
      expect(names.length).toBeGreaterThanOrEqual(1);
      expect(names.length).toBeLessThanOrEqual(1 + writes);
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      copy.close();
    }
    // One file: no half-written copy, no -wal or -shm beside it.
    expect(fs.readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
  });

  it('writes to the file named, never over an existing one', async () => {
    const named = path.join(dataDir, 'named.sqlite');
    expect(await backupCommand(config(), [named])).toContain(named);
    await expect(backupCommand(config(), [named])).rejects.toThrow(/exists already/);
  });

  it('points to pg_dump when the console keeps its data in PostgreSQL', async () => {
    const pg = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/console' }, { staticDir: 'dist' });
    await expect(backupCommand(pg, [])).rejects.toThrow(UsageError);
    await expect(backupCommand(pg, [])).rejects.toThrow(/pg_dump/);
  });

  it('says so when there is no database where DATA_DIR points', async () => {
    const empty = loadConfig({ DATA_DIR: path.join(dataDir, 'nothing-here') }, { staticDir: 'dist' });
    await expect(backupCommand(empty, [])).rejects.toThrow(/No console database/);
  });
});
