import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { ConsoleDb } from '../db/database.js';
import type { ConsoleSchema } from '../db/schema.js';
import type { ProceduresTable } from '../db/tables/procedures.js';
import type { ItemKey } from '../review/model.js';
import {
  applicable,
  resolveRefusal,
  type ItemFacts,
  type Procedure,
  type ProcedureBody,
  type Step,
  type TargetKind,
  type Tick,
} from './model.js';

type Db = Kysely<ConsoleSchema>;

function fromRow(row: Selectable<ProceduresTable>): Procedure {
  return {
    id: row.id,
    target_kind: row.target_kind as TargetKind,
    target: row.target,
    title: row.title,
    steps: JSON.parse(row.steps) as Step[],
    require_all: Number(row.require_all) === 1,
    version: Number(row.version),
    created_at: row.created_at,
    updated_at: row.updated_at,
    updated_by: row.updated_by,
  };
}

export async function listProcedures(consoleDb: ConsoleDb): Promise<Procedure[]> {
  const rows = await consoleDb.db
    .selectFrom('procedures')
    .selectAll()
    .orderBy('target_kind')
    .orderBy('target')
    .execute();
  return rows.map(fromRow);
}

export async function getProcedure(consoleDb: ConsoleDb, id: string): Promise<Procedure | null> {
  const row = await consoleDb.db.selectFrom('procedures').selectAll().where('id', '=', id).executeTakeFirst();
  return row === undefined ? null : fromRow(row);
}

/** Steps keep the id they were sent with (so their ticks stay theirs); new steps get a fresh one. */
function withIds(steps: ProcedureBody['steps'], known: readonly Step[]): Step[] {
  const knownIds = new Set(known.map((step) => step.id));
  const used = new Set<string>();
  return steps.map(({ id, text }) => {
    const keep = id !== undefined && knownIds.has(id) && !used.has(id);
    const stepId = keep ? id : crypto.randomBytes(6).toString('hex');
    used.add(stepId);
    return { id: stepId, text };
  });
}

export type SaveResult =
  | { status: 'ok'; procedure: Procedure }
  | { status: 'conflict'; detail: string; current: Procedure | null }
  | { status: 'taken'; detail: string };

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'));
}

const takenDetail = (body: ProcedureBody) =>
  `target: the ${body.target_kind} ${body.target} has a procedure already; edit that one.`;

export async function createProcedure(consoleDb: ConsoleDb, body: ProcedureBody, actor: string): Promise<SaveResult> {
  const now = new Date().toISOString();
  const procedure: Procedure = {
    id: crypto.randomUUID(),
    target_kind: body.target_kind,
    target: body.target,
    title: body.title,
    steps: withIds(body.steps, []),
    require_all: body.require_all,
    version: 1,
    created_at: now,
    updated_at: now,
    updated_by: actor,
  };
  try {
    await consoleDb.db
      .insertInto('procedures')
      .values({ ...procedure, steps: JSON.stringify(procedure.steps), require_all: procedure.require_all ? 1 : 0 })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'taken', detail: takenDetail(body) };
    throw error;
  }
  return { status: 'ok', procedure };
}

/** Writes an edit only over the version it was made on: two admins never overwrite each other unseen. */
export async function updateProcedure(
  consoleDb: ConsoleDb,
  id: string,
  expectedVersion: number,
  body: ProcedureBody,
  actor: string,
): Promise<SaveResult> {
  const current = await getProcedure(consoleDb, id);
  if (current === null || current.version !== expectedVersion) {
    const detail =
      current === null ? 'The procedure was deleted.' : `Changed by ${current.updated_by} at ${current.updated_at}.`;
    return { status: 'conflict', detail, current };
  }
  const next: Procedure = {
    ...current,
    target_kind: body.target_kind,
    target: body.target,
    title: body.title,
    steps: withIds(body.steps, current.steps),
    require_all: body.require_all,
    version: current.version + 1,
    updated_at: new Date().toISOString(),
    updated_by: actor,
  };
  try {
    const updated = await consoleDb.db
      .updateTable('procedures')
      .set({ ...next, steps: JSON.stringify(next.steps), require_all: next.require_all ? 1 : 0 })
      .where('id', '=', id)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      const now = await getProcedure(consoleDb, id);
      return { status: 'conflict', detail: 'Changed by someone else.', current: now };
    }
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'taken', detail: takenDetail(body) };
    throw error;
  }
  return { status: 'ok', procedure: next };
}

export async function deleteProcedure(consoleDb: ConsoleDb, id: string): Promise<Procedure | null> {
  const current = await getProcedure(consoleDb, id);
  if (current === null) return null;
  await consoleDb.db.deleteFrom('procedures').where('id', '=', id).execute();
  return current;
}

export async function readFacts(db: Db, key: ItemKey): Promise<ItemFacts | null> {
  const row = await db
    .selectFrom('procedure_item_facts')
    .selectAll()
    .where('kind', '=', key.kind)
    .where('item_id', '=', key.id)
    .executeTakeFirst();
  if (row === undefined) return null;
  return { rule_id: row.rule_id, label_ids: JSON.parse(row.label_ids) as string[], fired_at: row.fired_at };
}

/** Remembers what the edge said of an item; an item's rule and labels never change, so the first stays. */
export async function saveFacts(consoleDb: ConsoleDb, key: ItemKey, facts: ItemFacts): Promise<void> {
  await consoleDb.db
    .insertInto('procedure_item_facts')
    .values({
      kind: key.kind,
      item_id: key.id,
      rule_id: facts.rule_id,
      label_ids: JSON.stringify(facts.label_ids),
      fired_at: facts.fired_at,
      seen_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['kind', 'item_id']).doNothing())
    .execute();
}

/**
 * The procedure that applies to an item with these facts. `lock` (PostgreSQL, inside a
 * transaction): the candidate rows are held until commit, so an admin's edit waits for it.
 */
export async function procedureFor(db: Db, facts: ItemFacts, lock = false): Promise<Procedure | null> {
  const query = db
    .selectFrom('procedures')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('target_kind', '=', 'rule'), eb('target', '=', facts.rule_id ?? '')]),
        ...(facts.label_ids.length === 0
          ? []
          : [eb.and([eb('target_kind', '=', 'label'), eb('target', 'in', facts.label_ids)])]),
      ]),
    );
  const rows = await (lock ? query.forShare() : query).execute();
  return applicable(rows.map(fromRow), facts);
}

export async function readTicks(db: Db, key: ItemKey): Promise<Tick[]> {
  return db
    .selectFrom('procedure_ticks')
    .select(['step_id', 'ticked_by', 'ticked_at'])
    .where('kind', '=', key.kind)
    .where('item_id', '=', key.id)
    .orderBy('ticked_at')
    .execute();
}

/**
 * Why this item may not be resolved now, or null. Called by server/review inside the resolve's
 * transaction: every tick bumps the review item's version, so a tick or untick between this read
 * and the resolve's write makes the resolve lose its version check instead of slipping through.
 */
export async function procedureRefusal(tx: Db, dialect: ConsoleDb['dialect'], key: ItemKey): Promise<string | null> {
  const facts = await readFacts(tx, key);
  if (facts === null) return null;
  const procedure = await procedureFor(tx, facts, dialect === 'postgres');
  return resolveRefusal(procedure, await readTicks(tx, key));
}
