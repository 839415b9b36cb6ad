import type { ConsoleMigration } from './index.js';

export const accounts: ConsoleMigration = {
  async up(db) {
    await db.schema
      .createTable('accounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text')
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('oidc_subject', 'text', (c) => c.unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('last_login_at', 'text')
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();

    await db.schema
      .createTable('login_failures')
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_failures_key_at').on('login_failures').columns(['key', 'at']).execute();
  },
};
