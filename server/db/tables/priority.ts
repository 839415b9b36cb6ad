/** The tables of incident priority (issue 26); joined into ConsoleSchema. */

/** Admin settings of priority: `review_level`, and `severity:<label>` per label set. */
export interface PrioritySettingsTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: string;
}

/**
 * What the console read of an item when it scored it (from the edge, never from a browser): the
 * label and mics an outcome later teaches about, and the hour of the week it fired (UTC, 0 = Monday 00h).
 */
export interface PriorityFactsTable {
  kind: string;
  item_id: string;
  label_id: string;
  /** JSON array of mic ids. */
  mic_ids: string;
  /** JSON array of the labels heard, most frequent first: with the rest, enough to score it again. */
  labels: string;
  db_over: number | null;
  rule_priority: string | null;
  fired_at: string;
  hour_of_week: number;
  level: string;
  score: number;
}

export interface PriorityTables {
  priority_settings: PrioritySettingsTable;
  priority_facts: PriorityFactsTable;
}
