import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { BrowserContext } from '@playwright/test';

/**
 * Accounts and signed-in sessions written straight into a spec's own console database, so a
 * spec can open browsers as an operator and as a viewer whatever the sign-in page looks like.
 */
export function addAccounts(dataDir: string, accounts: { username: string; role: string }[]): Record<string, string> {
  const db = new Database(path.join(dataDir, 'console.sqlite'));
  db.pragma('busy_timeout = 5000');
  const now = new Date();
  const tokens: Record<string, string> = {};
  try {
    for (const { username, role } of accounts) {
      const id = crypto.randomUUID();
      db.prepare(
        `insert into accounts (id, username, password_hash, role, disabled, oidc_subject, created_at, updated_at, last_login_at)
         values (?, ?, null, ?, 0, null, ?, ?, null)`,
      ).run(id, username, role, now.toISOString(), now.toISOString());
      const token = crypto.randomBytes(32).toString('base64url');
      db.prepare(
        `insert into sessions (id, account_id, created_at, last_seen_at, expires_at, ip, user_agent)
         values (?, ?, ?, ?, ?, null, null)`,
      ).run(
        crypto.createHash('sha256').update(token).digest('hex'),
        id,
        now.toISOString(),
        now.toISOString(),
        new Date(now.getTime() + 3_600_000).toISOString(),
      );
      tokens[username] = token;
    }
  } finally {
    db.close();
  }
  return tokens;
}

export async function signInAs(context: BrowserContext, url: string, token: string): Promise<void> {
  await context.addCookies([{ name: 'esc_session', value: token, url }]);
}
