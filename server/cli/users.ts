import { pathToFileURL } from 'node:url';
import * as z from 'zod';
import { recordAudit } from '../audit/record.js';
import {
  AccountConflict,
  accountView,
  createAccount,
  changeAccount,
  findByUsername,
  listAccounts,
  passwordSchema,
  roleSchema,
  setPassword,
  usernameSchema,
  type AccountChange,
  type AccountRow,
} from '../auth/accounts.js';
import type { Role } from '../auth/principal.js';
import type { ConsoleDb } from '../db/database.js';
import { readPassword } from './read-password.js';
import { cliActor, parseArgs, runWithDatabase, table, UsageError } from './cli-support.js';

const USAGE = `Usage: npm run users -- <command>
  add NAME --role viewer|operator|admin   create an account; its password is read from standard input
  list                                    every account: role, status, sign-in methods, last sign-in
  set-role NAME ROLE                      change the role (the account's open sessions end)
  disable NAME                            disable the account and end its open sessions at once
  enable NAME                             enable a disabled account
  reset-password NAME                     set a new password, read from standard input (open sessions end)

A password is never an argument (argv is visible to every user of the machine). Pipe it in,
e.g. \`printf '%s\\n' "$PASSWORD" | npm run users -- add alice --role viewer\`, or type it at the prompt.`;

/** Reads the new password; injected so tests need no terminal. */
export type PasswordSource = () => Promise<string>;

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new UsageError(`${what}: ${result.error.issues.map((issue) => issue.message).join(' ')}`);
  return result.data;
}

function parseRole(value: string | undefined): Role {
  if (value === undefined) throw new UsageError('Which role? viewer, operator or admin');
  return parsed(roleSchema, value, `Unknown role "${value}" (viewer, operator or admin)`);
}

async function existing(db: ConsoleDb, name: string | undefined, command: string): Promise<AccountRow> {
  if (name === undefined) throw new UsageError(`${command} needs a NAME`);
  const row = await findByUsername(db, name);
  if (row === undefined) throw new UsageError(`No account is named "${name}" (see: npm run users -- list)`);
  return row;
}

/** The check and the change in one transaction, as Admin → Accounts makes them: two at once cannot leave no admin. */
async function applyChange(db: ConsoleDb, row: AccountRow, change: AccountChange): Promise<void> {
  const outcome = await changeAccount(db, row.id, change, null);
  if (outcome.status === 'missing') throw new UsageError(`No account is named "${row.username}" any more`);
  if (outcome.status === 'refused') throw new UsageError(outcome.detail);
}

/**
 * The users CLI, for scripts and recovery: the same account functions and audit entries as
 * Admin → Accounts, recorded with the CLI (and the OS user who ran it) as the actor.
 */
export async function usersCommand(
  db: ConsoleDb,
  args: readonly string[],
  password: PasswordSource = readPassword,
): Promise<string> {
  const { positional, options } = parseArgs(args, ['role']);
  const [command, name, ...extra] = positional;
  const actor = cliActor('users');
  const audit = (action: string, row: AccountRow, details: Record<string, unknown>) =>
    recordAudit(db, { actor, action, target: { type: 'account', id: row.id }, details, outcome: 'ok', ip: null });
  const noMore = (allowed: number) => {
    if (extra.length > allowed) throw new UsageError(`Unexpected "${extra.slice(allowed).join(' ')}"`);
    if (command !== 'add' && options.role !== undefined) throw new UsageError(`${command} takes no --role`);
  };

  switch (command) {
    case 'add': {
      noMore(0);
      if (name === undefined) throw new UsageError('add needs a NAME');
      const username = parsed(usernameSchema, name, `Username "${name}"`);
      const role = parseRole(options.role);
      if ((await findByUsername(db, username)) !== undefined) {
        throw new UsageError(`An account named "${username}" already exists.`);
      }
      const secret = parsed(passwordSchema, await password(), 'Password');
      try {
        const row = await createAccount(db, { username, role, password: secret });
        await audit('account.create', row, { username: row.username, role: row.role });
        return `Account "${row.username}" created (${row.role}).`;
      } catch (error) {
        if (error instanceof AccountConflict) throw new UsageError(error.message);
        throw error;
      }
    }
    case 'list': {
      noMore(0);
      if (name !== undefined) throw new UsageError('list takes no NAME');
      const accounts = (await listAccounts(db)).map(accountView);
      if (accounts.length === 0) return 'No accounts.';
      return table([
        ['NAME', 'ROLE', 'STATUS', 'SIGN-IN', 'LAST SIGN-IN', 'CREATED'],
        ...accounts.map((account) => [
          account.username,
          account.role,
          account.disabled ? 'disabled' : 'enabled',
          [account.password ? 'password' : null, account.sso ? 'single sign-on' : null].filter(Boolean).join(', ') ||
            '-',
          account.lastLoginAt ?? 'never',
          account.createdAt,
        ]),
      ]);
    }
    case 'set-role': {
      noMore(1);
      const row = await existing(db, name, 'set-role');
      const role = parseRole(extra[0]);
      if (row.role === role) return `"${row.username}" is already ${role}.`;
      await applyChange(db, row, { role });
      await audit('account.role', row, { username: row.username, before: row.role, after: role });
      return `"${row.username}" is now ${role}; its open sessions have ended.`;
    }
    case 'disable':
    case 'enable': {
      noMore(0);
      const row = await existing(db, name, command);
      const disabled = command === 'disable';
      if ((Number(row.disabled) !== 0) === disabled) return `"${row.username}" is already ${command}d.`;
      await applyChange(db, row, { disabled });
      await audit(disabled ? 'account.disable' : 'account.enable', row, { username: row.username });
      return disabled
        ? `"${row.username}" is disabled; its open sessions have ended.`
        : `"${row.username}" is enabled.`;
    }
    case 'reset-password': {
      noMore(0);
      const row = await existing(db, name, 'reset-password');
      const secret = parsed(passwordSchema, await password(), 'Password');
      await setPassword(db, row.id, secret);
      await audit('account.password', row, { username: row.username });
      return `Password of "${row.username}" changed; its open sessions have ended.`;
    }
    default:
      throw new UsageError(command === undefined ? 'Which command?' : `Unknown command "${command}"`);
  }
}

// Run as a script (not when a test imports the command).
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void runWithDatabase(async (db) => console.log(await usersCommand(db, process.argv.slice(2))), USAGE);
}
