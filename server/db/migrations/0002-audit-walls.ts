import type { ConsoleMigration } from './index.js';

/** The audit trail (owned by the audit concern, which adds wall links here). */
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
    await db.schema.createIndex('audit_target').on('audit').columns(['target_type', 'target_id']).execute();
  },
};
