import os from 'node:os';
import { loadConfig, type ServerConfig } from '../config.js';
import { openDatabase, type ConsoleDb } from '../db/database.js';

/** A mistake of the person at the terminal: printed without a stack, exit status 2. */
export class UsageError extends Error {}

/** The actor the audit trail records for a command-line change: the CLI and the OS user who ran it. */
export function cliActor(tool: string): { kind: 'system'; name: string } {
  let user = 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry (some containers): the tool's name alone.
  }
  return { kind: 'system', name: `${tool} CLI (${user})` };
}

/** Rows as aligned columns; the first row is the header. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** `--flag value` and `--flag=value` options, and the positional words, of an argument list. */
export function parseArgs(args: readonly string[], flags: readonly string[]) {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name = '', inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (!flags.includes(name)) throw new UsageError(`Unknown option --${name}`);
    const value = inline ?? args[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    options[name] = value;
  }
  return { positional, options };
}

/**
 * Runs a command against the console's database (the same DATA_DIR or DATABASE_URL as the
 * server, read from the environment), closing it afterwards; errors become an exit status.
 */
export async function runWithDatabase(
  run: (db: ConsoleDb, config: ServerConfig) => Promise<void>,
  usage: string,
): Promise<void> {
  let db: ConsoleDb | null = null;
  try {
    const config = loadConfig(process.env, { staticDir: 'dist' });
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await run(db, config);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      process.exitCode = 2;
    } else {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    }
  } finally {
    await db?.close();
  }
}
