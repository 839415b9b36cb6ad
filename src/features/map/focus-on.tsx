import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

export interface FocusRequest {
  lat: number;
  lon: number;
  minZoom: number;
  /** A counter, so asking for the same place twice moves the map twice. */
  n: number;
}

/** Moves the map when the page asks (find a mic, zoom into a cluster). */
export function FocusOn({ request }: { request: FocusRequest | null }) {
  const map = useMap();
  useEffect(() => {
    if (request === null) return;
    // Not animated: a popup opening at the same time must measure the final view to pan into it.
    map.setView([request.lat, request.lon], Math.max(map.getZoom(), request.minZoom), { animate: false });
  }, [map, request]);
  return null;
}
