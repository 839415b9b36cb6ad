import crypto from 'node:crypto';
import { clusterAreas, neighbourIndex, type Area } from './areas.js';
import type { DirectoryMic } from './edge-reader.js';

export interface DirectoryIndex {
  neighbours: Map<string, string[]>;
  areas: Area[];
  areaOf: Map<string, string>;
}

let cached: { key: string; index: DirectoryIndex } | null = null;
/** By directory, then by radius: the edge reader hands out one directory while the inventory stands. */
const byDirectory = new WeakMap<ReadonlyMap<string, DirectoryMic>, Map<number, DirectoryIndex>>();

/**
 * Neighbours and areas of the mic directory, computed again only when a mic was added, removed
 * or moved (a hash of ids and places is far cheaper than the neighbour search, and the same
 * directory is not hashed twice).
 */
export function indexDirectory(mics: ReadonlyMap<string, DirectoryMic>, radiusM: number): DirectoryIndex {
  let radii = byDirectory.get(mics);
  if (radii === undefined) byDirectory.set(mics, (radii = new Map()));
  const known = radii.get(radiusM);
  if (known !== undefined) return known;
  const index = indexByContent(mics, radiusM);
  radii.set(radiusM, index);
  return index;
}

function indexByContent(mics: ReadonlyMap<string, DirectoryMic>, radiusM: number): DirectoryIndex {
  const hash = crypto.createHash('sha1').update(String(radiusM));
  for (const m of mics.values()) hash.update(`|${m.id}:${m.latitude}:${m.longitude}:${m.name}`);
  const key = hash.digest('base64');
  if (cached !== null && cached.key === key) return cached.index;
  const places = [...mics.values()];
  const neighbours = neighbourIndex(places, radiusM);
  const areas = clusterAreas(places, radiusM, neighbours);
  const areaOf = new Map<string, string>();
  for (const area of areas) for (const id of area.mic_ids) areaOf.set(id, area.area_id);
  const index = { neighbours, areas, areaOf };
  cached = { key, index };
  return index;
}
