import type { LeafletEventHandlerFnMap, Marker as LeafletMarker } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { CircleMarker, Marker, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import type { InventoryMic } from '@/api';
import { BaseMap } from '@/components/map/base-map';
import classes from './mics.module.css';

export interface Position {
  latitude: number;
  longitude: number;
}

/** Six decimals is about 10 cm: finer than any device placement, coarser than a pointer's float noise. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;

function wrapLongitude(longitude: number): number {
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

/** The marker, the click-to-place handler, and keeping the marker in view when the inputs move it. */
function PositionMarker({
  position,
  onChange,
  readOnly,
}: {
  position: Position | null;
  onChange: (position: Position) => void;
  readOnly: boolean;
}) {
  const map = useMap();
  useMapEvents({
    click(event) {
      if (readOnly) return;
      onChange({ latitude: round(event.latlng.lat), longitude: round(wrapLongitude(event.latlng.lng)) });
    },
  });
  const latitude = position?.latitude;
  const longitude = position?.longitude;
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    if (!map.getBounds().contains([latitude, longitude])) map.panTo([latitude, longitude]);
  }, [map, latitude, longitude]);
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      dragend(event) {
        const { lat, lng } = (event.target as LeafletMarker).getLatLng();
        onChange({ latitude: round(lat), longitude: round(wrapLongitude(lng)) });
      },
    }),
    [onChange],
  );
  if (position === null) return null;
  return <Marker position={[position.latitude, position.longitude]} draggable={!readOnly} eventHandlers={handlers} />;
}

/**
 * The other devices as small grey dots: with no tiles at an edge site, they are what tells the
 * admin where on the street this one stands.
 */
function Neighbours({ mics }: { mics: readonly InventoryMic[] }) {
  return mics.map((mic) => (
    <CircleMarker
      key={mic.id}
      center={[mic.location.latitude, mic.location.longitude]}
      radius={4}
      pathOptions={{ color: '#868e96', weight: 1, fillColor: '#adb5bd', fillOpacity: 0.8 }}
      bubblingMouseEvents
    >
      <Tooltip>{mic.name}</Tooltip>
    </CircleMarker>
  ));
}

/** A small map to set a device's position: click to place, or drag the marker. */
export function LocationPicker({
  initial,
  position,
  onChange,
  readOnly,
  label,
  neighbours,
}: {
  neighbours: readonly InventoryMic[];
  initial: Position;
  position: Position | null;
  onChange: (position: Position) => void;
  readOnly: boolean;
  label: string;
}) {
  return (
    <BaseMap
      center={[initial.latitude, initial.longitude]}
      zoom={14}
      height={220}
      label={label}
      className={classes.map}
    >
      <Neighbours mics={neighbours} />
      <PositionMarker position={position} onChange={onChange} readOnly={readOnly} />
    </BaseMap>
  );
}
