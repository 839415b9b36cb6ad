import type { ConsoleMigration } from './index.js';

/** The tables of incident priority: label severities, scores and outcomes' precision (issue 26). */
export const priority: ConsoleMigration = {
  async up(db) {
    await db.schema
      .createTable('priority_settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('priority_facts')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('label_id', 'text', (c) => c.notNull())
      .addColumn('mic_ids', 'text', (c) => c.notNull())
      .addColumn('labels', 'text', (c) => c.notNull())
      .addColumn('db_over', 'real')
      .addColumn('rule_priority', 'text')
      .addColumn('fired_at', 'text', (c) => c.notNull())
      .addColumn('hour_of_week', 'integer', (c) => c.notNull())
      .addColumn('level', 'text', (c) => c.notNull())
      .addColumn('score', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('priority_facts_pk', ['kind', 'item_id'])
      .execute();
    await db.schema.createIndex('priority_facts_fired').on('priority_facts').column('fired_at').execute();
  },
};
