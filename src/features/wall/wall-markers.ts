import { recency, toMarkerMics, type MarkerMic, type MicLike } from '@/components/map/mic-marker-state';

const NOT_HEARD: ReadonlyMap<string, number> = new Map();

/** The wall's mics as their status draws them, and where each one is in that list. */
export interface IdleMarkers {
  markers: readonly MarkerMic[];
  indexOf: ReadonlyMap<string, number>;
}

/** Made once per mic list: the markers of a city's 2,400 mics, none heard. */
export function idleMarkers(mics: readonly MicLike[], windowMs: number): IdleMarkers {
  const markers = toMarkerMics(mics, NOT_HEARD, 0, windowMs);
  return { markers, indexOf: new Map(markers.map((marker, i) => [marker.id, i])) };
}

/**
 * The markers with the heard mics' states now. Only the heard ones (the feed's, a dozen) are made
 * again: making all 2,400 at every turn of the map cost each push a pass over the city.
 */
export function heardMarkers(
  idle: IdleMarkers,
  lastHeard: ReadonlyMap<string, number>,
  now: number,
  windowMs: number,
): readonly MarkerMic[] {
  let out: MarkerMic[] | null = null;
  for (const [id, at] of lastHeard) {
    const i = idle.indexOf.get(id);
    const heard = recency(at, now, windowMs);
    if (i === undefined || heard === null) continue;
    out ??= idle.markers.slice();
    out[i] = { ...idle.markers[i]!, ...heard };
  }
  return out ?? idle.markers;
}
