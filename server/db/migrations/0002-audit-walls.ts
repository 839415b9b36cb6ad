import { sql } from 'kysely';
import type { ConsoleMigration } from './index.js';

/** The audit trail (append-only: the app never updates a row; only retention deletes) and wall links. */
export const auditWalls: ConsoleMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('audit')
      .addColumn('id', dialect === 'postgres' ? 'bigint' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
      )
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('actor_name', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text')
      .addColumn('target_id', 'text')
      .addColumn('details', 'text')
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('ip', 'text')
      .execute();
    await db.schema.createIndex('audit_at').on('audit').column('at').execute();
    // A mic's History reads its rows newest first.
    await db.schema.createIndex('audit_target').on('audit').columns(['target_type', 'target_id', 'id']).execute();
    await db.schema.createIndex('audit_action').on('audit').columns(['action', 'id']).execute();

    await db.schema
      .createTable('wall_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      // sha256 (hex) of the URL's key: the key itself is shown once and never stored.
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('query', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('revoked_at', 'text')
      .addColumn('revoked_by', 'text')
      .addColumn('last_seen_at', 'text')
      .addColumn('last_seen_ip', 'text')
      .execute();
    // Names identify links in the CLI (`revoke NAME`): unique among the links still in use.
    await db.schema
      .createIndex('wall_links_active_name')
      .on('wall_links')
      .column('name')
      .unique()
      .where(sql.ref('revoked_at'), 'is', null)
      .execute();
  },
};
