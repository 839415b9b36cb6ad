import type { InventoryMic } from '@/api';
import { recency, toMarkerMics, type MarkerMic } from '@/components/map/mic-marker-state';
import { defineSearchParams, oneOf, text, timeWindow, type SearchState } from '@/lib/search-params';

export const STATUS_FILTERS = ['active', 'inactive', 'heard'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const WINDOW_CHOICES = [5, 15, 60, 360, 1440] as const;

/** The map's filters in its URL; anything unreadable falls back to "no filter" rather than an empty map. */
export const mapSearch = defineSearchParams({
  edgeId: text().as('edge_id'),
  status: oneOf(STATUS_FILTERS, null),
  /** Only events of this label count as "heard". */
  label: text(),
  windowMinutes: timeWindow(15, 1440).as('window'),
});
export type MapFilters = SearchState<typeof mapSearch>;

const NOT_HEARD: ReadonlyMap<string, number> = new Map();

/** Mics by id, in the order of the markers drawn. */
export class MarkerLookup {
  constructor(
    readonly markers: readonly MarkerMic[],
    private readonly index: ReadonlyMap<string, number>,
  ) {}

  has(id: string): boolean {
    return this.index.has(id);
  }

  get(id: string): MarkerMic | undefined {
    const i = this.index.get(id);
    return i === undefined ? undefined : this.markers[i];
  }

  indexOf(id: string): number {
    return this.index.get(id) ?? -1;
  }

  /** The same mics in the same order with other states: the index is shared, not rebuilt. */
  withMarkers(markers: readonly MarkerMic[]): MarkerLookup {
    return new MarkerLookup(markers, this.index);
  }
}

/**
 * The mics the edge and status filters let through, placed, each in the state its status gives:
 * built once per inventory and filters. Only the few mics heard in the window differ from this
 * (`heardMarkerMics`), so an events answer or a live event re-reads those few, not every mic.
 */
export function placeMarkerMics(
  mics: readonly InventoryMic[],
  filters: Pick<MapFilters, 'edgeId' | 'status'>,
): MarkerLookup {
  const byEdge = filters.edgeId === null ? mics : mics.filter((mic) => mic.edge_id === filters.edgeId);
  const byStatus =
    filters.status === 'active' || filters.status === 'inactive'
      ? byEdge.filter((mic) => mic.status === filters.status)
      : byEdge;
  const markers = toMarkerMics(byStatus, NOT_HEARD, 0, 0);
  return new MarkerLookup(markers, new Map(markers.map((m, i) => [m.id, i])));
}

/**
 * The mics to draw now: the placed ones with the heard ones' state and freshness; only the heard
 * ones for the "heard" status. Costs the window's heard mics (at most one per event read), not
 * the inventory: the array is copied, not rebuilt.
 */
export function heardMarkerMics(
  placed: MarkerLookup,
  filters: Pick<MapFilters, 'status' | 'windowMinutes'>,
  lastHeard: ReadonlyMap<string, number>,
  now: number,
): { drawn: MarkerLookup; heardCount: number } {
  const heard: [number, MarkerMic][] = [];
  for (const [id, at] of lastHeard) {
    const mic = placed.get(id);
    const recent = mic === undefined ? null : recency(at, now, filters.windowMinutes * 60_000);
    if (mic !== undefined && recent !== null) heard.push([placed.indexOf(id), { ...mic, ...recent }]);
  }
  if (filters.status === 'heard') {
    const markers = heard.sort(([a], [b]) => a - b).map(([, mic]) => mic);
    return { drawn: new MarkerLookup(markers, new Map(markers.map((m, i) => [m.id, i]))), heardCount: heard.length };
  }
  const markers = placed.markers.slice();
  for (const [i, mic] of heard) markers[i] = mic;
  return { drawn: placed.withMarkers(markers), heardCount: heard.length };
}
