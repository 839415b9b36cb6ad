/** The tables of procedures and their ticks (issue 26, server/procedures); joined into ConsoleSchema. */
export interface ProcedureTables {
  procedures: ProceduresTable;
  procedure_item_facts: ProcedureItemFactsTable;
  procedure_ticks: ProcedureTicksTable;
}

/** One checklist per sound label or per composite rule (`target_kind` + `target`, unique). */
export interface ProceduresTable {
  id: string;
  /** 'label' or 'rule'. */
  target_kind: string;
  /** The edge's label id or composite rule id. */
  target: string;
  title: string;
  /** JSON text: [{ id, text }], in order; a step keeps its id while its text is edited. */
  steps: string;
  /** 1: an item under this procedure is resolved only with every step ticked. */
  require_all: number;
  /** Bumped by every edit: two admins never overwrite each other unseen. */
  version: number;
  created_at: string;
  updated_at: string;
  updated_by: string;
}

/**
 * What the edge said of an item the console looked at (drill-down, review panel, live hub):
 * its rule and labels decide which procedure applies, read inside the resolve's transaction.
 */
export interface ProcedureItemFactsTable {
  kind: string;
  item_id: string;
  rule_id: string | null;
  /** JSON text: the label ids, in the edge's order. */
  label_ids: string;
  /** When the edge says the item fired. */
  fired_at: string;
  seen_at: string;
}

/** A step ticked on an item; unticking deletes the row (the review history keeps both). */
export interface ProcedureTicksTable {
  kind: string;
  item_id: string;
  step_id: string;
  procedure_id: string;
  ticked_by: string;
  ticked_at: string;
}
