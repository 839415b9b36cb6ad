import type { Mic } from '@/api';
import { toMarkerMics, type MarkerMic } from '@/components/map/mic-marker-state';
import { parseWindowMinutes, windowParam } from '@/components/map/time-window';

export const STATUS_FILTERS = ['active', 'inactive', 'heard'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const WINDOW_CHOICES = [5, 15, 60, 360, 1440] as const;
export const DEFAULT_WINDOW_MINUTES = 15;

export interface MapFilters {
  edgeId: string | null;
  status: StatusFilter | null;
  /** Only events of this label count as "heard". */
  label: string | null;
  windowMinutes: number;
}

const text = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());

/** Filters from the URL; anything unreadable falls back to "no filter" rather than an empty map. */
export function readMapFilters(params: URLSearchParams): MapFilters {
  const status = params.get('status');
  return {
    edgeId: text(params.get('edge_id')),
    status: STATUS_FILTERS.find((s) => s === status) ?? null,
    label: text(params.get('label')),
    windowMinutes: parseWindowMinutes(params.get('window'), { max: 1440 }) ?? DEFAULT_WINDOW_MINUTES,
  };
}

/** The URL for changed filters, keeping other parameters; defaults are left out. */
export function writeMapFilters(params: URLSearchParams, patch: Partial<MapFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  if ('edgeId' in patch) set('edge_id', patch.edgeId ?? null);
  if ('status' in patch) set('status', patch.status ?? null);
  if ('label' in patch) set('label', patch.label ?? null);
  if (patch.windowMinutes !== undefined) {
    set('window', patch.windowMinutes === DEFAULT_WINDOW_MINUTES ? null : windowParam(patch.windowMinutes));
  }
  return next;
}

/** The mics to draw: edge and status filters applied, each with its map state. */
export function filterMarkerMics(
  mics: readonly Mic[],
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
