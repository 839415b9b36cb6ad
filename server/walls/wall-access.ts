import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stringifySetCookie } from 'cookie';
import type { ConsoleDb } from '../db/database.js';
import { SIGN_IN_NEEDED } from '../auth/guard.js';
import { registerPrincipalResolver, type Principal } from '../auth/principal.js';
import { clientAddress, cookieValue } from '../auth/sessions.js';
import { findWallLinkByKey, plausibleKey, type WallLinkRow } from './wall-links.js';

/** The cookie a wall screen holds: the link's key, HttpOnly, so the page's scripts never see it. */
export const WALL_COOKIE = 'esc_wall';
export const WALL_REVOKED = 'This wall link was revoked.';
/** Machine-readable: the wall shows its "revoked" view for it. */
export const WALL_REVOKED_CODE = 'wall_revoked';

/** Browsers cap a cookie's life at 400 days; a wall screen reloads long before that. */
const COOKIE_MAX_AGE_S = 400 * 24 * 3600;
/** Last seen (time and address) is written at most this often per link. */
const SEEN_EVERY_MS = 60_000;

const revokedRequests = new WeakSet<FastifyRequest>();

export interface WallAccessOptions {
  db: ConsoleDb;
  cookieSecure: boolean;
}

/** `/w/<key>` as the request log may print it. */
export function redactWallPath(pathname: string): string {
  return pathname.replace(/^\/w\/[^/]*/, '/w/…');
}

function setWallCookie(reply: FastifyReply, key: string, secure: boolean): void {
  reply.header(
    'set-cookie',
    stringifySetCookie(WALL_COOKIE, key, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure,
      maxAge: COOKIE_MAX_AGE_S,
    }),
  );
}

function clearWallCookie(reply: FastifyReply, secure: boolean): void {
  reply.header(
    'set-cookie',
    stringifySetCookie(WALL_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: 0 }),
  );
}

async function noteSeen(db: ConsoleDb, row: WallLinkRow, ip: string | null, now = Date.now()): Promise<void> {
  const last = row.last_seen_at === null ? 0 : Date.parse(row.last_seen_at);
  if (now - last < SEEN_EVERY_MS && row.last_seen_ip === ip) return;
  await db.db
    .updateTable('wall_links')
    .set({ last_seen_at: new Date(now).toISOString(), last_seen_ip: ip })
    .where('id', '=', row.id)
    .execute();
}

/**
 * The wall-link side of sign-in: `/w/<key>` hands the browser its cookie and sends it to the
 * wall; the cookie then resolves to a read-only wall principal until the link is revoked, when
 * the console's 401 says so (`code: wall_revoked`) instead of asking for a sign-in.
 */
export function registerWallAccess(app: FastifyInstance, { db, cookieSecure }: WallAccessOptions): void {
  registerPrincipalResolver(app, async (request): Promise<Principal | null> => {
    const key = cookieValue(request, WALL_COOKIE);
    if (key === null || !plausibleKey(key)) return null;
    const row = await findWallLinkByKey(db, key);
    if (row === undefined) return null;
    if (row.revoked_at !== null) {
      revokedRequests.add(request);
      return null;
    }
    await noteSeen(db, row, clientAddress(request));
    return { kind: 'wall', wallId: row.id, name: row.name };
  });

  app.get('/w/:key', async (request, reply) => {
    const { key } = request.params as { key: string };
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const row = plausibleKey(key) ? await findWallLinkByKey(db, key) : undefined;
    if (row === undefined) {
      // Not a link (mistyped, or from another console): the wall then says it has no access.
      clearWallCookie(reply, cookieSecure);
      return reply.redirect('/wall', 303);
    }
    // A revoked link still gets its cookie, so the wall can say "revoked" rather than "sign in".
    setWallCookie(reply, key, cookieSecure);
    if (row.revoked_at === null) await noteSeen(db, row, clientAddress(request));
    return reply.redirect(row.query === '' ? '/wall' : `/wall?${row.query}`, 303);
  });

  // A revoked link's refusal says so: the console's own "sign in" answer (never an edge's 401
  // passed through) becomes "revoked", which the wall shows instead of asking for a sign-in.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 401 || !revokedRequests.has(request) || typeof payload !== 'string') return payload;
    try {
      if ((JSON.parse(payload) as { detail?: unknown }).detail !== SIGN_IN_NEEDED) return payload;
    } catch {
      return payload;
    }
    return JSON.stringify({ detail: WALL_REVOKED, code: WALL_REVOKED_CODE });
  });
}
