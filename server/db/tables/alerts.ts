import type { Generated } from 'kysely';

/** The tables of alerts out (issue 29, migration 0009); joined into ConsoleSchema. */
export interface AlertTables {
  alert_channels: AlertConfigTable;
  alert_rules: AlertConfigTable;
  alerts: AlertsTable;
  alert_taken_events: AlertTakenEventsTable;
  alert_storm: AlertStormTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_attempts: AlertAttemptsTable;
}

/** A channel or a rule: `type` is the channel type ('rule' for rules); JSON settings; secrets never leave the server. */
export interface AlertConfigTable {
  id: string;
  name: string;
  type: string;
  enabled: number;
  /** JSON object. */
  settings: string;
  /** JSON object of write-only secrets ('{}' when none). */
  secrets: string;
  /** 'admin' (Admin → Alerts) or 'file' (ALERTS_FILE: read-only in the console). */
  source: string;
  created_at: string;
  updated_at: string;
}

/** One alert: one incident of one rule, updated by its later detections. */
export interface AlertsTable {
  id: string;
  rule_id: string;
  /** 'incident' or 'summary' (the storm cap's one message for a minute). */
  kind: string;
  label: string;
  /** JSON { en, ko }. */
  label_words: string;
  priority: string;
  /** The review item it belongs to: 'event' or 'composite', and its id. */
  item_kind: string;
  item_id: string;
  /** JSON array of { id, name, latitude, longitude }. */
  mics: string;
  /** JSON AlertPlace or null. */
  place: string | null;
  detections: number;
  suppressed: number;
  updates: number;
  first_at: string;
  last_at: string;
  /** 'open' | 'acknowledged' | 'closed'. */
  state: string;
  acknowledged_by: string | null;
  acknowledged_at: string | null;
  /** The escalation step due next (index into the rule's steps; claimed by moving it on). */
  next_step: number;
  next_step_at: string | null;
  created_at: string;
}

export interface AlertTakenEventsTable {
  rule_id: string;
  event_id: string;
  /** The alert it joined (null: held back by the storm cap or outside the schedule). */
  alert_id: string | null;
  at: string;
}

export interface AlertStormTable {
  rule_id: string;
  /** 'YYYY-MM-DDTHH:MM' UTC. */
  minute: string;
  sent: number;
  suppressed: number;
  summarized: number;
}

/** The queue: one message for one channel, claimed by one replica at a time. */
export interface AlertDeliveriesTable {
  id: string;
  alert_id: string | null;
  channel_id: string;
  kind: string;
  step: number;
  /** 'pending' | 'sending' | 'sent' | 'failed' (gave up) | 'cancelled'. */
  state: string;
  attempts: number;
  next_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  /** JSON AlertMessage for messages without an alert (a test); else built from the alert when sent. */
  message: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** The delivery log: every attempt. */
export interface AlertAttemptsTable {
  id: Generated<number | string>;
  delivery_id: string;
  alert_id: string | null;
  channel_id: string;
  channel_name: string;
  kind: string;
  at: string;
  /** 'ok' | 'retry' | 'failed' (gave up). */
  outcome: string;
  status: number | null;
  latency_ms: number;
  detail: string | null;
  replica: string;
}
