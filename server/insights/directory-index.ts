import crypto from 'node:crypto';
import { clusterAreas, neighbourIndex, type Area } from './areas.js';
import type { DirectoryMic } from './edge-reader.js';

export interface DirectoryIndex {
  neighbours: Map<string, string[]>;
  areas: Area[];
  areaOf: Map<string, string>;
}

let cached: { key: string; index: DirectoryIndex } | null = null;

/**
 * Neighbours and areas of the mic directory, computed again only when a mic was added, removed
 * or moved (a hash of ids and places is far cheaper than the neighbour search).
 */
export function indexDirectory(mics: Map<string, DirectoryMic>, radiusM: number): DirectoryIndex {
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
