import type { ConsoleMigration } from './index.js';

/**
 * Acoustic insights (owned by server/insights): the events the console has read (the last
 * two weeks, for mic health and threshold advice; one row per edge event id, so an event read
 * twice, by the hub and by the back-fill, counts once), hourly counts per mic and label (four
 * weeks and more, for what is usual), the back-fill's progress, and label names.
 */
export const insights: ConsoleMigration = {
  async up(db) {
    await db.schema
      .createTable('insight_events')
      .addColumn('event_id', 'text', (c) => c.primaryKey())
      .addColumn('mic_id', 'text', (c) => c.notNull())
      .addColumn('label_id', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      // Thousandths, rounded down: thresholds are suggested on that grid, and grouping is exact.
      .addColumn('confidence_milli', 'integer')
      // Null until decided (its neighbours' events must have been read first); then 0 or 1.
      .addColumn('corroborated', 'integer')
      .addColumn('in_composite', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('insight_events_at').on('insight_events').column('at').execute();
    await db.schema
      .createIndex('insight_events_mic')
      .on('insight_events')
      .columns(['mic_id', 'label_id', 'at'])
      .execute();

    await db.schema
      .createTable('insight_hourly')
      .addColumn('mic_id', 'text', (c) => c.notNull())
      .addColumn('label_id', 'text', (c) => c.notNull())
      .addColumn('hour', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('insight_hourly_pk', ['mic_id', 'label_id', 'hour'])
      .execute();
    await db.schema.createIndex('insight_hourly_hour').on('insight_hourly').column('hour').execute();

    await db.schema
      .createTable('insight_state')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('insight_labels')
      .addColumn('label_id', 'text', (c) => c.primaryKey())
      .addColumn('name_ko', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull())
      .execute();
  },
};
