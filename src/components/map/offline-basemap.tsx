import { useComputedColorScheme } from '@mantine/core';
import type { Feature } from 'geojson';
import { useEffect, useMemo, useState } from 'react';
import { Pane, useMap, useMapEvent } from 'react-leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { L } from './leaflet-setup';

let countries: Promise<Feature[]> | null = null;

/**
 * Natural Earth country outlines, bundled with the app: fetched once from our own server, and
 * made into features a few countries at a time (all at once it was one long task of the map's
 * start, four times longer on a phone).
 */
function loadCountries(): Promise<Feature[]> {
  countries ??= fetch(countriesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`offline basemap: ${response.status}`);
      return response.json() as Promise<Topology<{ countries: GeometryCollection }>>;
    })
    .then((topology) => inSlices(topology.objects.countries.geometries, (shape) => feature(topology, shape) as Feature))
    .catch((error: unknown) => {
      countries = null;
      throw error;
    });
  return countries;
}

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

/**
 * Runs `then` once the page has loaded and the main thread is idle: the outline is decoration,
 * and its 200 kB and its conversion came first on a map's start, beside the mics it waited for.
 */
function afterStart(then: () => void): () => void {
  let idle: number | undefined;
  const ask = () => {
    idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(then, { timeout: 2000 })
        : window.setTimeout(then, 200);
  };
  if (document.readyState === 'complete') ask();
  else window.addEventListener('load', ask, { once: true });
  return () => {
    window.removeEventListener('load', ask);
    if (idle === undefined) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

const PANE = 'offline-basemap';

type Box = [south: number, west: number, north: number, east: number];
const boxes = new WeakMap<Feature, Box>();

/** A country's bounding box, found once. */
function boxOf(country: Feature): Box {
  let box = boxes.get(country);
  if (box !== undefined) return box;
  box = [90, 180, -90, -180];
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number') {
      const [lon, lat] = value as [number, number];
      box![0] = Math.min(box![0], lat);
      box![1] = Math.min(box![1], lon);
      box![2] = Math.max(box![2], lat);
      box![3] = Math.max(box![3], lon);
      return;
    }
    for (const item of value) visit(item);
  };
  if (country.geometry !== null && 'coordinates' in country.geometry) visit(country.geometry.coordinates);
  boxes.set(country, box);
  return box;
}

/** The view with a wide margin: the countries drawn cover panning around it without a rebuild. */
function regionAround(map: L.Map): L.LatLngBounds {
  return map.getBounds().pad(1.5);
}

/**
 * Country and coast outlines plus a graticule, drawn on canvas under everything else, so mic
 * positions stay readable when no tile server is configured or reachable (edge sites often
 * have no internet). Tiles, when they load, simply cover it.
 *
 * Its own pane, below the tiles (200) and every overlay (400 up): in the overlay pane its canvas
 * was added after the markers' and painted the land over them.
 */
export function OfflineBasemap() {
  return (
    <Pane name={PANE} style={{ zIndex: 150 }}>
      <Outlines />
    </Pane>
  );
}

function Outlines() {
  const map = useMap();
  const scheme = useComputedColorScheme('light');
  const [data, setData] = useState<Feature[] | null>(null);
  const [renderer] = useState(() => L.canvas({ padding: 0.5, pane: PANE }));
  // Only the countries near the view become map layers: all of them (their points made into
  // Leaflet objects and projected) held a phone's main thread for about a second.
  const [region, setRegion] = useState(() => regionAround(map));
  useMapEvent('moveend', () => {
    if (!region.contains(map.getBounds())) setRegion(regionAround(map));
  });
  const near = useMemo(
    () =>
      data?.filter((country) => {
        const [south, west, north, east] = boxOf(country);
        return region.intersects(L.latLngBounds([south, west], [north, east]));
      }) ?? null,
    [data, region],
  );

  useEffect(() => {
    let alive = true;
    const cancel = afterStart(() =>
      loadCountries().then(
        (shapes) => alive && setData(shapes),
        () => undefined,
      ),
    );
    return () => {
      alive = false;
      cancel();
    };
  }, []);

  const dark = scheme === 'dark';
  return (
    <>
      {near !== null && (
        <Countries
          countries={near}
          renderer={renderer}
          color={dark ? '#5c6b80' : '#8a97a8'}
          fill={dark ? '#1f2a37' : '#eef1f4'}
        />
      )}
      <Graticule color={dark ? 'rgba(160, 174, 192, 0.22)' : 'rgba(90, 110, 140, 0.22)'} renderer={renderer} />
    </>
  );
}

/**
 * The countries' outlines, added a few at a time between other work: added at once they held the
 * main thread for a quarter of a second here (a second on a phone), while the page was starting.
 */
function Countries({
  countries,
  renderer,
  color,
  fill,
}: {
  countries: Feature[];
  renderer: L.Renderer;
  color: string;
  fill: string;
}) {
  const map = useMap();
  useEffect(() => {
    const style = { renderer, color, weight: 1, fillColor: fill, fillOpacity: 1 };
    const layer = L.geoJSON(undefined, { pane: PANE, interactive: false, style }).addTo(map);
    let next = 0;
    let timer: number | undefined;
    const slice = () => {
      const until = performance.now() + 8;
      while (next < countries.length && performance.now() < until) layer.addData(countries[next++]!);
      if (next < countries.length) timer = window.setTimeout(slice, 0);
    };
    timer = window.setTimeout(slice, 0);
    return () => {
      window.clearTimeout(timer);
      layer.remove();
    };
  }, [map, countries, renderer, color, fill]);
  return null;
}

const STEPS = [10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005];

/** Latitude/longitude lines at a spacing that suits the zoom, redrawn as the view moves. */
function Graticule({ color, renderer }: { color: string; renderer: L.Renderer }) {
  const map = useMap();
  useEffect(() => {
    const group = L.layerGroup([], { pane: PANE }).addTo(map);
    const draw = () => {
      group.clearLayers();
      const bounds = map.getBounds();
      const span = Math.max(bounds.getNorth() - bounds.getSouth(), bounds.getEast() - bounds.getWest());
      const step = STEPS.find((s) => span / s >= 4) ?? STEPS[STEPS.length - 1]!;
      const south = Math.max(-85, Math.floor(bounds.getSouth() / step) * step);
      const north = Math.min(85, Math.ceil(bounds.getNorth() / step) * step);
      const west = Math.floor(bounds.getWest() / step) * step;
      const east = Math.ceil(bounds.getEast() / step) * step;
      const style = { color, weight: 1, interactive: false, renderer, pane: PANE };
      for (let lat = south; lat <= north + 1e-9; lat += step)
        group.addLayer(
          L.polyline(
            [
              [lat, west],
              [lat, east],
            ],
            style,
          ),
        );
      for (let lon = west; lon <= east + 1e-9; lon += step)
        group.addLayer(
          L.polyline(
            [
              [south, lon],
              [north, lon],
            ],
            style,
          ),
        );
    };
    // Decoration: drawn after the page's own work, then at once on each move.
    const first = window.setTimeout(draw, 0);
    map.on('moveend', draw);
    return () => {
      window.clearTimeout(first);
      map.off('moveend', draw);
      group.remove();
    };
  }, [map, color, renderer]);
  return null;
}
