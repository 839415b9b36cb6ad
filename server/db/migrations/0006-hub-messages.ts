import type { ConsoleMigration } from './index.js';

/**
 * What the replica reading the edge hands the others (server/cluster/): each message in order,
 * its id the order. NOTIFY carries a small message whole and a large one by id; a replica that
 * missed some (its LISTEN connection dropped) reads them here. Kept minutes, then deleted. Made on
 * SQLite too, where one process needs no hand-over and it stays empty.
 */
export const hubMessages: ConsoleMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('hub_messages')
      .addColumn('id', dialect === 'postgres' ? 'bigint' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
      )
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('hub_messages_created_at').on('hub_messages').column('created_at').execute();
  },
};
