import type { ConsoleMigration } from './index.js';

/**
 * Alerts out (issue 29; server/alerts/): channels and rules (JSON settings; secrets in their own
 * column, never sent back), the alerts themselves (one per incident, with its escalation step and
 * who claimed it), which events each rule has taken (so no event is alerted twice, whichever
 * replica reads it), the delivery queue and its log, and the storm cap's minutes. Web Push's
 * tables are its own (0010-push).
 */
export const alerts: ConsoleMigration = {
  async up(db, dialect) {
    const identity = (table: string) =>
      db.schema
        .createTable(table)
        .addColumn('id', dialect === 'postgres' ? 'bigint' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
        );

    for (const table of ['alert_channels', 'alert_rules']) {
      await db.schema
        .createTable(table)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('secrets', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    }

    await db.schema
      .createTable('alerts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('rule_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('label_words', 'text', (c) => c.notNull())
      .addColumn('priority', 'text', (c) => c.notNull())
      .addColumn('item_kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('mics', 'text', (c) => c.notNull())
      .addColumn('place', 'text')
      .addColumn('detections', 'integer', (c) => c.notNull())
      .addColumn('suppressed', 'integer', (c) => c.notNull())
      .addColumn('updates', 'integer', (c) => c.notNull())
      .addColumn('first_at', 'text', (c) => c.notNull())
      .addColumn('last_at', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('acknowledged_by', 'text')
      .addColumn('acknowledged_at', 'text')
      .addColumn('next_step', 'integer', (c) => c.notNull())
      .addColumn('next_step_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('alerts_rule_last').on('alerts').columns(['rule_id', 'label', 'last_at']).execute();
    await db.schema.createIndex('alerts_escalation').on('alerts').columns(['state', 'next_step_at']).execute();
    await db.schema.createIndex('alerts_created').on('alerts').column('created_at').execute();

    await db.schema
      .createTable('alert_taken_events')
      .addColumn('rule_id', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('alert_id', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('alert_taken_events_pk', ['rule_id', 'event_id'])
      .execute();
    await db.schema.createIndex('alert_taken_events_at').on('alert_taken_events').column('at').execute();
    await db.schema.createIndex('alert_taken_events_alert').on('alert_taken_events').column('alert_id').execute();

    await db.schema
      .createTable('alert_storm')
      .addColumn('rule_id', 'text', (c) => c.notNull())
      .addColumn('minute', 'text', (c) => c.notNull())
      .addColumn('sent', 'integer', (c) => c.notNull())
      .addColumn('suppressed', 'integer', (c) => c.notNull())
      .addColumn('summarized', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('alert_storm_pk', ['rule_id', 'minute'])
      .execute();

    await db.schema
      .createTable('alert_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('alert_id', 'text')
      .addColumn('channel_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('step', 'integer', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_at', 'text', (c) => c.notNull())
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'text')
      .addColumn('message', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('alert_deliveries_due').on('alert_deliveries').columns(['state', 'next_at']).execute();
    await db.schema.createIndex('alert_deliveries_alert').on('alert_deliveries').column('alert_id').execute();

    await identity('alert_attempts')
      .addColumn('delivery_id', 'text', (c) => c.notNull())
      .addColumn('alert_id', 'text')
      .addColumn('channel_id', 'text', (c) => c.notNull())
      .addColumn('channel_name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('latency_ms', 'integer', (c) => c.notNull())
      .addColumn('detail', 'text')
      .addColumn('replica', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('alert_attempts_at').on('alert_attempts').column('at').execute();
  },
};
