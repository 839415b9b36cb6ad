import type { LatLngBounds, LeafletEventHandlerFnMap, Marker as LeafletMarker } from 'leaflet';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { CircleMarker, Marker, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { micQueries, type InventoryMic } from '@/api';
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

/** The map's view with half a view around it, so a short pan finds its dots already drawn. */
const nearView = (bounds: LatLngBounds) => bounds.pad(0.5);

/**
 * The other devices as small grey dots: with no tiles at an edge site, they are what tells the
 * admin where on the street this one stands. Only those near the view: a city's edge has
 * thousands, and a layer with its tooltip for each took the drawer's map seconds to start.
 */
function Neighbours({ micId }: { micId: string }) {
  const map = useMap();
  const everyMic = useQuery(micQueries.inventory());
  const [area, setArea] = useState(() => nearView(map.getBounds()));
  useMapEvents({ moveend: () => setArea(nearView(map.getBounds())) });
  const near = useMemo(
    () =>
      (everyMic.data?.mics ?? []).filter(
        (mic) => mic.id !== micId && area.contains([mic.location.latitude, mic.location.longitude]),
      ),
    [everyMic.data, micId, area],
  );
  return near.map((mic: InventoryMic) => (
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
  micId,
  initial,
  position,
  onChange,
  readOnly,
  label,
  height,
}: {
  micId: string;
  initial: Position;
  position: Position | null;
  onChange: (position: Position) => void;
  readOnly: boolean;
  label: string;
  height: number;
}) {
  return (
    <BaseMap
      center={[initial.latitude, initial.longitude]}
      zoom={14}
      height={height}
      label={label}
      className={classes.map}
      afterPaint
    >
      <Neighbours micId={micId} />
      <PositionMarker position={position} onChange={onChange} readOnly={readOnly} />
    </BaseMap>
  );
}
