/**
 * How a mic looks on a map, decided from its status and when it was last heard. Kept free of
 * Leaflet and React so the map, the wall display and their tests share one definition.
 */

/** `fresh` and `recent` are "recently heard"; `unknown` is a status value the spec does not list. */
export type MarkerState = 'fresh' | 'recent' | 'unknown' | 'inactive' | 'active';

/** Most urgent first: a cluster takes the state of its most urgent mic. */
export const MARKER_STATES: readonly MarkerState[] = ['fresh', 'recent', 'unknown', 'inactive', 'active'];

const RANK: Record<MarkerState, number> = { fresh: 4, recent: 3, unknown: 2, inactive: 1, active: 0 };

export function stateRank(state: MarkerState): number {
  return RANK[state];
}

export function worseState(a: MarkerState, b: MarkerState): MarkerState {
  return RANK[a] >= RANK[b] ? a : b;
}

/** The most urgent state among many; `active` for none. */
export function worstState(states: Iterable<MarkerState>): MarkerState {
  let worst: MarkerState = 'active';
  for (const state of states) worst = worseState(worst, state);
  return worst;
}

/** Heard within this long counts as "just heard", however long the window is. */
export const FRESH_MS = 2 * 60_000;

export interface MarkerMic {
  id: string;
  name: string;
  lat: number;
  lon: number;
  state: MarkerState;
  /** 1 when heard this instant, falling to 0 at the edge of the window; 0 when not heard. */
  freshness: number;
}

/**
 * The recency part of the classification: `fresh` within two minutes (or the whole window if
 * shorter), `recent` within the window, nothing otherwise. Events "from the future" (clock skew
 * between edge and browser) count as heard now.
 */
export function recency(
  lastHeardAt: number | undefined,
  now: number,
  windowMs: number,
): { state: 'fresh' | 'recent'; freshness: number } | null {
  if (lastHeardAt === undefined || !Number.isFinite(lastHeardAt) || windowMs <= 0) return null;
  const age = Math.max(0, now - lastHeardAt);
  if (age > windowMs) return null;
  const freshness = 1 - age / windowMs;
  return { state: age <= Math.min(FRESH_MS, windowMs) ? 'fresh' : 'recent', freshness };
}

export function markerState(
  status: string,
  lastHeardAt: number | undefined,
  now: number,
  windowMs: number,
): { state: MarkerState; freshness: number } {
  const heard = recency(lastHeardAt, now, windowMs);
  if (heard !== null) return heard;
  if (status === 'active') return { state: 'active', freshness: 0 };
  if (status === 'inactive') return { state: 'inactive', freshness: 0 };
  return { state: 'unknown', freshness: 0 };
}

/** The newest event time per mic id, from event-like records. */
export function lastHeardByMic(events: Iterable<{ mic: { id: string }; created_at: string }>): Map<string, number> {
  const last = new Map<string, number>();
  for (const event of events) {
    const at = Date.parse(event.created_at);
    if (Number.isNaN(at)) continue;
    const known = last.get(event.mic.id);
    if (known === undefined || at > known) last.set(event.mic.id, at);
  }
  return last;
}

export interface MicLike {
  id: string;
  name: string;
  status: string;
  location: { latitude: number; longitude: number };
}

/** Whether a mic can be drawn: a finite latitude and longitude within their ranges. */
export function hasMapPosition({ latitude, longitude }: { latitude: number; longitude: number }): boolean {
  return (
    Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
  );
}

/** Mics with a usable position, each with its map state. */
export function toMarkerMics(
  mics: readonly MicLike[],
  lastHeard: ReadonlyMap<string, number>,
  now: number,
  windowMs: number,
): MarkerMic[] {
  const out: MarkerMic[] = [];
  for (const mic of mics) {
    if (!hasMapPosition(mic.location)) continue;
    const { latitude: lat, longitude: lon } = mic.location;
    out.push({
      id: mic.id,
      name: mic.name,
      lat,
      lon,
      ...markerState(mic.status, lastHeard.get(mic.id), now, windowMs),
    });
  }
  return out;
}

const NOT_HEARD: ReadonlyMap<string, number> = new Map();
const NONE_HEARD: readonly MarkerMic[] = [];

/**
 * Markers by id, in drawing order. A city's 2,400 mics are placed once per inventory
 * (`placeMarkers`); an events answer or a live event then changes only the few heard ones
 * (`withHeard`), so the map and the wall re-read a dozen mics at each answer, not the city.
 */
export class MarkerLookup {
  private constructor(
    readonly markers: readonly MarkerMic[],
    private readonly index: ReadonlyMap<string, number>,
  ) {}

  static of(markers: readonly MarkerMic[]): MarkerLookup {
    return new MarkerLookup(markers, new Map(markers.map((marker, i) => [marker.id, i])));
  }

  has(id: string): boolean {
    return this.index.has(id);
  }

  get(id: string): MarkerMic | undefined {
    const i = this.index.get(id);
    return i === undefined ? undefined : this.markers[i];
  }

  /**
   * The same mics in the same order with the heard ones' state and freshness now, and those heard
   * ones in drawing order. Costs the heard mics, not the inventory: the index is shared, the other
   * markers stay the same objects, and with none heard in the window this lookup itself comes back.
   */
  withHeard(
    lastHeard: ReadonlyMap<string, number>,
    now: number,
    windowMs: number,
  ): { drawn: MarkerLookup; heard: readonly MarkerMic[] } {
    let markers: MarkerMic[] | null = null;
    const heardAt: number[] = [];
    for (const [id, at] of lastHeard) {
      const i = this.index.get(id);
      const heard = i === undefined ? null : recency(at, now, windowMs);
      if (i === undefined || heard === null) continue;
      markers ??= this.markers.slice();
      markers[i] = { ...this.markers[i]!, ...heard };
      heardAt.push(i);
    }
    if (markers === null) return { drawn: this, heard: NONE_HEARD };
    const drawn = new MarkerLookup(markers, this.index);
    return { drawn, heard: heardAt.sort((a, b) => a - b).map((i) => drawn.markers[i]!) };
  }
}

/** Mics with a usable position, each in the state its status gives: what no event changes. */
export function placeMarkers(mics: readonly MicLike[]): MarkerLookup {
  return MarkerLookup.of(toMarkerMics(mics, NOT_HEARD, 0, 0));
}

/** Colours per state; shapes differ too (see `drawGlyph`), so colour is never the only cue. */
export const STATE_COLORS: Record<MarkerState, string> = {
  fresh: '#e03131',
  recent: '#f76707',
  unknown: '#f59f00',
  inactive: '#868e96',
  active: '#0ca678',
};
