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
  /** Events the hub has just read: counted at once, without waiting for the next scan of the edge. */
  noteEvents(events: readonly { id: string; created_at: string }[]): void;
  /** Composite events the hub has just read (their base events stop counting on their own). */
  noteComposites(composites: readonly { id: string; started_at: string; events: readonly object[] }[]): void;
}

/** Items the hub passed on since the last scan; bounded, oldest dropped first. */
const MAX_NOTED = 20_000;

/**
 * Counts new items for the navigation badge. The edge's recent items are read at most once per
 * `cacheMs` (every screen asks), the review rows on every call, so an acknowledgement lowers the
 * count at once. With the live hub feeding it (`noteEvents`, `noteComposites`), new items count
 * as soon as the hub reads them, so the scan of the edge, the costly part, runs far less often.
 */
export function createNewCounter(
  db: ConsoleDb,
  access: EdgeAccess,
  options: { windowHours: number; cacheMs: number; read?: typeof readRecent },
): NewCounter {
  const read = options.read ?? readRecent;
  let cached: { at: number; since: Date; recent: Promise<RecentItems> } | null = null;
  // id → when it fired; Maps keep insertion order, so the oldest noted go first past the bound.
  const notedComposites = new Map<string, number>();
  const notedEvents = new Map<string, number>();
  const members = new Set<string>();
  const note = (into: Map<string, number>, id: string, at: string) => {
    into.set(id, Date.parse(at));
    if (into.size > MAX_NOTED) into.delete(into.keys().next().value!);
  };
  return {
    noteEvents(events) {
      for (const event of events) note(notedEvents, event.id, event.created_at);
    },
    noteComposites(composites) {
      for (const composite of composites) {
        note(notedComposites, composite.id, composite.started_at);
        for (const event of composite.events) {
          const id = (event as { id?: unknown }).id;
          if (typeof id === 'string') members.add(id);
        }
      }
      if (members.size > MAX_NOTED) members.clear();
    },
    async count(authorization) {
      const now = Date.now();
      // The server's token reads the same for everyone; a browser's token is not shared between callers.
      if (cached === null || now - cached.at > options.cacheMs || access.token === null) {
        const since = new Date(now - options.windowHours * 3_600_000);
        cached = { at: now, since, recent: read(access, since, authorization) };
        cached.recent.catch(() => (cached = null));
      }
      const { since, recent } = cached;
      const scanned = await recent;
      const within = (noted: Map<string, number>) =>
        [...noted].filter(([, at]) => !(at < since.getTime())).map(([id]) => id);
      const composites = [...new Set([...scanned.composites, ...within(notedComposites)])];
      const events = [...new Set([...scanned.events, ...within(notedEvents)])].filter((id) => !members.has(id));
      const keys: ItemKey[] = [
        ...composites.map((id) => ({ kind: 'composite' as const, id })),
        ...events.map((id) => ({ kind: 'event' as const, id })),
      ];
      const reviewed = new Set<string>();
      for (let i = 0; i < keys.length; i += 500) {
        for (const key of await reviewedKeys(db, keys.slice(i, i + 500))) reviewed.add(key);
      }
      const newComposites = composites.filter((id) => !reviewed.has(`composite:${id}`)).length;
      const newEvents = events.filter((id) => !reviewed.has(`event:${id}`)).length;
      return {
        new: newComposites + newEvents,
        composites: newComposites,
        events: newEvents,
        since: since.toISOString(),
        window_hours: options.windowHours,
        capped: scanned.capped,
      };
    },
  };
}
