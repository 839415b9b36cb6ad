import { sql } from 'kysely';
import type { ConsoleDb } from '../db/database.js';
import type { ItemKey } from '../review/model.js';
import { NOTIFY_CHANNEL, type ChangeNotice } from '../review/store.js';
import { procedureFor, readFacts } from './store.js';

export type TickResult =
  | { status: 'ok'; changed: boolean }
  /** The checklist was never read for this item: the console does not know its procedure. */
  | { status: 'unknown'; detail: string }
  | { status: 'invalid'; detail: string }
  | { status: 'refused'; detail: string };

class LostRace extends Error {}
const ATTEMPTS = 3;

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'));
}

/**
 * Ticks (or unticks) one step of an item's procedure. The tick, the review item's new version and
 * its history entry are one transaction: the history says who and when, the version makes a
 * resolve decided before the tick lose its check, and other screens hear of it as of any review
 * change. A tick on a new item acknowledges it (someone is on it). Ticks name no version of
 * their own, so losing a race to another tick is retried.
 */
export async function setTick(
  consoleDb: ConsoleDb,
  key: ItemKey,
  stepId: string,
  ticked: boolean,
  actor: string,
): Promise<TickResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tickOnce(consoleDb, key, stepId, ticked, actor);
    } catch (error) {
      if (attempt >= ATTEMPTS || (!(error instanceof LostRace) && !isUniqueViolation(error))) throw error;
    }
  }
}

async function tickOnce(
  consoleDb: ConsoleDb,
  key: ItemKey,
  stepId: string,
  ticked: boolean,
  actor: string,
): Promise<TickResult> {
  const postgres = consoleDb.dialect === 'postgres';
  return consoleDb.db.transaction().execute(async (tx): Promise<TickResult> => {
    const facts = await readFacts(tx, key);
    if (facts === null) return { status: 'unknown', detail: 'Open the item first: its procedure is not known yet.' };
    const procedure = await procedureFor(tx, facts, postgres);
    const step = procedure?.steps.find((s) => s.id === stepId);
    if (procedure === null || step === undefined) {
      return { status: 'invalid', detail: 'step: the procedure has no such step (it was edited); reload the page.' };
    }
    const itemQuery = tx
      .selectFrom('review_items')
      .selectAll()
      .where('kind', '=', key.kind)
      .where('item_id', '=', key.id);
    const row = await (postgres ? itemQuery.forUpdate() : itemQuery).executeTakeFirst();
    if (row?.state === 'resolved') {
      return { status: 'refused', detail: 'The item is resolved: reopen it to change its checklist.' };
    }
    const existing = await tx
      .selectFrom('procedure_ticks')
      .select('step_id')
      .where('kind', '=', key.kind)
      .where('item_id', '=', key.id)
      .where('step_id', '=', stepId)
      .executeTakeFirst();
    if (ticked === (existing !== undefined)) return { status: 'ok', changed: false };

    const now = new Date().toISOString();
    if (ticked) {
      await tx
        .insertInto('procedure_ticks')
        .values({
          kind: key.kind,
          item_id: key.id,
          step_id: stepId,
          procedure_id: procedure.id,
          ticked_by: actor,
          ticked_at: now,
        })
        .execute();
    } else {
      await tx
        .deleteFrom('procedure_ticks')
        .where('kind', '=', key.kind)
        .where('item_id', '=', key.id)
        .where('step_id', '=', stepId)
        .execute();
    }

    const fromState = row?.state ?? 'new';
    const acknowledging = fromState === 'new';
    const version = Number(row?.version ?? 0) + 1;
    const acknowledged = acknowledging ? { acknowledged_by: actor, acknowledged_at: now } : {};
    if (row === undefined) {
      await tx
        .insertInto('review_items')
        .values({
          kind: key.kind,
          item_id: key.id,
          state: 'acknowledged',
          assignee: actor,
          outcome: null,
          note: null,
          version,
          fired_at: facts.fired_at,
          acknowledged_by: actor,
          acknowledged_at: now,
          resolved_by: null,
          resolved_at: null,
          created_at: now,
          updated_at: now,
          updated_by: actor,
        })
        .execute();
    } else {
      const updated = await tx
        .updateTable('review_items')
        .set({
          version,
          updated_at: now,
          updated_by: actor,
          ...(acknowledging ? { state: 'acknowledged', assignee: row.assignee ?? actor, ...acknowledged } : {}),
        })
        .where('kind', '=', key.kind)
        .where('item_id', '=', key.id)
        .where('version', '=', row.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new LostRace();
    }
    await tx
      .insertInto('review_history')
      .values({
        kind: key.kind,
        item_id: key.id,
        at: now,
        actor,
        action: ticked ? 'procedure_tick' : 'procedure_untick',
        from_state: fromState,
        to_state: acknowledging ? 'acknowledged' : fromState,
        version,
        details: JSON.stringify({ step: step.text, step_id: step.id, procedure: procedure.title }),
      })
      .execute();
    if (postgres) {
      // As review's own changes: the other replicas hear of it on commit and tell their screens.
      const notice: ChangeNotice = { kind: key.kind, id: key.id, version, comment: null };
      await sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(notice)})`.execute(tx);
    }
    return { status: 'ok', changed: true };
  });
}
