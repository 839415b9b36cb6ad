import type { ConsoleDb } from '../db/database.js';
import type { ItemKey } from './model.js';
import { readRecent, type EdgeAccess, type RecentItems } from './recent.js';
import { reviewedKeys } from './store.js';

export interface NewCounts {
  /** Composite events, and base events not part of one, that fired since `since` and nobody has acted on. */
  new: number;
  composites: number;
  events: number;
  since: string;
  window_hours: number;
  /** The scan stopped at its page limit: there may be more. */
  capped: boolean;
}

export interface NewCounter {
  count(authorization: string | null): Promise<NewCounts>;
}

/**
 * Counts new items for the navigation badge. The edge's recent items are read at most once per
 * `cacheMs` (every screen asks), the review rows on every call, so an acknowledgement lowers the
 * count at once.
 */
export function createNewCounter(
  db: ConsoleDb,
  access: EdgeAccess,
  options: { windowHours: number; cacheMs: number; read?: typeof readRecent },
): NewCounter {
  const read = options.read ?? readRecent;
  let cached: { at: number; since: Date; recent: Promise<RecentItems> } | null = null;
  return {
    async count(authorization) {
      const now = Date.now();
      // The server's token reads the same for everyone; a browser's token is not shared between callers.
      if (cached === null || now - cached.at > options.cacheMs || access.token === null) {
        const since = new Date(now - options.windowHours * 3_600_000);
        cached = { at: now, since, recent: read(access, since, authorization) };
        cached.recent.catch(() => (cached = null));
      }
      const { since, recent } = cached;
      const items = await recent;
      const keys: ItemKey[] = [
        ...items.composites.map((id) => ({ kind: 'composite' as const, id })),
        ...items.events.map((id) => ({ kind: 'event' as const, id })),
      ];
      const reviewed = new Set<string>();
      for (let i = 0; i < keys.length; i += 500) {
        for (const key of await reviewedKeys(db, keys.slice(i, i + 500))) reviewed.add(key);
      }
      const composites = items.composites.filter((id) => !reviewed.has(`composite:${id}`)).length;
      const events = items.events.filter((id) => !reviewed.has(`event:${id}`)).length;
      return {
        new: composites + events,
        composites,
        events,
        since: since.toISOString(),
        window_hours: options.windowHours,
        capped: items.capped,
      };
    },
  };
}
