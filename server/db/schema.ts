import type { Generated } from 'kysely';
import type { AlertTables } from './tables/alerts.js';
import type { PriorityTables } from './tables/priority.js';
import type { ProcedureTables } from './tables/procedures.js';
import type { PushTables } from './tables/push.js';

/**
 * Tables of the console's own database. Portable types only: ids and times are text (times
 * ISO-8601 UTC with milliseconds, so they sort as text on SQLite and PostgreSQL), booleans 0/1,
 * JSON as text. Each concern adds its tables here, next to its migration.
 */
export interface ConsoleSchema extends PriorityTables, ProcedureTables, AlertTables, PushTables {
  accounts: AccountsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  login_known_addresses: LoginKnownAddressesTable;
  audit: AuditTable;
  review_items: ReviewItemsTable;
  review_comments: ReviewCommentsTable;
  review_history: ReviewHistoryTable;
  wall_links: WallLinksTable;
  insight_events: InsightEventsTable;
  insight_hourly: InsightHourlyTable;
  insight_state: InsightStateTable;
  insight_labels: InsightLabelsTable;
  hub_messages: HubMessagesTable;
}

/** The cluster's hand-over of what the edge's one reader read (server/cluster/relay.ts). */
export interface HubMessagesTable {
  /** The message's place in the order (bigint: PostgreSQL hands it back as text). */
  id: Generated<number | string>;
  /** A HubMessage as JSON, with the sending replica's id. */
  body: string;
  created_at: string;
}

export interface AccountsTable {
  id: string;
  /** Stored lower-cased: names are unique whatever their case. */
  username: string;
  /** Null for an account that only signs in through OIDC. */
  password_hash: string | null;
  role: string;
  disabled: number;
  oidc_subject: string | null;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
}

export interface SessionsTable {
  /** sha256 (hex) of the cookie's token: a leaked table cannot be replayed as cookies. */
  id: string;
  account_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

/**
 * One row per sign-in attempt per key (`account:<name>`, `ip:<address>`), shared by replicas:
 * written before the password is checked, kept when it was wrong (migration 0005 added `attempt`).
 */
export interface LoginFailuresTable {
  key: string;
  at: string;
  /** The attempt's id, so a right password takes back its rows; null for rows written before 0005. */
  attempt: string | null;
}

/** Where an account last signed in with its password: the per-name limit does not lock these out. */
export interface LoginKnownAddressesTable {
  account_id: string;
  ip: string;
  at: string;
}

export interface AuditTable {
  id: Generated<number>;
  at: string;
  actor_kind: string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** JSON text. */
  details: string | null;
  outcome: string;
  ip: string | null;
}

/** One reviewed composite or base event (kind + item_id); an item without a row is `new`. */
export interface ReviewItemsTable {
  kind: string;
  item_id: string;
  state: string;
  assignee: string | null;
  outcome: string | null;
  note: string | null;
  /** Bumped by every transition: optimistic concurrency between operators and replicas. */
  version: number;
  /** When the edge says the item fired, as the acting screen saw it (handover, escalation). */
  fired_at: string | null;
  acknowledged_by: string | null;
  acknowledged_at: string | null;
  resolved_by: string | null;
  resolved_at: string | null;
  /** First action on the item. */
  created_at: string;
  updated_at: string;
  updated_by: string;
}

export interface ReviewCommentsTable {
  id: Generated<number>;
  kind: string;
  item_id: string;
  author: string;
  text: string;
  at: string;
}

export interface ReviewHistoryTable {
  id: Generated<number>;
  kind: string;
  item_id: string;
  at: string;
  actor: string;
  action: string;
  from_state: string;
  to_state: string;
  version: number;
  /** JSON text: assignee, outcome, note. */
  details: string | null;
}

export interface WallLinksTable {
  id: string;
  name: string;
  /** sha256 (hex) of the key in the link's URL. */
  key_hash: string;
  /** The wall's options as a URL query string (no leading `?`). */
  query: string;
  created_at: string;
  created_by: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
  last_seen_at: string | null;
  last_seen_ip: string | null;
}

/** An edge event the console has read, kept two weeks (mic health, threshold advice). */
export interface InsightEventsTable {
  event_id: string;
  mic_id: string;
  label_id: string;
  at: string;
  /** Confidence in thousandths, rounded down. */
  confidence_milli: number | null;
  /** Null until decided; 1 when a neighbour reported the same label within the window. */
  corroborated: number | null;
  in_composite: Generated<number>;
}

/** Events per mic, label and hour (`hour`: the hour's start, ISO-8601 UTC). */
export interface InsightHourlyTable {
  mic_id: string;
  label_id: string;
  hour: string;
  count: number;
}

/** Small JSON documents of the insights concern (the back-fill's progress). */
export interface InsightStateTable {
  key: string;
  value: string;
}

export interface InsightLabelsTable {
  label_id: string;
  name_ko: string;
  name_en: string;
}
