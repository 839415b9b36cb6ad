import { useEffect, useMemo, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { L } from './leaflet-setup';

export interface FitToMicsProps {
  points: readonly { lat: number; lon: number }[];
  /** Changing this number fits again and resumes automatic fitting ("Reset view"). */
  resetSignal?: number;
  /** Told when the user takes over the view (pan, zoom) or gives it back with a reset. */
  onUserMovedChange?: (moved: boolean) => void;
  maxZoom?: number;
  /** Keep fitting whatever the user does (a wall display nobody touches). */
  always?: boolean;
}

/** The smallest box holding every point, as a stable string so equal data does not re-fit. */
function boundsKey(points: readonly { lat: number; lon: number }[]): string | null {
  if (points.length === 0) return null;
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (const { lat, lon } of points) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lon);
    east = Math.max(east, lon);
  }
  return [south, west, north, east].map((v) => v.toFixed(5)).join(',');
}

/**
 * Fits the map to the mics on first load and whenever the set of positions changes, until the
 * user pans or zooms; then it leaves the view alone until `resetSignal` changes.
 */
export function FitToMics({
  points,
  resetSignal = 0,
  onUserMovedChange,
  maxZoom = 15,
  always = false,
}: FitToMicsProps) {
  const map = useMap();
  const fitting = useRef(false);
  const userMoved = useRef(false);
  const notify = useRef(onUserMovedChange);
  useEffect(() => {
    notify.current = onUserMovedChange;
  });
  // Once per set of points, not on each render: the page renders with every hover and answer.
  const key = useMemo(() => boundsKey(points), [points]);

  useEffect(() => {
    if (always) return;
    const taken = () => {
      if (fitting.current || userMoved.current) return;
      userMoved.current = true;
      notify.current?.(true);
    };
    map.on('movestart zoomstart', taken);
    return () => {
      map.off('movestart zoomstart', taken);
    };
  }, [map, always]);

  const fit = useRef<() => void>(() => undefined);
  const lastReset = useRef(resetSignal);
  useEffect(() => {
    if (lastReset.current !== resetSignal) {
      lastReset.current = resetSignal;
      if (userMoved.current) {
        userMoved.current = false;
        notify.current?.(false);
      }
    }
    fit.current = () => {
      if (key === null || userMoved.current) return;
      // A zoom animation still running would land after the fit and undo it: fit when it ends.
      if ((map as unknown as { _animatingZoom?: boolean })._animatingZoom) {
        map.once('zoomend', () => fit.current());
        return;
      }
      const [south, west, north, east] = key.split(',').map(Number) as [number, number, number, number];
      fitting.current = true;
      try {
        map.fitBounds(L.latLngBounds([south, west], [north, east]), { padding: [32, 32], maxZoom, animate: false });
      } finally {
        fitting.current = false;
      }
    };
    fit.current();
  }, [map, key, resetSignal, maxZoom]);

  // Leaflet measures its container once; layouts settle later (lazy CSS, flex, a resized
  // window or wall screen), so re-measure and re-fit whenever the container changes size.
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    // A fit only when the size did change: the observer's first call (on observing) refitted to the
    // same view, and Leaflet's reset redrew the basemap and every marker again in the first draw's task.
    const observer = new ResizeObserver(() => {
      const before = map.getSize();
      map.invalidateSize({ pan: false });
      if (!map.getSize().equals(before)) fit.current();
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);

  return null;
}
