import { memo, useEffect, useMemo, useState } from 'react';
import type { CompositeEvent } from '@/api';
import { BaseMap } from '@/components/map/base-map';
import { StillMap } from '@/components/map/bitmap-canvas';
import { EstimatedPlaceLayer } from '@/components/map/estimated-place-layer';
import { FitToMics } from '@/components/map/fit-to-mics';
import { MicMarkerLayer } from '@/components/map/mic-marker-layer';
import type { MarkerMic } from '@/components/map/mic-marker-state';
import type { EstimatedPlace } from '@/components/map/estimated-place-layer';
import { useWallPlaces } from './wall-place';

const shortSide = () => Math.min(window.innerWidth, window.innerHeight);

/**
 * The wall unit of wall-route.module.css (`--u`) in CSS pixels, for what the canvas draws.
 * Read once and on resize, never while rendering: window.innerWidth forces a style and layout
 * pass whenever the page has pending changes (1.8 s of a city wall's first minute at 4x CPU).
 */
function useWallUnit(scale: number): number {
  const [side, setSide] = useState(shortSide);
  useEffect(() => {
    const onResize = () => setSide(shortSide());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return Math.min(4, Math.max(0.6, side / 1080)) * scale;
}

/** The area around a place (its radius, at least a few hundred metres), so the streets show. */
function areaAround(place: EstimatedPlace): { lat: number; lon: number }[] {
  const dLat = Math.max(place.radiusM, 300) / 111_000;
  const dLon = dLat / Math.cos((place.latitude * Math.PI) / 180);
  return [
    { lat: place.latitude - dLat, lon: place.longitude - dLon },
    { lat: place.latitude + dLat, lon: place.longitude + dLon },
  ];
}

/**
 * The wall's map: Leaflet arrives after the clock and the feeds, which do not need it. Memoized:
 * the wall re-renders on every tick and answer, the map only when what it draws changed.
 */
export const WallMap = memo(function WallMap({
  markers,
  pulses,
  composites,
  label,
  scale,
  focusId = null,
}: {
  markers: readonly MarkerMic[];
  pulses: ReadonlyMap<string, number>;
  /** The incidents on the cards, in their order: each one's place, numbered as its card. */
  composites: readonly CompositeEvent[];
  label: string;
  /** The wall's `?scale=`. */
  scale: number;
  /** The incident that needs a person most: the map moves to its place and marks it. */
  focusId?: string | null;
}) {
  const unit = useWallUnit(scale);
  const { places, asking } = useWallPlaces(composites);
  const focus = places.find((place) => place.key === focusId);
  const marked = focus === undefined ? places : places.map((p) => (p === focus ? { ...p, selected: true } : p));
  const around = useMemo(() => (focus === undefined ? null : areaAround(focus)), [focus]);
  // A new incident on top is first shown without its place, asked for then: the view stays where it
  // is meanwhile. It went out to every mic of the city and back in to the place a moment later, two
  // fits with a full redraw each (0.3-0.7 s at 4x CPU on a city edge, with every new incident).
  const [view, setView] = useState(around);
  const waiting = focusId !== null && focus === undefined && asking.has(focusId);
  if (!waiting && view !== around) setView(around);
  const shown = waiting ? view : around;
  return (
    <div style={{ height: '100%' }} data-testid="wall-map-focus" data-focus-id={focus?.key ?? ''}>
      {/* Drawn seldom and shown for hours beside a clock that ticks a frame a second (bitmap-canvas.ts). */}
      <StillMap.Provider value>
        <BaseMap center={[36.4, 127.9]} zoom={7} height="100%" label={label} zoomControl={false}>
          <MicMarkerLayer mics={markers} pulses={pulses} scale={1.6 * unit} />
          <EstimatedPlaceLayer places={marked} scale={1.4 * unit} />
          <FitToMics points={shown ?? markers} always maxZoom={shown === null ? 13 : 16} />
        </BaseMap>
      </StillMap.Provider>
    </div>
  );
});
