import type { MicPlace } from './corroboration.js';
import { breather } from './breathe.js';
import { distanceMeters, EARTH_RADIUS_M } from './geo.js';

/** Fewer metres than a degree of latitude holds anywhere (~111,195 on the haversine sphere): cells err wide. */
const METRES_PER_DEGREE = 111_000;

export interface Area {
  area_id: string;
  /** The name of its leading mic: the one the area was grown around. */
  name: string;
  mic_ids: string[];
  lat: number;
  lng: number;
}

/**
 * A grid of cells a radius wide over these mics: each mic compares itself with the mics of its own
 * and the 8 surrounding cells, not with every mic. Returns the lookup of one mic's neighbours.
 */
function neighbourGrid(places: readonly MicPlace[], radiusM: number): (p: MicPlace) => string[] {
  // Cells at least a radius wide everywhere among these mics: a degree of latitude is under
  // 111.2 km, and a degree of longitude narrows with latitude, so it is sized at the mics' highest.
  // One width for every row: sized per mic, columns drifted by one cell between nearby mics
  // (at 127° E a column index is ~22,000), and mics 445 m apart in the demo were not neighbours.
  const cellLat = radiusM / METRES_PER_DEGREE;
  const widest = places.reduce((max, p) => Math.max(max, Math.abs(p.latitude)), 0);
  const cellLon = cellLat / Math.max(0.01, Math.cos((Math.min(89, widest) * Math.PI) / 180));
  // A cell as one number (a row wide enough for every column either side of 0), not a text key
  // made for each of the 9 lookups per mic.
  const row = 2 * Math.ceil(180 / cellLon) + 3;
  const cellOf = (p: MicPlace) => Math.floor(p.latitude / cellLat) * row + Math.floor(p.longitude / cellLon);
  const cells = new Map<number, MicPlace[]>();
  for (const p of places) {
    const key = cellOf(p);
    const list = cells.get(key);
    if (list === undefined) cells.set(key, [p]);
    else list.push(p);
  }
  // A flat distance first, and the haversine only for the pairs it cannot rule out. Its degrees of
  // longitude are as narrow as at the mics' highest latitude, so it never makes a pair farther
  // apart than it is; the 5 % margin covers the sphere's curve, so no pair inside the radius is lost.
  const metresPerDegree = (Math.PI / 180) * EARTH_RADIUS_M;
  const cosWidest = Math.cos((Math.min(90, widest) * Math.PI) / 180);
  const outside = (radiusM * 1.05) ** 2;
  return (p) => {
    const key = cellOf(p);
    const near: string[] = [];
    for (let dr = -row; dr <= row; dr += row) {
      for (let dc = -1; dc <= 1; dc++) {
        for (const q of cells.get(key + dr + dc) ?? []) {
          const dy = (q.latitude - p.latitude) * metresPerDegree;
          const dx = (q.longitude - p.longitude) * metresPerDegree * cosWidest;
          if (dx * dx + dy * dy > outside) continue;
          if (q.id !== p.id && distanceMeters(p, q) <= radiusM) near.push(q.id);
        }
      }
    }
    return near.sort();
  };
}

/** Mics within `radiusM` of each other, each mic's sorted by id. */
export function neighbourIndex(places: readonly MicPlace[], radiusM: number): Map<string, string[]> {
  const near = neighbourGrid(places, radiusM);
  return new Map(places.map((p) => [p.id, near(p)]));
}

/**
 * The same index, with a turn for the event loop every `every` mics: at 10,000 mics the search
 * held every request and the live stream up for 100-180 ms in one task.
 */
export async function neighbourIndexInSlices(
  places: readonly MicPlace[],
  radiusM: number,
  every = 500,
): Promise<Map<string, string[]>> {
  const near = neighbourGrid(places, radiusM);
  const breathe = breather(every);
  const out = new Map<string, string[]>();
  for (const p of places) {
    out.set(p.id, near(p));
    await breathe();
  }
  return out;
}

/**
 * Areas, by one simple rule: the mic with the most neighbours (ties: smallest id) leads an area
 * and takes every neighbour not yet in an area; then the next such mic among those left, until
 * every mic is in one. An area is therefore at most two radii across (no chains of mics
 * stretching over a city), and the same inventory always gives the same areas.
 */
export function clusterAreas(
  places: readonly (MicPlace & { name: string | null })[],
  radiusM: number,
  near: Map<string, string[]> = neighbourIndex(places, radiusM),
): Area[] {
  const byId = new Map(places.map((p) => [p.id, p]));
  const order = [...places].sort((a, b) => near.get(b.id)!.length - near.get(a.id)!.length || a.id.localeCompare(b.id));
  const taken = new Set<string>();
  const areas: Area[] = [];
  for (const leader of order) {
    if (taken.has(leader.id)) continue;
    const members = [leader.id, ...near.get(leader.id)!.filter((id) => !taken.has(id))];
    for (const id of members) taken.add(id);
    const lat = members.reduce((s, id) => s + byId.get(id)!.latitude, 0) / members.length;
    const lng = members.reduce((s, id) => s + byId.get(id)!.longitude, 0) / members.length;
    areas.push({ area_id: `area-${leader.id}`, name: leader.name ?? leader.id, mic_ids: members.sort(), lat, lng });
  }
  return areas;
}
