import crypto from 'node:crypto';
import { recordAudit } from '../audit/record.js';
import type { ConsoleDb } from '../db/database.js';
import {
  AccountConflict,
  countAccounts,
  createAccount,
  findByUsername,
  normalizeUsername,
  passwordSchema,
  setDisabled,
  setPassword,
  setRole,
} from './accounts.js';
import { verifyPassword } from './passwords.js';

const SYSTEM = { kind: 'system', name: 'startup' } as const;

/**
 * ADMIN_USERNAME + ADMIN_PASSWORD (Grafana's convention): creates that admin, or makes the
 * existing account an enabled admin with that password. Sessions end only if something changed.
 */
export async function ensureAdmin(consoleDb: ConsoleDb, username: string, password: string): Promise<void> {
  const name = normalizeUsername(username);
  let existing = await findByUsername(consoleDb, name);
  if (existing === undefined) {
    try {
      const created = await createAccount(consoleDb, { username: name, role: 'admin', password });
      await recordAudit(consoleDb, {
        actor: SYSTEM,
        action: 'account.create',
        target: { type: 'account', id: created.id },
        details: { username: name, role: 'admin', source: 'ADMIN_USERNAME' },
        outcome: 'ok',
        ip: null,
      });
      return;
    } catch (error) {
      // Another replica starting at the same moment created it: fall through and update.
      if (!(error instanceof AccountConflict)) throw error;
      existing = await findByUsername(consoleDb, name);
      if (existing === undefined) throw error;
    }
  }
  const changes: string[] = [];
  if (existing.role !== 'admin') {
    await setRole(consoleDb, existing.id, 'admin');
    changes.push('role');
  }
  if (Number(existing.disabled) !== 0) {
    await setDisabled(consoleDb, existing.id, false);
    changes.push('enabled');
  }
  if (!(await verifyPassword(existing.password_hash, password))) {
    await setPassword(consoleDb, existing.id, password);
    changes.push('password');
  }
  if (changes.length > 0) {
    await recordAudit(consoleDb, {
      actor: SYSTEM,
      action: 'account.reset',
      target: { type: 'account', id: existing.id },
      details: { username: name, changed: changes, source: 'ADMIN_USERNAME' },
      outcome: 'ok',
      ip: null,
    });
  }
}

export interface BootstrapOptions {
  adminUsername: string | null;
  adminPassword: string | null;
  demoAutoSignIn: boolean;
}

/**
 * Run once at start. Returns the one-time setup token when the console has no account and no
 * way to get one otherwise (no ADMIN_* and no demo sign-in); null otherwise.
 */
export async function bootstrapAccounts(consoleDb: ConsoleDb, options: BootstrapOptions): Promise<string | null> {
  if (options.adminUsername !== null && options.adminPassword !== null) {
    // The same rules as any password set in the console: a start with a weak one stops, saying why.
    const checked = passwordSchema.safeParse(options.adminPassword);
    if (!checked.success) {
      throw new Error(`ADMIN_PASSWORD is refused: ${checked.error.issues.map((issue) => issue.message).join(' ')}`);
    }
    await ensureAdmin(consoleDb, options.adminUsername, options.adminPassword);
    return null;
  }
  if (options.adminUsername !== null || options.adminPassword !== null) {
    throw new Error('Set both ADMIN_USERNAME and ADMIN_PASSWORD, or neither');
  }
  if (options.demoAutoSignIn || (await countAccounts(consoleDb)) > 0) return null;
  return crypto.randomBytes(24).toString('base64url');
}

/** Compares a presented setup token with the expected one in constant time. */
export function setupTokenMatches(expected: string | null, presented: string): boolean {
  if (expected === null) return false;
  const a = crypto.createHash('sha256').update(expected).digest();
  const b = crypto.createHash('sha256').update(presented).digest();
  return crypto.timingSafeEqual(a, b);
}
