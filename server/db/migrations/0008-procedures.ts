import type { ConsoleMigration } from './index.js';

/**
 * Procedures (server/procedures): a checklist per label or composite rule, what the edge said of
 * the items the console looked at (which procedure applies), and each item's ticked steps.
 */
export const procedures: ConsoleMigration = {
  async up(db) {
    await db.schema
      .createTable('procedures')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('target_kind', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('steps', 'text', (c) => c.notNull())
      .addColumn('require_all', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addUniqueConstraint('procedures_target', ['target_kind', 'target'])
      .execute();

    await db.schema
      .createTable('procedure_item_facts')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('rule_id', 'text')
      .addColumn('label_ids', 'text', (c) => c.notNull())
      .addColumn('fired_at', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('procedure_item_facts_pk', ['kind', 'item_id'])
      .execute();

    await db.schema
      .createTable('procedure_ticks')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('step_id', 'text', (c) => c.notNull())
      .addColumn('procedure_id', 'text', (c) => c.notNull())
      .addColumn('ticked_by', 'text', (c) => c.notNull())
      .addColumn('ticked_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('procedure_ticks_pk', ['kind', 'item_id', 'step_id'])
      .execute();
  },
};
