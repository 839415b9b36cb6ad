import crypto from 'node:crypto';
import { clusterAreas, neighbourIndexInSlices, type Area } from './areas.js';
import type { DirectoryMic } from './edge-reader.js';

export interface DirectoryIndex {
  neighbours: Map<string, string[]>;
  areas: Area[];
  areaOf: Map<string, string>;
}

let cached: { key: string; index: Promise<DirectoryIndex> } | null = null;
/** By directory, then by radius: the edge reader hands out one directory while the inventory stands. */
const byDirectory = new WeakMap<ReadonlyMap<string, DirectoryMic>, Map<number, Promise<DirectoryIndex>>>();

/**
 * Neighbours and areas of the mic directory, computed again only when a mic was added, removed,
 * moved or renamed (a hash of ids, places and names is far cheaper than the neighbour search, and
 * the same directory is not hashed twice). The search gives the event loop turns as it goes, and
 * requests that need the index while it is being computed wait for that one computation.
 */
export function indexDirectory(mics: ReadonlyMap<string, DirectoryMic>, radiusM: number): Promise<DirectoryIndex> {
  let radii = byDirectory.get(mics);
  if (radii === undefined) byDirectory.set(mics, (radii = new Map()));
  const known = radii.get(radiusM);
  if (known !== undefined) return known;
  const index = indexByContent(mics, radiusM);
  radii.set(radiusM, index);
  // A failure is not kept: the next request computes it again.
  index.catch(() => radii.delete(radiusM));
  return index;
}

function indexByContent(mics: ReadonlyMap<string, DirectoryMic>, radiusM: number): Promise<DirectoryIndex> {
  const hash = crypto.createHash('sha1').update(String(radiusM));
  for (const m of mics.values()) hash.update(`|${m.id}:${m.latitude}:${m.longitude}:${m.name}`);
  const key = hash.digest('base64');
  if (cached !== null && cached.key === key) return cached.index;
  const index = build([...mics.values()], radiusM);
  const entry = { key, index };
  cached = entry;
  index.catch(() => {
    if (cached === entry) cached = null;
  });
  return index;
}

async function build(places: DirectoryMic[], radiusM: number): Promise<DirectoryIndex> {
  const neighbours = await neighbourIndexInSlices(places, radiusM);
  const areas = clusterAreas(places, radiusM, neighbours);
  const areaOf = new Map<string, string>();
  for (const area of areas) for (const id of area.mic_ids) areaOf.set(id, area.area_id);
  return { neighbours, areas, areaOf };
}
