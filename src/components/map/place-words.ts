import type { DroppedMic, LocatedSource, SourceAnswer } from '@/api/insights';
import { translateData, type TFunction } from '@/lib/i18n';
import './place-locales';

/**
 * A located sound in words a supervisor can act on: distance and 8-point compass direction from
 * the nearest mic, by that mic's name ("120 m north-east of Plaza gate 7"). Pure: no map code.
 */

export interface PlaceMic {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
}

export interface LatLng {
  latitude: number;
  longitude: number;
}

export const COMPASS = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'] as const;
export type Compass = (typeof COMPASS)[number];

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceM(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from `from` to `to`, degrees clockwise from north (0–360). */
export function bearingDeg(from: LatLng, to: LatLng): number {
  const y = Math.sin(rad(to.longitude - from.longitude)) * Math.cos(rad(to.latitude));
  const x =
    Math.cos(rad(from.latitude)) * Math.sin(rad(to.latitude)) -
    Math.sin(rad(from.latitude)) * Math.cos(rad(to.latitude)) * Math.cos(rad(to.longitude - from.longitude));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

export function compassOf(deg: number): Compass {
  return COMPASS[Math.round((((deg % 360) + 360) % 360) / 45) % 8]!;
}

/** Closer than this to a mic, a direction means nothing: the place is "at" the mic. */
const AT_MIC_M = 10;

export interface Relative {
  mic: PlaceMic;
  meters: number;
  direction: Compass;
}

/** The mic nearest the place, with how far and which way the place lies from it. */
export function fromNearestMic(place: LatLng, mics: readonly PlaceMic[]): Relative | null {
  let best: Relative | null = null;
  for (const mic of mics) {
    const meters = distanceM(mic, place);
    if (best === null || meters < best.meters) best = { mic, meters, direction: compassOf(bearingDeg(mic, place)) };
  }
  return best;
}

/** Metres as a person says them: 5 m steps under 100 m, 10 m under 1 km, then kilometres. */
export function formatDistance(t: TFunction<'place'>, meters: number, roundUp = false): string {
  const step = (value: number, by: number) => (roundUp ? Math.ceil(value / by) : Math.round(value / by)) * by;
  if (meters < 100) return t('metres', { value: Math.max(roundUp ? 1 : 0, step(meters, 5)) });
  if (meters < 995) return t('metres', { value: step(meters, 10) });
  const km = meters / 1000;
  return t('kilometres', { value: km < 10 ? step(km, 0.1).toFixed(1) : String(step(km, 1)) });
}

export const isLocated = (source: LocatedSource) => source.method !== 'nearest-mic';

/** The source a one-line summary names: the best-located one (smallest radius), else the first. */
export function bestSource(answer: SourceAnswer | undefined): LocatedSource | null {
  if (answer === undefined || answer.sources.length === 0) return null;
  const located = answer.sources.filter(isLocated);
  if (located.length === 0) return answer.sources[0]!;
  return located.reduce((best, s) => (s.radius_m < best.radius_m ? s : best));
}

/** Every mic a composite event names, once, with the name the edge gave it. */
export function placeMics(
  mics: readonly { id: string; name: string; location: LatLng }[],
  more: readonly { id: string; name: string; location: LatLng }[] = [],
): PlaceMic[] {
  const byId = new Map<string, PlaceMic>();
  for (const mic of [...mics, ...more]) {
    if (!byId.has(mic.id) && Number.isFinite(mic.location.latitude) && Number.isFinite(mic.location.longitude))
      byId.set(mic.id, { id: mic.id, name: mic.name, ...mic.location });
  }
  return [...byId.values()];
}

/**
 * The source's place in words: "120 m north-east of Plaza gate 7" when located; "near Plaza gate 7
 * (not located)" for the nearest-mic estimate, which is the mic itself.
 */
export function placeText(t: TFunction<'place'>, source: LocatedSource, mics: readonly PlaceMic[]): string {
  const byId = new Map(mics.map((m) => [m.id, m]));
  if (!isLocated(source)) {
    const mic = byId.get(source.mic_ids[0] ?? '') ?? fromNearestMic(source, mics)?.mic;
    return t('near', { mic: mic?.name ?? source.mic_ids[0] ?? '?' });
  }
  const relative = fromNearestMic(source, mics);
  if (relative === null) return `${source.latitude.toFixed(5)}, ${source.longitude.toFixed(5)}`;
  if (relative.meters < AT_MIC_M) return t('at', { mic: relative.mic.name });
  return t('from', {
    distance: formatDistance(t, relative.meters),
    direction: t(`compass.${relative.direction}`),
    mic: relative.mic.name,
  });
}

/**
 * `placeText` split around the mic's name, so a narrow line can shorten the name ("Busan Port
 * Ferry…") and keep the distance and direction, wherever the language puts them.
 */
export function placeParts(
  t: TFunction<'place'>,
  source: LocatedSource,
  mics: readonly PlaceMic[],
): { before: string; mic: string; after: string } {
  const text = placeText(t, source, mics);
  const name = [...mics]
    .sort((a, b) => b.name.length - a.name.length)
    .find((mic) => mic.name !== '' && text.includes(mic.name))?.name;
  if (name === undefined) return { before: text, mic: '', after: '' };
  const at = text.indexOf(name);
  return { before: text.slice(0, at), mic: name, after: text.slice(at + name.length) };
}

/** The 95 % radius in words ("±15 m"), rounded up so it never claims more than the server. */
export const radiusText = (t: TFunction<'place'>, radiusM: number) =>
  t('within', { radius: formatDistance(t, radiusM, true) });

/** The server's English sentences that carry no code: matched to say them in the reader's language. */
const UNCODED: Readonly<Record<string, string>> = {
  'the levels chose between places the arrival times allowed': 'levels-chose',
  'cannot locate: the composite event holds no base events': 'no-events',
  'cannot locate: no mic that heard it has a location': 'no-location',
  'cannot locate: no base event has a readable time': 'no-readable-time',
};

/**
 * Why the place is what it is (or why there is none) in the reader's language, from the
 * server's codes; the server's own words for a reason this build does not know.
 */
export function reasonText(codes: readonly string[], english: string | null): string | null {
  const plain = english?.replace(/^cannot locate: /, '') ?? null;
  if (codes.length > 0) {
    const parts = codes.map((code) => translateData('place', `reason.${code}`, ''));
    if (parts.every((p) => p !== '')) return parts.join('; ');
    return plain;
  }
  if (english === null) return null;
  const code = UNCODED[english];
  return code === undefined ? plain : translateData('place', `reason.${code}`, plain ?? english);
}

/** A dropped mic's why, in the reader's language, with the server's figure when it gave one. */
export function droppedText(t: TFunction<'place'>, dropped: DroppedMic): string {
  const figure = /[+−-]\s?\d+(?:\.\d+)?\s(?:ms|dB)/.exec(dropped.why)?.[0];
  switch (dropped.code) {
    case 'clock':
      return figure === undefined ? t('dropped.clockPlain') : t('dropped.clock', { value: figure });
    case 'level':
      return figure === undefined ? t('dropped.levelPlain') : t('dropped.level', { value: figure });
    case 'no-location':
      return t('dropped.no-location');
    case 'implausible-level':
      return t('dropped.implausible-level');
    default:
      return dropped.why;
  }
}
