import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { eventQueries, LIVE_MERGE, micQueries, unlessLive, useLive } from '@/api';
import { drawable } from '@/components/inventory-note';
import { hasMapPosition, lastHeardByMic } from '@/components/map/mic-marker-state';
import { useNow } from '@/lib/use-now';
import { heardMarkerMics, placeMarkerMics, type MapFilters } from './map-filters';

const MICS_REFRESH_MS = 30_000;
const EVENTS_REFRESH_MS = 10_000;
const RECENT_EVENTS = 100;

/**
 * The map's data: every mic (the hub's inventory, one response), the events heard in the window,
 * and what the filters make of them. While the live stream is up, both arrive as pushes and
 * nothing polls; without it, both poll as before.
 */
export function useMapData(filters: MapFilters) {
  const live = useLive();
  const mics = useQuery({
    ...micQueries.inventory(),
    // After a failed read, mics are tried at the event pace so the stale notice clears soon after the edge returns.
    refetchInterval: (query) => (query.state.status === 'error' ? EVENTS_REFRESH_MS : live ? false : MICS_REFRESH_MS),
  });
  const labelIds = filters.label === null ? undefined : [filters.label];
  const recent = useQuery({
    ...eventQueries.list({ sinceMinutes: filters.windowMinutes, size: RECENT_EVENTS, label_id: labelIds }),
    meta: LIVE_MERGE,
    refetchInterval: unlessLive(live, EVENTS_REFRESH_MS),
  });

  // A tick so "heard within N minutes" ages even when no new data arrives.
  const tick = useNow(EVENTS_REFRESH_MS);
  const now = Math.max(tick, recent.dataUpdatedAt);
  const lastHeard = useMemo(() => lastHeardByMic(recent.data?.results ?? []), [recent.data]);
  const allMics = useMemo(() => (mics.data === undefined ? undefined : drawable(mics.data.mics)), [mics.data]);
  const { edgeId, status, windowMinutes } = filters;
  const placed = useMemo(() => placeMarkerMics(allMics ?? [], { edgeId, status }), [allMics, edgeId, status]);
  const current = useMemo(
    () => heardMarkerMics(placed, { status, windowMinutes }, lastHeard, now),
    [placed, status, windowMinutes, lastHeard, now],
  );
  // Unknown while the window's events are on their way (a slow edge): "0 heard" would be a claim.
  const heardCount = recent.isPending ? null : current.heardCount;
  // The mics drawn, for what needs only which they are and where (the rings, the fit, finding a
  // mic): the same object from one events answer to the next unless only heard mics are shown.
  const shown = status === 'heard' ? current.drawn : placed;
  // Counted once per inventory: on every render (each hover, each draw) it built a marker for
  // each of 10,000 mics to count the few without a position, on the first draw's path too.
  const withoutPosition = useMemo(
    () => (allMics ?? []).reduce((n, mic) => (hasMapPosition(mic.location) ? n : n + 1), 0),
    [allMics],
  );

  return {
    mics,
    recent,
    /**
     * The query whose failure the stale notice reports: mics first, then events. Events that never
     * loaded leave the mics on screen as what is stale, for the events' reason.
     */
    staleQuery: mics.isError
      ? mics
      : recent.data !== undefined
        ? recent
        : {
            data: mics.data,
            dataUpdatedAt: mics.dataUpdatedAt,
            error: recent.error,
            isError: recent.isError,
            isFetching: recent.isFetching,
            refetch: recent.refetch,
          },
    /**
     * The mics the map may draw, for what needs them only later (the edge filter's choices, the
     * open popup's mic): indexed and sorted here, 2,400 of them were, in the map's first render.
     */
    allMics,
    /** The mics drawn, each in its state now. */
    markers: current.drawn.markers,
    /** The same mics by id, for the open popup's state. */
    drawn: current.drawn,
    shown,
    lastHeard,
    heardCount,
    withoutPosition,
  };
}
