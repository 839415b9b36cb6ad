import type { InventoryMic } from '@/api';
import { MarkerLookup, placeMarkers } from '@/components/map/mic-marker-state';
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

/**
 * The mics the edge and status filters let through, placed, each in the state its status gives:
 * built once per inventory and filters; `heardMarkerMics` then changes only the heard few.
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
  return placeMarkers(byStatus);
}

/** The mics to draw now: the placed ones with the heard ones' state; only the heard ones for the "heard" status. */
export function heardMarkerMics(
  placed: MarkerLookup,
  filters: Pick<MapFilters, 'status' | 'windowMinutes'>,
  lastHeard: ReadonlyMap<string, number>,
  now: number,
): { drawn: MarkerLookup; heardCount: number } {
  const { drawn, heard } = placed.withHeard(lastHeard, now, filters.windowMinutes * 60_000);
  return { drawn: filters.status === 'heard' ? MarkerLookup.of(heard) : drawn, heardCount: heard.length };
}
