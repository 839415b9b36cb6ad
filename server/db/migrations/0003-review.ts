import type { ConsoleMigration } from './index.js';

/**
 * Incident review (owned by server/review): one row per reviewed item, created by its first
 * action (an item without a row is `new`), its comments, and every transition. Nothing here
 * references the edge: an item the edge no longer returns keeps its rows.
 */
export const review: ConsoleMigration = {
  async up(db, dialect) {
    const identity = (table: string) =>
      db.schema
        .createTable(table)
        .addColumn('id', dialect === 'postgres' ? 'bigint' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
        );

    await db.schema
      .createTable('review_items')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('assignee', 'text')
      .addColumn('outcome', 'text')
      .addColumn('note', 'text')
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('fired_at', 'text')
      .addColumn('acknowledged_by', 'text')
      .addColumn('acknowledged_at', 'text')
      .addColumn('resolved_by', 'text')
      .addColumn('resolved_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('review_items_pk', ['kind', 'item_id'])
      .execute();
    await db.schema.createIndex('review_items_state').on('review_items').columns(['state', 'updated_at']).execute();
    await db.schema.createIndex('review_items_updated').on('review_items').column('updated_at').execute();

    await identity('review_comments')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('review_comments_item').on('review_comments').columns(['kind', 'item_id']).execute();

    await identity('review_history')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('from_state', 'text', (c) => c.notNull())
      .addColumn('to_state', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('details', 'text')
      .execute();
    await db.schema.createIndex('review_history_item').on('review_history').columns(['kind', 'item_id']).execute();
    await db.schema.createIndex('review_history_at').on('review_history').column('at').execute();
  },
};
