import { sql, type Kysely, type Selectable } from 'kysely';
import type { ConsoleDb } from '../db/database.js';
import type { ConsoleSchema, ReviewItemsTable } from '../db/schema.js';
import { procedureRefusal } from '../procedures/store.js';
import {
  applyTransition,
  conflictDetail,
  implicitItem,
  type ItemKey,
  type ItemKind,
  type Outcome,
  type ReviewItem,
  type ReviewState,
  type Transition,
} from './model.js';

/** PostgreSQL channel every replica listens on; the payload names the item and its version. */
export const NOTIFY_CHANNEL = 'esc_review';

export interface Comment {
  id: number;
  author: string;
  text: string;
  at: string;
}

export interface HistoryEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  from_state: ReviewState;
  to_state: ReviewState;
  version: number;
  details: Record<string, unknown> | null;
}

export type ActResult =
  | { status: 'ok'; item: ReviewItem }
  | { status: 'conflict'; item: ReviewItem; detail: string }
  /** The action itself cannot be taken (an assignee who may not act, a procedure's steps not ticked): nothing was changed. */
  | { status: 'invalid'; detail: string };

function fromRow(row: Selectable<ReviewItemsTable>): ReviewItem {
  return {
    kind: row.kind as ItemKind,
    id: row.item_id,
    state: row.state as ReviewState,
    assignee: row.assignee,
    outcome: row.outcome as Outcome | null,
    note: row.note,
    version: Number(row.version),
    fired_at: row.fired_at,
    acknowledged_by: row.acknowledged_by,
    acknowledged_at: row.acknowledged_at,
    resolved_by: row.resolved_by,
    resolved_at: row.resolved_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    updated_by: row.updated_by,
  };
}

function toRow(item: ReviewItem): ReviewItemsTable {
  return {
    kind: item.kind,
    item_id: item.id,
    state: item.state,
    assignee: item.assignee,
    outcome: item.outcome,
    note: item.note,
    version: item.version,
    fired_at: item.fired_at,
    acknowledged_by: item.acknowledged_by,
    acknowledged_at: item.acknowledged_at,
    resolved_by: item.resolved_by,
    resolved_at: item.resolved_at,
    created_at: item.created_at ?? item.updated_at ?? new Date().toISOString(),
    updated_at: item.updated_at ?? new Date().toISOString(),
    updated_by: item.updated_by ?? '',
  };
}

const keyOf = (item: { kind: string; id: string }) => `${item.kind}:${item.id}`;

async function readItem(db: Kysely<ConsoleSchema>, key: ItemKey): Promise<ReviewItem> {
  const row = await db
    .selectFrom('review_items')
    .selectAll()
    .where('kind', '=', key.kind)
    .where('item_id', '=', key.id)
    .executeTakeFirst();
  return row === undefined ? implicitItem(key) : fromRow(row);
}

export async function getItem(consoleDb: ConsoleDb, key: ItemKey): Promise<ReviewItem> {
  return readItem(consoleDb.db, key);
}

/** The states of many items at once (one query per kind); missing rows come back `new`. */
export async function getStates(consoleDb: ConsoleDb, keys: ItemKey[]): Promise<ReviewItem[]> {
  const found = new Map<string, ReviewItem>();
  for (const kind of ['composite', 'event'] as const) {
    const ids = keys.filter((key) => key.kind === kind).map((key) => key.id);
    if (ids.length === 0) continue;
    const rows = await consoleDb.db
      .selectFrom('review_items')
      .selectAll()
      .where('kind', '=', kind)
      .where('item_id', 'in', ids)
      .execute();
    for (const row of rows) found.set(keyOf({ kind: row.kind, id: row.item_id }), fromRow(row));
  }
  return keys.map((key) => found.get(keyOf(key)) ?? implicitItem(key));
}

/** Which of these items have a review row at all (anything not listed is still new). */
export async function reviewedKeys(consoleDb: ConsoleDb, keys: ItemKey[]): Promise<Set<string>> {
  const states = await getStates(consoleDb, keys);
  return new Set(states.filter((item) => item.version > 0).map(keyOf));
}

export async function getThread(
  consoleDb: ConsoleDb,
  key: ItemKey,
): Promise<{ comments: Comment[]; history: HistoryEntry[] }> {
  const comments = await consoleDb.db
    .selectFrom('review_comments')
    .select(['id', 'author', 'text', 'at'])
    .where('kind', '=', key.kind)
    .where('item_id', '=', key.id)
    .orderBy('id')
    .execute();
  const history = await consoleDb.db
    .selectFrom('review_history')
    .select(['id', 'at', 'actor', 'action', 'from_state', 'to_state', 'version', 'details'])
    .where('kind', '=', key.kind)
    .where('item_id', '=', key.id)
    .orderBy('id')
    .execute();
  return {
    comments: comments.map((c) => ({ ...c, id: Number(c.id) })),
    history: history.map((h) => ({
      ...h,
      id: Number(h.id),
      version: Number(h.version),
      from_state: h.from_state as ReviewState,
      to_state: h.to_state as ReviewState,
      details: h.details === null ? null : (JSON.parse(h.details) as Record<string, unknown>),
    })),
  };
}

class LostRace extends Error {}

/**
 * Why `name` cannot be given an item, or null when it can: only an enabled operator or admin
 * may act on it. Read in the action's transaction, the account locked on PostgreSQL until it
 * commits, so an account disabled or made a viewer meanwhile is never assigned.
 */
async function assigneeRefusal(tx: Kysely<ConsoleSchema>, dialect: ConsoleDb['dialect'], name: string) {
  const query = tx.selectFrom('accounts').select(['role', 'disabled']).where('username', '=', name);
  const account = await (dialect === 'postgres' ? query.forShare() : query).executeTakeFirst();
  if (account === undefined) return `assignee: no account named "${name}"`;
  if (Number(account.disabled) !== 0) return `assignee: the account ${name} is disabled.`;
  if (account.role !== 'operator' && account.role !== 'admin')
    return `assignee: ${name} is a ${account.role} and cannot act on reviews; assign an operator or an admin.`;
  return null;
}

/**
 * Applies one transition under optimistic concurrency: the row is written only if it still has
 * the version the transition was decided on (or, for a first action, if nobody inserted it
 * meanwhile). Whoever loses gets the item as it is now, so nothing is applied twice or lost.
 * `firedAt` is the edge's time of the item (see applyTransition). On PostgreSQL the notification
 * is sent inside the transaction, so it goes out only on commit.
 */
export async function act(
  consoleDb: ConsoleDb,
  key: ItemKey,
  t: Transition,
  actor: string,
  firedAt: string | null,
): Promise<ActResult> {
  const now = new Date().toISOString();
  try {
    return await consoleDb.db.transaction().execute(async (tx) => {
      if (t.action === 'assign') {
        const refusal = await assigneeRefusal(tx, consoleDb.dialect, t.assignee);
        if (refusal !== null) return { status: 'invalid', detail: refusal };
      }
      const current = await readItem(tx, key);
      const result = applyTransition(current, t, actor, now, firedAt);
      if (!result.ok) return { status: 'conflict', item: result.current, detail: result.detail };
      const next = result.next;
      // A procedure may require every step ticked: checked here, in the transaction that resolves.
      const refusal = t.action === 'resolve' ? await procedureRefusal(tx, consoleDb.dialect, key) : null;
      if (refusal !== null) return { status: 'invalid', detail: refusal };
      if (current.version === 0) {
        await tx.insertInto('review_items').values(toRow(next)).execute();
      } else {
        const updated = await tx
          .updateTable('review_items')
          .set(toRow(next))
          .where('kind', '=', key.kind)
          .where('item_id', '=', key.id)
          .where('version', '=', current.version)
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
          action: t.action,
          from_state: current.state,
          to_state: next.state,
          version: next.version,
          details: Object.keys(result.details).length === 0 ? null : JSON.stringify(result.details),
        })
        .execute();
      if (consoleDb.dialect === 'postgres') await notify(tx, next);
      return { status: 'ok', item: next };
    });
  } catch (error) {
    // Another operator (or replica) inserted or updated the row between our read and write.
    if (!(error instanceof LostRace) && !isUniqueViolation(error)) throw error;
    const current = await readItem(consoleDb.db, key);
    return { status: 'conflict', item: current, detail: conflictDetail(current, t.action) };
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'));
}

/** What a replica tells the others: which item changed, to which version, and whether by a comment. */
export interface ChangeNotice {
  kind: ItemKind;
  id: string;
  version: number;
  /** The id of the comment that was added; null for a transition. */
  comment: number | null;
}

async function notify(db: Kysely<ConsoleSchema>, item: ReviewItem, comment: number | null = null): Promise<void> {
  const notice: ChangeNotice = { kind: item.kind, id: item.id, version: item.version, comment };
  const payload = JSON.stringify(notice);
  await sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`.execute(db);
}

/** Appends a comment; comments never conflict, so they take no version. */
export async function addComment(consoleDb: ConsoleDb, key: ItemKey, author: string, text: string): Promise<Comment> {
  const at = new Date().toISOString();
  const row = await consoleDb.db
    .insertInto('review_comments')
    .values({ kind: key.kind, item_id: key.id, author, text, at })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (consoleDb.dialect === 'postgres') await notify(consoleDb.db, await readItem(consoleDb.db, key), Number(row.id));
  return { id: Number(row.id), author, text, at };
}

/**
 * What a handover of [from, to] reads from the console's own rows: items acknowledged or
 * resolved in the period, and every item still open (whenever it fired), newest change first.
 */
export async function reviewsForHandover(consoleDb: ConsoleDb, from: string, to: string, limit: number) {
  const rows = await consoleDb.db
    .selectFrom('review_items')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('acknowledged_at', '>=', from), eb('acknowledged_at', '<=', to)]),
        eb.and([eb('resolved_at', '>=', from), eb('resolved_at', '<=', to)]),
        eb('state', '!=', 'resolved'),
      ]),
    )
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(fromRow);
}
