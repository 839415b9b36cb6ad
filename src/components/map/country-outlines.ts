import type { Feature } from 'geojson';
import { feature } from 'topojson-client';
import type { Arc, GeometryCollection, GeometryObject, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';

/** South, west, north, east, in degrees. */
export type Box = [south: number, west: number, north: number, east: number];

type Countries = Topology<{ countries: GeometryCollection }>;

/**
 * Natural Earth's country outlines as the bundled topology holds them, with each country's
 * bounding box. The boxes come from the topology's arcs (shared borders read once, as small
 * integers); the countries are made into GeoJSON only when one is near the view. Converting all
 * 241 to find the few near the view, then walking every converted point for its box, was the
 * basemap's cost on the map's start: 300-450 ms at 4x CPU, a 500 ms stretch at 1x on /map at
 * 10,000 mics in a loaded machine's profile (the boxes' walk 150 ms of it in one task).
 */
export interface Outlines {
  topology: Countries;
  boxes: Box[];
  /** Countries already converted, by their index in the topology. */
  features: Map<number, Feature>;
}

let outlines: Promise<Outlines> | null = null;

/** Fetched once from our own server; the work done between other tasks, a slice at a time. */
export function loadOutlines(): Promise<Outlines> {
  outlines ??= fetch(countriesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`offline basemap: ${response.status}`);
      return response.json() as Promise<Countries>;
    })
    .then(outlinesOf)
    .catch((error: unknown) => {
      outlines = null;
      throw error;
    });
  return outlines;
}

/** Each country's box, found from the arcs in slices. */
export async function outlinesOf(topology: Countries): Promise<Outlines> {
  const arcs = await inSlices(topology.arcs, (arc) => arcBox(arc, topology));
  const boxes = topology.objects.countries.geometries.map((geometry) => geometryBox(geometry, arcs));
  return { topology, boxes, features: new Map<number, Feature>() };
}

/**
 * The countries whose boxes meet `region`, as GeoJSON (converted once each, in slices), with only
 * the parts that meet it: a country's box can span the globe (Alaska's islands cross 180°, so the
 * United States' 5,751 points were drawn for a view of Seoul, with Russia's far west), and Leaflet
 * makes, projects and draws every point it is given. Around Seoul at zoom 7: 10,027 points → 2,912.
 */
export async function countriesIn(from: Outlines, region: Box): Promise<Feature[]> {
  const near: number[] = [];
  from.boxes.forEach((box, index) => {
    if (meets(box, region)) near.push(index);
  });
  const geometries = from.topology.objects.countries.geometries;
  const cut = await inSlices(near, (index) => {
    let converted = from.features.get(index);
    if (converted === undefined) {
      converted = feature(from.topology, geometries[index]!) as Feature;
      from.features.set(index, converted);
    }
    return partsIn(converted, region);
  });
  return cut.filter((country): country is Feature => country !== null);
}

function meets([south, west, north, east]: Box, region: Box): boolean {
  return south <= region[2] && north >= region[0] && west <= region[3] && east >= region[1];
}

type Ring = GeoJSON.Position[];
const partBoxes = new WeakMap<Ring, Box>();

/** A multi-part country cut to the parts whose outer ring meets `region` (null: none does). */
function partsIn(country: Feature, region: Box): Feature | null {
  if (country.geometry.type !== 'MultiPolygon') return country;
  const all = country.geometry.coordinates;
  const parts = all.filter(([outer]) => meets(ringBox(outer!), region));
  if (parts.length === 0) return null;
  return parts.length === all.length ? country : { ...country, geometry: { type: 'MultiPolygon', coordinates: parts } };
}

function ringBox(ring: Ring): Box {
  let box = partBoxes.get(ring);
  if (box !== undefined) return box;
  box = [90, 180, -90, -180];
  for (const [lon, lat] of ring as [number, number][]) {
    if (lat < box[0]) box[0] = lat;
    if (lon < box[1]) box[1] = lon;
    if (lat > box[2]) box[2] = lat;
    if (lon > box[3]) box[3] = lon;
  }
  partBoxes.set(ring, box);
  return box;
}

/** An arc's box in the topology's quantized units (its points are deltas from the previous one). */
function arcBox(arc: Arc, topology: Countries): Box {
  const points = arc as [number, number][];
  const quantized = topology.transform !== undefined;
  let x = 0;
  let y = 0;
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (let i = 0; i < points.length; i++) {
    const point = points[i]!;
    x = quantized ? x + point[0] : point[0];
    y = quantized ? y + point[1] : point[1];
    if (y < south) south = y;
    if (x < west) west = x;
    if (y > north) north = y;
    if (x > east) east = x;
  }
  if (topology.transform === undefined) return [south, west, north, east];
  const [kx, ky] = topology.transform.scale;
  const [tx, ty] = topology.transform.translate;
  return [south * ky + ty, west * kx + tx, north * ky + ty, east * kx + tx];
}

function geometryBox(geometry: GeometryObject, arcs: readonly Box[]): Box {
  const box: Box = [90, 180, -90, -180];
  const visit = (value: unknown): void => {
    if (typeof value === 'number') {
      // A negative index is the arc ~index read backwards: the same box.
      const [s, w, n, e] = arcs[value < 0 ? ~value : value]!;
      box[0] = Math.min(box[0], s);
      box[1] = Math.min(box[1], w);
      box[2] = Math.max(box[2], n);
      box[3] = Math.max(box[3], e);
    } else if (Array.isArray(value)) for (const item of value) visit(item);
  };
  if ('arcs' in geometry) visit(geometry.arcs);
  return box;
}

/** `convert` over `items` in slices of about 8 ms, each a task of its own. */
function inSlices<T, R>(items: readonly T[], convert: (item: T) => R): Promise<R[]> {
  return new Promise((resolve) => {
    const out: R[] = [];
    const slice = () => {
      const until = performance.now() + 8;
      while (out.length < items.length && performance.now() < until) out.push(convert(items[out.length]!));
      if (out.length < items.length) window.setTimeout(slice, 0);
      else resolve(out);
    };
    slice();
  });
}
