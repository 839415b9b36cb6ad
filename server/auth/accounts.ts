import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import * as z from 'zod';
import type { ConsoleDb } from '../db/database.js';
import type { AccountsTable, ConsoleSchema } from '../db/schema.js';
import { isCommonPassword } from './common-passwords.js';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from './passwords.js';
import { ROLES, type Role } from './principal.js';
import { endAccountSessions } from './sessions.js';

/** Lower-cased on the way in: `Alice` and `alice` are one account. */
export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter a username.')
  .max(64, 'At most 64 characters.')
  .regex(/^[a-z0-9][a-z0-9._@-]*$/, 'Letters, digits and . _ @ - only, starting with a letter or digit.');

export const COMMON_PASSWORD = 'This is one of the most common passwords, the first an attacker tries. Choose another.';

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters.`)
  .refine((password) => !isCommonPassword(password), COMMON_PASSWORD);

export const roleSchema = z.enum(ROLES);

export type AccountRow = AccountsTable;

/** What the API and the CLI show of an account: never its hash. */
export interface AccountView {
  id: string;
  username: string;
  role: Role;
  disabled: boolean;
  password: boolean;
  sso: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

export function accountView(row: AccountRow): AccountView {
  return {
    id: row.id,
    username: row.username,
    role: roleSchema.catch('viewer').parse(row.role),
    disabled: Number(row.disabled) !== 0,
    password: row.password_hash !== null,
    sso: row.oidc_subject !== null,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
  };
}

export class AccountConflict extends Error {}

export function normalizeUsername(name: string): string {
  return name.trim().toLowerCase();
}

export async function findByUsername(consoleDb: ConsoleDb, username: string): Promise<AccountRow | undefined> {
  return consoleDb.db
    .selectFrom('accounts')
    .selectAll()
    .where('username', '=', normalizeUsername(username))
    .executeTakeFirst();
}

export async function findById(consoleDb: ConsoleDb, id: string): Promise<AccountRow | undefined> {
  return consoleDb.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listAccounts(consoleDb: ConsoleDb): Promise<AccountRow[]> {
  return consoleDb.db.selectFrom('accounts').selectAll().orderBy('username').execute();
}

export async function countAccounts(consoleDb: ConsoleDb): Promise<number> {
  const row = await consoleDb.db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewAccount {
  username: string;
  role: Role;
  password: string | null;
  oidcSubject?: string | null;
}

export async function createAccount(consoleDb: ConsoleDb, account: NewAccount): Promise<AccountRow> {
  const username = normalizeUsername(account.username);
  if ((await findByUsername(consoleDb, username)) !== undefined) {
    throw new AccountConflict(`An account named "${username}" already exists.`);
  }
  const now = new Date().toISOString();
  const row: AccountRow = {
    id: crypto.randomUUID(),
    username,
    password_hash: account.password === null ? null : await hashPassword(account.password),
    role: account.role,
    disabled: 0,
    oidc_subject: account.oidcSubject ?? null,
    created_at: now,
    updated_at: now,
    last_login_at: null,
  };
  try {
    await consoleDb.db.insertInto('accounts').values(row).execute();
  } catch (error) {
    // Another replica (or CLI) created it between the check and the insert.
    if ((await findByUsername(consoleDb, username)) !== undefined) {
      throw new AccountConflict(`An account named "${username}" already exists.`);
    }
    throw error;
  }
  return row;
}

/** Changes the role; the account's sessions end, so its next request signs in again. */
export async function setRole(consoleDb: ConsoleDb, id: string, role: Role): Promise<void> {
  await consoleDb.db
    .updateTable('accounts')
    .set({ role, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
  await endAccountSessions(consoleDb, id);
}

/** Disabling ends every session of the account at once. */
export async function setDisabled(consoleDb: ConsoleDb, id: string, disabled: boolean): Promise<void> {
  await consoleDb.db
    .updateTable('accounts')
    .set({ disabled: disabled ? 1 : 0, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
  if (disabled) await endAccountSessions(consoleDb, id);
}

/** A new password ends the account's other sessions (all of them unless one is kept). */
export async function setPassword(
  consoleDb: ConsoleDb,
  id: string,
  password: string,
  keepSessionId: string | null = null,
): Promise<void> {
  await consoleDb.db
    .updateTable('accounts')
    .set({ password_hash: await hashPassword(password), updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
  let query = consoleDb.db.deleteFrom('sessions').where('account_id', '=', id);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

export async function markSignedIn(consoleDb: ConsoleDb, id: string): Promise<void> {
  await consoleDb.db
    .updateTable('accounts')
    .set({ last_login_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Enabled admins other than the given account: the last one may not be demoted or disabled. */
async function otherEnabledAdmins(db: Kysely<ConsoleSchema>, id: string): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('role', '=', 'admin')
    .where('disabled', '=', 0)
    .where('id', '!=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const LAST_ADMIN = 'At least one enabled admin must remain.';
export const NOT_YOURSELF = 'You cannot lower your own role or disable your own account.';

export interface AccountChange {
  role?: Role;
  disabled?: boolean;
}

function lowers(row: AccountRow, change: AccountChange): boolean {
  const demotes = change.role !== undefined && change.role !== 'admin' && row.role === 'admin';
  const disables = change.disabled === true && Number(row.disabled) === 0;
  return demotes || disables;
}

async function lastAdminCheck(db: Kysely<ConsoleSchema>, row: AccountRow, change: AccountChange) {
  if (row.role !== 'admin' || !lowers(row, change)) return null;
  return (await otherEnabledAdmins(db, row.id)) === 0 ? LAST_ADMIN : null;
}

export type ChangeOutcome =
  | { status: 'missing' }
  | { status: 'refused'; detail: string }
  | { status: 'changed'; before: AccountRow; after: AccountRow };

/**
 * Changes an account's role and/or status, with the checks, in one transaction: never two admins
 * lowering each other at once with no enabled admin left. On PostgreSQL the enabled admins and
 * the account are locked first (in id order, so two changes cannot deadlock), and a change that
 * waited counts the admins as the other left them; SQLite runs one transaction at a time. A
 * lowered or disabled account's sessions end with it.
 */
export async function changeAccount(
  consoleDb: ConsoleDb,
  id: string,
  change: AccountChange,
  actorId: string | null,
): Promise<ChangeOutcome> {
  return consoleDb.db.transaction().execute(async (tx): Promise<ChangeOutcome> => {
    if (consoleDb.dialect === 'postgres') {
      await tx
        .selectFrom('accounts')
        .select('id')
        .where((eb) => eb.or([eb.and([eb('role', '=', 'admin'), eb('disabled', '=', 0)]), eb('id', '=', id)]))
        .orderBy('id')
        .forUpdate()
        .execute();
    }
    const before = await tx.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    if (before === undefined) return { status: 'missing' };
    if (actorId === id && lowers(before, change)) return { status: 'refused', detail: NOT_YOURSELF };
    const refusal = await lastAdminCheck(tx, before, change);
    if (refusal !== null) return { status: 'refused', detail: refusal };
    const role = change.role ?? before.role;
    const disabled = change.disabled === undefined ? Number(before.disabled) : change.disabled ? 1 : 0;
    if (role === before.role && disabled === Number(before.disabled))
      return { status: 'changed', before, after: before };
    const after = { ...before, role, disabled, updated_at: new Date().toISOString() };
    await tx
      .updateTable('accounts')
      .set({ role, disabled, updated_at: after.updated_at })
      .where('id', '=', id)
      .execute();
    // A new role takes effect at the next sign-in; a disabled account is out at once.
    if (role !== before.role || disabled === 1) await tx.deleteFrom('sessions').where('account_id', '=', id).execute();
    return { status: 'changed', before, after };
  });
}

export const DEMO_USERNAME = 'demo';

/** The `demo` admin of the embedded demo's automatic sign-in: a real account, so the audit names it. */
export async function demoAccount(db: ConsoleDb): Promise<AccountRow> {
  const existing = await findByUsername(db, DEMO_USERNAME);
  if (existing !== undefined) return existing;
  try {
    return await createAccount(db, { username: DEMO_USERNAME, role: 'admin', password: null });
  } catch (error) {
    const raced = await findByUsername(db, DEMO_USERNAME);
    if (error instanceof AccountConflict && raced !== undefined) return raced;
    throw error;
  }
}
