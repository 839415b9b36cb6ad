import type { Query, QueryClient } from '@tanstack/react-query';
import { windowStart } from '@/lib/time-window';
import { inventoryMicOf, withCategoriesOf } from '../inventory-check';
import type { CompositeEventQuery, EventQuery } from '../queries';
import { compositeEventQueries, eventQueries, micQueries } from '../queries';
import { reviewQueries, storeReviewItem } from '../review';
import type { CompositeEvent, Inventory, InventoryMic, Mic, Page, SoundEvent } from '../schemas';
import type { MicsMessage, ResetScope, ReviewMessage } from './messages';
import { pushedEvents } from './pushed-events';

/**
 * `meta` of a list query that takes pushed items into its first page (the wall's, the map's and
 * the composite timeline's live lists). Event lists without it keep their snapshot (the events page
 * shows "N newer events"); a composite list without it, or ordered or bounded otherwise than
 * newest first, reads its first page again.
 */
export const LIVE_MERGE = { live: 'merge' } as const;

const merges = (query: Query) => (query.meta as { live?: string } | undefined)?.live === LIVE_MERGE.live;
const paramsOf = <T>(query: Query) => query.queryKey[2] as T;
const DEFAULT_SIZE = 10;

/** Mic changes: each cached inventory at the message's base version takes them; any other refetches from the hub. */
export function applyMics(queryClient: QueryClient, message: MicsMessage, streamEdge: string | null): void {
  let added = false;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: micQueries.inventories() })) {
    const inventory = query.state.data as Inventory | undefined;
    const edge = paramsOf<{ edge_id: string | null }>(query).edge_id;
    if (inventory === undefined || inventory.version === message.to) continue;
    // A stream narrowed to one edge says nothing of the others: those copies refetch when next shown.
    const covered = streamEdge === null || edge === streamEdge;
    if (message.refetch || !covered || inventory.version !== message.from) {
      void queryClient.invalidateQueries({
        queryKey: query.queryKey,
        exact: true,
        refetchType: covered ? 'active' : 'none',
      });
      continue;
    }
    const ours = (mic: Mic) => edge === null || mic.edge_id === edge;
    const gone = new Set([...message.removals, ...message.upserts.filter((m) => !ours(m)).map((m) => m.id)]);
    const changed = new Map(message.upserts.filter(ours).map((mic) => [mic.id, inventoryMicOf(mic)]));
    const mics: InventoryMic[] = [];
    for (const mic of inventory.mics) {
      if (gone.has(mic.id)) continue;
      mics.push(changed.get(mic.id) ?? mic);
      changed.delete(mic.id);
    }
    if (changed.size > 0) added = true;
    mics.push(...changed.values());
    const categories = withCategoriesOf(inventory.categories, message.upserts.filter(ours));
    queryClient.setQueryData<Inventory>(query.queryKey, { ...inventory, version: message.to, categories, mics });
  }
  // Thresholds may have changed: the coverage layer reads them again when next shown.
  if (message.upserts.length > 0 || message.removals.length > 0) {
    void queryClient.invalidateQueries({ queryKey: micQueries.levelsAll() });
  }
  for (const mic of message.upserts) {
    if (queryClient.getQueryData(micQueries.detail(mic.id).queryKey) !== undefined) {
      queryClient.setQueryData(micQueries.detail(mic.id).queryKey, mic);
    }
  }
  const byId = new Map(message.upserts.map((mic) => [mic.id, mic]));
  queryClient.setQueriesData<Page<Mic>>({ queryKey: micQueries.lists() }, (page) =>
    page === undefined ? page : { ...page, results: page.results.map((m) => byId.get(m.id) ?? m) },
  );
  // A mic that came or went may change which mics a table page holds: that page asks the edge again.
  if (added || message.removals.length > 0) void queryClient.invalidateQueries({ queryKey: micQueries.lists() });
}

/** Whether `at` falls in the list's window of the last minutes, bounded as the list's own read bounds it. */
const inWindow = (sinceMinutes: number | undefined, at: string, now: number) =>
  sinceMinutes === undefined || Date.parse(at) >= Date.parse(windowStart(sinceMinutes, now));

function eventFits(params: EventQuery, event: SoundEvent, now: number): boolean {
  if (params.label_id !== undefined && params.label_id.length > 0 && !params.label_id.includes(event.label.id))
    return false;
  if (params.mic_id !== undefined && params.mic_id.length > 0 && !params.mic_id.includes(event.mic.id)) return false;
  return inWindow(params.sinceMinutes, event.created_at, now);
}

const newestFirst =
  <T>(timeOf: (item: T) => string) =>
  (a: T, b: T) =>
    Date.parse(timeOf(b)) - Date.parse(timeOf(a));

/** Merges items into a first page: replaced by id, newest first, at most `size`; `total_cnt` counts the new ones. */
function mergeFirstPage<T extends { id: string }>(
  page: Page<T>,
  items: readonly T[],
  size: number,
  timeOf: (item: T) => string,
): Page<T> {
  const byId = new Map(page.results.map((item) => [item.id, item]));
  let added = 0;
  for (const item of items) {
    if (!byId.has(item.id)) added++;
    byId.set(item.id, item);
  }
  const results = [...byId.values()].sort(newestFirst(timeOf)).slice(0, size);
  return { ...page, results, total_cnt: page.total_cnt + added };
}

/** New events: into the live lists they fit, and the tab's record of pushed events. */
export function applyEvents(queryClient: QueryClient, events: readonly SoundEvent[], now = Date.now()): void {
  pushedEvents.add(events);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: eventQueries.lists() })) {
    const params = paramsOf<EventQuery>(query);
    const page = query.state.data as Page<SoundEvent> | undefined;
    if (!merges(query) || page === undefined || (params.page ?? 1) !== 1 || params.end != null || params.start != null)
      continue;
    const fitting = events.filter((event) => eventFits(params, event, now));
    if (fitting.length === 0) continue;
    queryClient.setQueryData(
      query.queryKey,
      mergeFirstPage(page, fitting, params.size ?? DEFAULT_SIZE, (e) => e.created_at),
    );
  }
}

/** New or grown composite events: into the live lists and cached details; any other list's first page reads again. */
export function applyComposites(
  queryClient: QueryClient,
  composites: readonly CompositeEvent[],
  now = Date.now(),
): void {
  for (const composite of composites) {
    const key = compositeEventQueries.detail(composite.id).queryKey;
    if (queryClient.getQueryData(key) !== undefined) queryClient.setQueryData(key, composite);
  }
  for (const query of queryClient.getQueryCache().findAll({ queryKey: compositeEventQueries.lists() })) {
    const params = paramsOf<CompositeEventQuery>(query);
    const page = query.state.data as Page<CompositeEvent> | undefined;
    if (page === undefined || (params.page ?? 1) !== 1 || params.created_at__le != null) continue;
    if (!merges(query) || params.order_by !== 'desc' || params.created_at__ge != null) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    const fitting = composites.filter(
      (c) =>
        (params.composite_rule_id == null || c.rule.id === params.composite_rule_id) &&
        inWindow(params.sinceMinutes, c.started_at, now),
    );
    if (fitting.length === 0) continue;
    queryClient.setQueryData(
      query.queryKey,
      mergeFirstPage(page, fitting, params.size ?? DEFAULT_SIZE, (c) => c.started_at),
    );
  }
}

/** The stream could not fill a gap: what it names is fetched again. */
export function applyReset(queryClient: QueryClient, scope: readonly string[]): void {
  const has = (name: ResetScope) => scope.includes(name);
  if (has('mics')) void queryClient.invalidateQueries({ queryKey: micQueries.inventories() });
  if (has('events')) {
    pushedEvents.clear();
    void queryClient.invalidateQueries({ queryKey: eventQueries.lists() });
  }
  if (has('composites')) void queryClient.invalidateQueries({ queryKey: compositeEventQueries.lists() });
}

/** A review change (any screen's, any replica's): into every cached copy; a comment or a transition also refreshes the thread. */
export function applyReview(queryClient: QueryClient, change: ReviewMessage): void {
  storeReviewItem(queryClient, change.item);
  if (change.comment !== null || change.item.version > 0) {
    void queryClient.invalidateQueries({ queryKey: reviewQueries.thread(change.item.kind, change.item.id).queryKey });
  }
}

/** After a gap the buffer could not fill, review changes may have been missed too: read them again. */
export function refetchReviews(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: reviewQueries.all() });
}
