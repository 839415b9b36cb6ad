import type { InventoryMic } from '@/api';
import { toMarkerMics, type MarkerMic } from '@/components/map/mic-marker-state';
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

/** The mics to draw: edge and status filters applied, each with its map state. */
export function filterMarkerMics(
  mics: readonly InventoryMic[],
  filters: MapFilters,
  lastHeard: ReadonlyMap<string, number>,
  now: number,
): MarkerMic[] {
  const byEdge = filters.edgeId === null ? mics : mics.filter((mic) => mic.edge_id === filters.edgeId);
  const byStatus =
    filters.status === 'active' || filters.status === 'inactive'
      ? byEdge.filter((mic) => mic.status === filters.status)
      : byEdge;
  const markers = toMarkerMics(byStatus, lastHeard, now, filters.windowMinutes * 60_000);
  return filters.status === 'heard' ? markers.filter((m) => m.state === 'fresh' || m.state === 'recent') : markers;
}
