import type { ConsoleDb } from '../db/database.js';
import { prioritizerFor, type ItemKind } from '../priority/index.js';
import { reviewFlags } from '../priority/store.js';
import type { ItemKey } from './model.js';
import { readRecent, type EdgeAccess, type RecentItems } from './recent.js';
import { reviewedKeys } from './store.js';

export interface NewCounts {
  /**
   * Review items (at or above the review level: composite events, and base events not part of one)
   * that fired since `since` and nobody has acted on. Detections below the level never count.
   */
  new: number;
  /** New detections below the review level: listed, never asking for a person. */
  detections: number;
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

/** A scan that also hands over the edge's objects, so they can be scored (older scans give ids only). */
type Scanned = RecentItems & { compositeItems?: readonly unknown[]; eventItems?: readonly unknown[] };

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
  options: { windowHours: number; cacheMs: number; read?: typeof readRecent; log: (message: string) => void },
): NewCounter {
  const read = options.read ?? readRecent;
  let cached: { at: number; since: Date; recent: Promise<RecentItems> } | null = null;
  // id → when it fired; Maps keep insertion order, so the oldest noted go first past the bound.
  const notedComposites = new Map<string, number>();
  const notedEvents = new Map<string, number>();
  const members = new Set<string>();
  const prioritizer = prioritizerFor(db);
  // kind:id → whether it is a review item, and how many base events it held when scored: scored when
  // the hub or a scan first hands it over, and again when it has grown (a third mic heard the shots).
  const isReview = new Map<string, { review: boolean; size: number }>();
  const sizeOf = (item: unknown) => {
    const events = (item as { events?: unknown }).events;
    return Array.isArray(events) ? events.length : 1;
  };
  const score = async (kind: ItemKind, items: readonly unknown[]) => {
    const sizes = new Map<string, number>();
    const fresh = items.filter((item) => {
      const id = (item as { id?: unknown }).id;
      const size = sizeOf(item);
      sizes.set(String(id), size);
      return size > (isReview.get(`${kind}:${id}`)?.size ?? 0);
    });
    if (fresh.length === 0) return;
    for (const [id, priority] of await prioritizer.scoreEdgeItems(kind, fresh)) {
      isReview.set(`${kind}:${id}`, { review: priority.review, size: sizes.get(id) ?? 1 });
      if (isReview.size > 4 * MAX_NOTED) isReview.delete(isReview.keys().next().value!);
    }
  };
  const scoring = new Set<Promise<void>>();
  const scoreLater = (kind: ItemKind, items: readonly unknown[]) => {
    const done = score(kind, items)
      .catch((error: unknown) =>
        options.log(`priority: could not score what the hub read: ${(error as Error).message}`),
      )
      .finally(() => scoring.delete(done));
    scoring.add(done);
  };
  const note = (into: Map<string, number>, id: string, at: string) => {
    into.set(id, Date.parse(at));
    if (into.size > MAX_NOTED) into.delete(into.keys().next().value!);
  };
  return {
    noteEvents(events) {
      for (const event of events) note(notedEvents, event.id, event.created_at);
      scoreLater('event', events);
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
      scoreLater('composite', composites);
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
      const scanned: Scanned = await recent;
      await score('composite', scanned.compositeItems ?? []);
      await score('event', scanned.eventItems ?? []);
      await Promise.all(scoring);
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
      // Items scored before this process started keep their verdict in the database; one never
      // scored (its facts never read) counts as a review item: unknown is not the same as harmless.
      const unknown = keys.filter((key) => !isReview.has(`${key.kind}:${key.id}`));
      for (let i = 0; i < unknown.length; i += 500) {
        // Its size when scored is not kept: handed over again, it is scored again, once.
        for (const [key, review] of await reviewFlags(db, unknown.slice(i, i + 500)))
          isReview.set(key, { review, size: 0 });
      }
      const asks = (kind: ItemKind, id: string) => isReview.get(`${kind}:${id}`)?.review ?? true;
      const open = (kind: ItemKind, ids: string[]) => ids.filter((id) => !reviewed.has(`${kind}:${id}`));
      const newComposites = open('composite', composites).filter((id) => asks('composite', id)).length;
      const newEvents = open('event', events).filter((id) => asks('event', id)).length;
      const detections =
        open('composite', composites).length + open('event', events).length - newComposites - newEvents;
      return {
        new: newComposites + newEvents,
        detections,
        composites: newComposites,
        events: newEvents,
        since: since.toISOString(),
        window_hours: options.windowHours,
        capped: scanned.capped,
      };
    },
  };
}
