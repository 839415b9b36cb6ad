import { useMemo } from 'react';
import { Circle, Marker, Polyline, Tooltip } from 'react-leaflet';
import { L } from './leaflet-setup';
import classes from './estimated-place.module.css';

/** Where a sound was estimated to be: drawn apart from the mics (a numbered crosshair, never a mic's shape). */
export interface EstimatedPlace {
  key: string;
  latitude: number;
  longitude: number;
  /** The 95 % radius, metres. */
  radiusM: number;
  /** False for the nearest-mic estimate: the mic's place and how far a mic hears, not a located point. */
  located: boolean;
  /** Shown in the marker, to match a list beside the map ("1", "2"…). */
  index: string;
  /** Accessible name and tooltip: the place in words. */
  label: string;
  /** The sound chosen in a list beside the map; undefined where the map offers no choice. */
  selected?: boolean;
  /** False draws the marker alone (another sound's, beside the one whose circle is shown). */
  circle?: boolean;
}

export interface EstimatedTrack {
  key: string;
  /** The located repeats, in time order. */
  points: readonly (readonly [number, number])[];
  headingDeg: number;
  label: string;
}

export interface EstimatedPlaceLayerProps {
  places: readonly EstimatedPlace[];
  tracks?: readonly EstimatedTrack[];
  /** Marker size factor: 1 on a desk, larger on a wall display. */
  scale?: number;
  /** Makes each marker a keyboard-reachable button. */
  onSelect?: (key: string) => void;
}

type Glyph = Pick<EstimatedPlace, 'label' | 'index' | 'located' | 'selected'>;

/** The marker's own element, built with the DOM so names from the edge are text, never HTML. */
function placeIcon({ label, index, located, selected }: Glyph, scale: number, interactive: boolean): L.DivIcon {
  const element = document.createElement('div');
  element.className = classes.glyph!;
  element.dataset.located = String(located);
  // Absent where nothing is chosen (a wall): only a map with a choice sets other sounds back.
  if (selected !== undefined) element.dataset.selected = String(selected);
  element.setAttribute('role', 'img');
  element.setAttribute('aria-label', label);
  element.textContent = located ? index : '?';
  const size = Math.round(28 * scale);
  element.style.setProperty('--size', `${size}px`);
  return L.divIcon({
    html: element,
    className: interactive ? `${classes.icon} ${classes.interactive}` : classes.icon,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

function arrowIcon(headingDeg: number, scale: number): L.DivIcon {
  const element = document.createElement('div');
  element.className = classes.arrow!;
  // The glyph points east (90°): turn it to the heading.
  element.style.transform = `rotate(${headingDeg - 90}deg)`;
  element.textContent = '➤';
  const size = Math.round(22 * scale);
  element.style.fontSize = `${size}px`;
  return L.divIcon({
    html: element,
    className: classes.icon,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

function PlaceMarker({
  place,
  scale,
  onSelect,
}: {
  place: EstimatedPlace;
  scale: number;
  onSelect?: (key: string) => void;
}) {
  const interactive = onSelect !== undefined;
  const { label, index, located, selected } = place;
  // Built again only when what it shows changes, not when a parent hands over an equal place.
  const icon = useMemo(
    () => placeIcon({ label, index, located, selected }, scale, interactive),
    [label, index, located, selected, scale, interactive],
  );
  return (
    <Marker
      position={[place.latitude, place.longitude]}
      icon={icon}
      keyboard={interactive}
      interactive={interactive}
      zIndexOffset={place.selected === true ? 1000 : place.located ? 500 : 0}
      eventHandlers={interactive ? { click: () => onSelect(place.key) } : undefined}
    >
      {interactive && (
        <Tooltip direction="top" offset={[0, -14 * scale]}>
          {place.label}
        </Tooltip>
      )}
    </Marker>
  );
}

function TrackArrow({ track, scale }: { track: EstimatedTrack; scale: number }) {
  const icon = useMemo(() => arrowIcon(track.headingDeg, scale), [track.headingDeg, scale]);
  const end = track.points[track.points.length - 1];
  if (end === undefined) return null;
  return <Marker position={[end[0], end[1]]} icon={icon} interactive={false} keyboard={false} title={track.label} />;
}

/**
 * Estimated places of sounds: each a numbered crosshair (a dashed "?" when not located) with its
 * 95 % circle, and a moving source's track as a dashed line ending in an arrow. Drawn as SVG over
 * any map (a few shapes at most), so CSS gives them the theme's colours; reusable by the map, the
 * wall and the drill-down.
 */
export function EstimatedPlaceLayer({ places, tracks = [], scale = 1, onSelect }: EstimatedPlaceLayerProps) {
  // SVG even on a canvas map: few shapes, styled by class, and each one a DOM node to find.
  const renderer = useMemo(() => L.svg({ padding: 0.5 }), []);
  return (
    <>
      {places
        .filter((place) => place.circle !== false)
        .map((place) => (
          <Circle
            // Leaflet sets a path's class once: a place that becomes located is a new circle.
            key={`circle-${place.key}-${place.located}`}
            center={[place.latitude, place.longitude]}
            radius={Math.max(1, place.radiusM)}
            renderer={renderer}
            interactive={false}
            // A class is read once, at creation (react-leaflet's pathOptions only restyle).
            className={`${place.located ? classes.circle : classes.circleNear} estimated-place-circle`}
            pathOptions={{
              weight: (place.selected === true ? 3 : 2) * scale,
              dashArray: place.located ? undefined : '6 6',
            }}
          />
        ))}
      {tracks.map((track) => (
        <Polyline
          key={`track-${track.key}`}
          positions={track.points.map(([lat, lng]) => [lat, lng] as [number, number])}
          renderer={renderer}
          interactive={false}
          className={`${classes.track} estimated-track`}
          pathOptions={{ weight: 3 * scale, dashArray: '8 6' }}
        />
      ))}
      {tracks.map((track) => (
        <TrackArrow key={`arrow-${track.key}`} track={track} scale={scale} />
      ))}
      {places.map((place) => (
        <PlaceMarker key={`marker-${place.key}`} place={place} scale={scale} onSelect={onSelect} />
      ))}
    </>
  );
}
