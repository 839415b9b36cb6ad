import { useComputedColorScheme } from '@mantine/core';
import type { Feature } from 'geojson';
import { useContext, useEffect, useState } from 'react';
import { Pane, useMap, useMapEvent } from 'react-leaflet';
import { canvasRenderer, StillMap } from './bitmap-canvas';
import { countriesIn, loadOutlines, type Box, type Outlines as CountryOutlines } from './country-outlines';
import { L } from './leaflet-setup';

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

/** The view with a wide margin: the countries drawn cover panning around it without a rebuild. */
function regionAround(map: L.Map): L.LatLngBounds {
  return map.getBounds().pad(1.5);
}

function boxOf(bounds: L.LatLngBounds): Box {
  return [bounds.getSouth(), bounds.getWest(), bounds.getNorth(), bounds.getEast()];
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
  const [outlines, setOutlines] = useState<CountryOutlines | null>(null);
  const [near, setNear] = useState<Feature[] | null>(null);
  // The markers' margin: a drag shows land as far as it shows mics. At half the view (0.5) the
  // canvas was 4 views in area, rastered and copied on every redraw (a 4K wall: 133 MB).
  const still = useContext(StillMap);
  const [renderer] = useState(() => canvasRenderer(still, { padding: 0.3, pane: PANE }));
  // Only the countries near the view become map layers: all of them (their points made into
  // Leaflet objects and projected) held a phone's main thread for about a second.
  const [region, setRegion] = useState(() => regionAround(map));
  useMapEvent('moveend', () => {
    if (!region.contains(map.getBounds())) setRegion(regionAround(map));
  });
  // The outline and the graticule are decoration: both wait for the page's load and an idle moment,
  // after the mics (the graticule's first lines, with the canvas they make, were 160 ms at 4x CPU
  // right after the map's first draw on the city's /map).
  const [started, setStarted] = useState(false);

  useEffect(() => {
    let alive = true;
    const cancel = afterStart(() => {
      setStarted(true);
      loadOutlines().then(
        (loaded) => alive && setOutlines(loaded),
        () => undefined,
      );
    });
    return () => {
      alive = false;
      cancel();
    };
  }, []);

  useEffect(() => {
    if (outlines === null) return;
    let alive = true;
    void countriesIn(outlines, boxOf(region)).then((countries) => alive && setNear(countries));
    return () => {
      alive = false;
    };
  }, [outlines, region]);

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
      {started && (
        <Graticule color={dark ? 'rgba(160, 174, 192, 0.22)' : 'rgba(90, 110, 140, 0.22)'} renderer={renderer} />
      )}
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
