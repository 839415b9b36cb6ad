import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { loadConfig, type ServerConfig } from '../config.js';
import { SQLITE_FILE } from '../db/database.js';
import { parseArgs, UsageError } from './cli-support.js';

const USAGE = `Usage: npm run backup -- [FILE]
  Copies the console's SQLite database (DATA_DIR/${SQLITE_FILE}) to FILE while the console runs,
  by default DATA_DIR/backups/console-<time>.sqlite. With DATABASE_URL (PostgreSQL) use pg_dump.`;

const PG_DUMP =
  'The console keeps its data in PostgreSQL (DATABASE_URL): back it up with pg_dump, e.g.\n' +
  '  pg_dump --format=custom --file=console.dump "$DATABASE_URL"\n' +
  'and restore with pg_restore --clean --if-exists --dbname "$DATABASE_URL" console.dump (README, "Operations").';

const stamp = (date: Date) => date.toISOString().replace(/[:.]/g, '-');

/**
 * An online copy of the SQLite database through SQLite's backup API: consistent whatever the
 * server writes meanwhile (pages changed during the copy are copied again), never the live file
 * copied byte by byte. Written beside the target under a temporary name, checked, then renamed,
 * so a FILE that exists is always a whole backup.
 */
export async function backupCommand(config: ServerConfig, args: readonly string[], now = new Date()): Promise<string> {
  const { positional } = parseArgs(args, []);
  if (positional.length > 1) throw new UsageError(`Unexpected "${positional.slice(1).join(' ')}"`);
  if (config.databaseUrl !== null) throw new UsageError(PG_DUMP);
  const source = path.join(config.dataDir, SQLITE_FILE);
  if (!fs.existsSync(source)) throw new UsageError(`No console database at ${source} (is DATA_DIR right?)`);
  const target = path.resolve(positional[0] ?? path.join(config.dataDir, 'backups', `console-${stamp(now)}.sqlite`));
  if (fs.existsSync(target)) throw new UsageError(`${target} exists already: name another file`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    // The server may hold the write lock for a moment: wait rather than fail.
    db.pragma('busy_timeout = 5000');
    await db.backup(partial);
  } finally {
    db.close();
  }
  const copy = new Database(partial);
  let accounts: number;
  try {
    // One self-contained file (the copy inherits WAL mode, which would leave -wal and -shm beside it).
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`The copy failed its integrity check: ${String(check)}`);
    accounts = (copy.prepare('select count(*) as n from accounts').get() as { n: number }).n;
  } catch (error) {
    copy.close();
    fs.rmSync(partial, { force: true });
    throw error;
  }
  copy.close();
  fs.renameSync(partial, target);
  const size = (fs.statSync(target).size / 1024 / 1024).toFixed(1);
  return `Backed up ${source} to ${target} (${size} MB, ${accounts} accounts, integrity ok).`;
}

// Run as a script (not when a test imports the command).
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  backupCommand(loadConfig(process.env, { staticDir: 'dist' }), args).then(
    (message) => console.log(message),
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(`${error.message}\n\n${USAGE}`);
        process.exitCode = 2;
      } else {
        console.error(error instanceof Error ? error.message : error);
        process.exitCode = 1;
      }
    },
  );
}
