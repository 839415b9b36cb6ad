import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { windowStart } from '@/lib/time-window';
import {
  getCompositeEvent,
  getInventory,
  getMic,
  getMicLevels,
  listCompositeEvents,
  listEvents,
  listMics,
  type CompositeEventListParams,
  type EventListParams,
  type MicListParams,
} from './endpoints';
import { inventoryMicOf, withCategoriesOf } from './inventory-check';
import { markList } from './live/list-marks';
import type { Inventory, Mic, Page } from './schemas';

/**
 * Query-key factories per resource (keys go from generic to specific). They live beside the
 * API because several features read the same resources: the mic table, the map and the wall
 * all show mics, and an edit must reach every cached copy.
 */
export const micQueries = {
  all: () => ['mics'] as const,
  lists: () => [...micQueries.all(), 'list'] as const,
  list: (params: MicListParams) =>
    queryOptions({
      queryKey: [...micQueries.lists(), params] as const,
      queryFn: ({ signal }) => listMics(params, signal),
      placeholderData: keepPreviousData,
    }),
  inventories: () => [...micQueries.all(), 'inventory'] as const,
  /** Every mic (of one edge), as the hub holds them; `/live` keeps it current while the stream is up. */
  inventory: (edgeId: string | null = null) =>
    queryOptions({
      queryKey: [...micQueries.inventories(), { edge_id: edgeId }] as const,
      queryFn: ({ signal }) => getInventory(edgeId, signal),
    }),
  levelsAll: () => [...micQueries.all(), 'levels'] as const,
  /** Each mic's threshold for one category (the inventory leaves thresholds out): the map's coverage layer. */
  levels: (category: string) =>
    queryOptions({
      queryKey: [...micQueries.levelsAll(), category] as const,
      queryFn: ({ signal }) => getMicLevels(category, signal),
    }),
  details: () => [...micQueries.all(), 'detail'] as const,
  detail: (micId: string) =>
    queryOptions({
      queryKey: [...micQueries.details(), micId] as const,
      queryFn: ({ signal }) => getMic(micId, signal),
    }),
};

/** Writes the server's answer for one mic into every cached list, map set and detail. */
export function storeMic(queryClient: QueryClient, mic: Mic): void {
  queryClient.setQueryData(micQueries.detail(mic.id).queryKey, mic);
  queryClient.setQueriesData<Page<Mic>>({ queryKey: micQueries.lists() }, (page) =>
    page === undefined ? page : { ...page, results: page.results.map((m) => (m.id === mic.id ? mic : m)) },
  );
  const held = inventoryMicOf(mic);
  queryClient.setQueriesData<Inventory>({ queryKey: micQueries.inventories() }, (inventory) =>
    inventory === undefined
      ? inventory
      : {
          ...inventory,
          categories: withCategoriesOf(inventory.categories, [mic]),
          mics: inventory.mics.map((m) => (m.id === mic.id ? held : m)),
        },
  );
  // Its thresholds may have changed: the coverage layer reads them again when next shown.
  void queryClient.invalidateQueries({ queryKey: micQueries.levelsAll() });
}

/**
 * A window relative to now ("the last 15 minutes") is kept in the key as minutes and turned into
 * a timestamp only when the request is made, so a live view keeps one cache entry instead of a
 * new one per refresh.
 */
export interface RelativeWindow {
  sinceMinutes?: number;
}

const since = (minutes: number | undefined) => (minutes === undefined ? undefined : windowStart(minutes));

export type EventQuery = EventListParams & RelativeWindow;

export const eventQueries = {
  all: () => ['events'] as const,
  lists: () => [...eventQueries.all(), 'list'] as const,
  list: ({ sinceMinutes, ...params }: EventQuery) =>
    queryOptions({
      queryKey: [...eventQueries.lists(), { ...params, sinceMinutes }] as const,
      queryFn: ({ signal, queryKey }) =>
        listEvents({ ...params, start: since(sinceMinutes) ?? params.start }, signal, markList(queryKey)),
      placeholderData: keepPreviousData,
    }),
};

export type CompositeEventQuery = CompositeEventListParams & RelativeWindow;

export const compositeEventQueries = {
  all: () => ['composite-events'] as const,
  lists: () => [...compositeEventQueries.all(), 'list'] as const,
  list: ({ sinceMinutes, ...params }: CompositeEventQuery) =>
    queryOptions({
      queryKey: [...compositeEventQueries.lists(), { ...params, sinceMinutes }] as const,
      queryFn: ({ signal, queryKey }) =>
        listCompositeEvents(
          { ...params, created_at__ge: since(sinceMinutes) ?? params.created_at__ge },
          signal,
          markList(queryKey),
        ),
      placeholderData: keepPreviousData,
    }),
  details: () => [...compositeEventQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...compositeEventQueries.details(), id] as const,
      queryFn: ({ signal }) => getCompositeEvent(id, signal),
    }),
};
