/** Why the console (not the edge) refuses this screen: its wall link was revoked, or it holds no access at all. */
export type WallAccessProblem = 'revoked' | 'signed-out';

/** The console's `code` when the screen's wall link was revoked (see server/walls). */
export const WALL_REVOKED_CODE = 'wall_revoked';

/**
 * Asked once the console has refused one of the wall's requests for want of a session: whether
 * this screen's link was revoked (the console says so with its code) or it never had access.
 */
export async function wallAccessProblem(signal?: AbortSignal): Promise<WallAccessProblem> {
  const response = await fetch('/auth/me', { headers: { accept: 'application/json' }, signal });
  if (response.status !== 401) return 'signed-out';
  const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
  return body?.code === WALL_REVOKED_CODE ? 'revoked' : 'signed-out';
}
