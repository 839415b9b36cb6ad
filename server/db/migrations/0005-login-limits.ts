import type { ConsoleMigration } from './index.js';

/**
 * Sign-in limits (server/auth/rate-limit.ts): each attempt's rows carry the attempt's id, so a
 * sign-in takes its place in the count before its password is checked and gives it back if the
 * password was right; and the addresses each account last signed in from with its password,
 * which the per-name limit does not lock out.
 */
export const loginLimits: ConsoleMigration = {
  async up(db) {
    await db.schema.alterTable('login_failures').addColumn('attempt', 'text').execute();
    await db.schema.createIndex('login_failures_attempt').on('login_failures').column('attempt').execute();
    await db.schema
      .createTable('login_known_addresses')
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('login_known_addresses_pk', ['account_id', 'ip'])
      .execute();
  },
};
