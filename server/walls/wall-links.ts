import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { ConsoleDb } from '../db/database.js';
import type { WallLinksTable } from '../db/schema.js';
import { hashToken } from '../auth/sessions.js';
import { normaliseWallQuery } from './wall-query.js';

export type WallLinkRow = Selectable<WallLinksTable>;

/** A wall link as the admin API and the CLI show it: never its key or the key's hash. */
export interface WallLinkView {
  id: string;
  name: string;
  query: string;
  created_at: string;
  created_by: string | null;
  last_seen_at: string | null;
  last_seen_ip: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

export const NAME_MAX = 80;
/** 32 random bytes: 43 base64url characters, beyond any guessing. */
const KEY_BYTES = 32;

export class WallLinkError extends Error {
  constructor(
    message: string,
    readonly status: 404 | 409 | 422,
  ) {
    super(message);
  }
}

export function viewOf(row: WallLinkRow): WallLinkView {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    created_at: row.created_at,
    created_by: row.created_by,
    last_seen_at: row.last_seen_at,
    last_seen_ip: row.last_seen_ip,
    revoked_at: row.revoked_at,
    revoked_by: row.revoked_by,
  };
}

export function validName(input: unknown): string {
  if (typeof input !== 'string' || input.trim() === '') throw new WallLinkError('A wall link needs a name', 422);
  const name = input.trim();
  if (name.length > NAME_MAX) throw new WallLinkError(`A wall link's name has at most ${NAME_MAX} characters`, 422);
  if ([...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
    throw new WallLinkError("A wall link's name cannot contain control characters", 422);
  }
  return name;
}

/** Creates a link; returns it with its key, which exists only in this answer. */
export async function createWallLink(
  consoleDb: ConsoleDb,
  input: { name: unknown; query: string; createdBy: string | null },
): Promise<{ link: WallLinkView; key: string }> {
  const name = validName(input.name);
  const query = normaliseWallQuery(input.query);
  const taken = await consoleDb.db
    .selectFrom('wall_links')
    .select('id')
    .where('name', '=', name)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (taken !== undefined) throw new WallLinkError(`A wall link named "${name}" already exists`, 409);
  const key = crypto.randomBytes(KEY_BYTES).toString('base64url');
  const row: WallLinkRow = {
    id: crypto.randomUUID(),
    name,
    key_hash: hashToken(key),
    query,
    created_at: new Date().toISOString(),
    created_by: input.createdBy,
    revoked_at: null,
    revoked_by: null,
    last_seen_at: null,
    last_seen_ip: null,
  };
  try {
    await consoleDb.db.insertInto('wall_links').values(row).execute();
  } catch (error) {
    // Two admins creating the same name at once: the unique index decides.
    const again = await consoleDb.db
      .selectFrom('wall_links')
      .select('id')
      .where('name', '=', name)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (again !== undefined) throw new WallLinkError(`A wall link named "${name}" already exists`, 409);
    throw error;
  }
  return { link: viewOf(row), key };
}

/** Every link, those in use first, then newest first. */
export async function listWallLinks(consoleDb: ConsoleDb): Promise<WallLinkView[]> {
  const rows = await consoleDb.db.selectFrom('wall_links').selectAll().orderBy('created_at', 'desc').execute();
  return rows.map(viewOf).sort((a, b) => Number(a.revoked_at !== null) - Number(b.revoked_at !== null));
}

/** Revokes the link with that id, or the link in use with that name; null when there is none to revoke. */
export async function revokeWallLink(
  consoleDb: ConsoleDb,
  by: { id?: string; name?: string },
  revokedBy: string | null,
): Promise<WallLinkView | null> {
  let query = consoleDb.db.selectFrom('wall_links').selectAll().where('revoked_at', 'is', null);
  if (by.id !== undefined) query = query.where('id', '=', by.id);
  else if (by.name !== undefined) query = query.where('name', '=', by.name.trim());
  else return null;
  const row = await query.executeTakeFirst();
  if (row === undefined) return null;
  const revokedAt = new Date().toISOString();
  await consoleDb.db
    .updateTable('wall_links')
    .set({ revoked_at: revokedAt, revoked_by: revokedBy })
    .where('id', '=', row.id)
    .where('revoked_at', 'is', null)
    .execute();
  return viewOf({ ...row, revoked_at: revokedAt, revoked_by: revokedBy });
}

/**
 * Removes a revoked link for good (the list keeps revoked links until then). One statement, so a
 * link still in use is never removed. Null when no revoked link has that id; `inUse` says whether a
 * link in use has it.
 */
export async function removeRevokedWallLink(
  consoleDb: ConsoleDb,
  id: string,
): Promise<{ removed: WallLinkView } | { removed: null; inUse: boolean }> {
  const row = await consoleDb.db
    .deleteFrom('wall_links')
    .where('id', '=', id)
    .where('revoked_at', 'is not', null)
    .returningAll()
    .executeTakeFirst();
  if (row !== undefined) return { removed: viewOf(row) };
  const left = await consoleDb.db.selectFrom('wall_links').select('id').where('id', '=', id).executeTakeFirst();
  return { removed: null, inUse: left !== undefined };
}

export async function findWallLinkByKey(consoleDb: ConsoleDb, key: string): Promise<WallLinkRow | undefined> {
  return consoleDb.db.selectFrom('wall_links').selectAll().where('key_hash', '=', hashToken(key)).executeTakeFirst();
}

/** A plausible key: what `createWallLink` makes. Anything else is refused before touching the database. */
export function plausibleKey(key: string): boolean {
  return /^[A-Za-z0-9_-]{40,100}$/.test(key);
}
