import type { CompositeEvent } from '@/api';
import type { LocatedSource, SourceAnswer } from '@/api/insights';
import { bestSource, placeMics, type PlaceMic } from '@/components/map/place-words';

/** How a mic of the incident relates to the sound shown: its reading placed it, it was dropped, or neither. */
export type MicRole = 'used' | 'dropped' | 'other';

export interface WhereMic extends PlaceMic {
  role: MicRole;
}

/** Every mic the composite event names (its mics and its base events' mics), once. */
export function incidentMics(composite: CompositeEvent): PlaceMic[] {
  return placeMics(
    composite.mics,
    composite.events.map((e) => e.microphone),
  );
}

/** The incident's mics as they bear on one sound. */
export function micsFor(source: LocatedSource | null, mics: readonly PlaceMic[]): WhereMic[] {
  const used = new Set(source?.method === 'nearest-mic' ? [] : (source?.mic_ids ?? []));
  const dropped = new Set(source?.dropped.map((d) => d.mic_id) ?? []);
  return mics.map((mic) => ({
    ...mic,
    role: used.has(mic.id) ? 'used' : dropped.has(mic.id) ? 'dropped' : 'other',
  }));
}

/** The sound first shown: the best-located one. */
export function firstShown(answer: SourceAnswer): number {
  const best = bestSource(answer);
  return best === null ? -1 : answer.sources.indexOf(best);
}

/** The track a sound belongs to, if it moved. */
export const trackOf = (answer: SourceAnswer, index: number) =>
  answer.tracks.find((track) => track.source_indexes.includes(index)) ?? null;

/**
 * The box to show for one sound: its circle and the mics that placed it or were dropped (a
 * composite's mics may span cities; the sound's own mics are what explains it).
 */
export function boundsFor(source: LocatedSource, mics: readonly WhereMic[]): [[number, number], [number, number]] {
  // Degrees per metre, near enough for a box of a few kilometres.
  const dLat = source.radius_m / 111_320;
  const dLng = source.radius_m / (111_320 * Math.max(0.1, Math.cos((source.latitude * Math.PI) / 180)));
  let south = source.latitude - dLat;
  let north = source.latitude + dLat;
  let west = source.longitude - dLng;
  let east = source.longitude + dLng;
  for (const mic of mics) {
    if (mic.role === 'other') continue;
    south = Math.min(south, mic.latitude);
    north = Math.max(north, mic.latitude);
    west = Math.min(west, mic.longitude);
    east = Math.max(east, mic.longitude);
  }
  return [
    [south, west],
    [north, east],
  ];
}
