import { ApiError } from '@/api';

/** Why the console (not the edge) refuses this screen: its wall link was revoked, or it holds no access at all. */
export type WallAccessProblem = 'revoked' | 'signed-out';

/** The console answers `{ detail, code }` when it refuses a request itself (see server/walls). */
export const WALL_REVOKED_CODE = 'wall_revoked';

/**
 * A revoked link ends the wall's access; an edge that rejects the server's token also answers
 * 401, but without the console's code, and keeps its banner over the last data instead.
 */
export function wallAccessProblem(error: unknown): 'revoked' | null {
  if (!(error instanceof ApiError) || error.status !== 401) return null;
  if (error.code === WALL_REVOKED_CODE) return 'revoked';
  return null;
}
