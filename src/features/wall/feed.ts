/** A feed entry: the record, when it happened, and when this screen first saw it. */
export interface FeedEntry<T> {
  id: string;
  at: number;
  /** 0 for entries already there when the wall started: they are not "new". */
  firstSeenAt: number;
  item: T;
}

export interface MergeOptions<T> {
  idOf: (item: T) => string;
  timeOf: (item: T) => string;
  /** When the incoming data was received. */
  now: number;
  windowMs: number;
  max: number;
  /** The first data of this screen: nothing in it is highlighted. */
  initial: boolean;
}

/**
 * Merges a fresh page into the feed: keeps when each entry was first seen, updates records
 * that changed, drops entries older than the window, newest first, never more than `max`.
 * Entries that fall off the page but are still in the window stay, so a short page never makes
 * the feed jump. Returns `previous` itself when nothing changed.
 */
export function mergeFeed<T>(
  previous: readonly FeedEntry<T>[],
  incoming: readonly T[],
  options: MergeOptions<T>,
): readonly FeedEntry<T>[] {
  const byId = new Map<string, FeedEntry<T>>();
  for (const entry of previous) byId.set(entry.id, entry);
  let changed = false;
  for (const item of incoming) {
    const id = options.idOf(item);
    const at = Date.parse(options.timeOf(item));
    if (Number.isNaN(at)) continue;
    const known = byId.get(id);
    if (known === undefined) {
      byId.set(id, { id, at, firstSeenAt: options.initial ? 0 : options.now, item });
      changed = true;
    } else if (known.item !== item) {
      byId.set(id, { ...known, at, item });
      changed = true;
    }
  }
  const oldest = options.now - options.windowMs;
  const next = [...byId.values()]
    .filter((entry) => entry.at >= oldest)
    .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
    .slice(0, options.max);
  if (!changed && next.length === previous.length && next.every((entry, i) => entry === previous[i])) return previous;
  return next;
}

export function isNew(entry: FeedEntry<unknown>, now: number, highlightMs: number): boolean {
  return entry.firstSeenAt > 0 && now - entry.firstSeenAt < highlightMs;
}
