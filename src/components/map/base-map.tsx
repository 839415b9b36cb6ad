import type { LatLngBoundsExpression, LatLngExpression } from 'leaflet';
import type { ReactNode } from 'react';
import { MapContainer, TileLayer } from 'react-leaflet';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { OfflineBasemap } from './offline-basemap';
import classes from './base-map.module.css';
import './leaflet-setup';

export interface BaseMapProps {
  /** Initial view; MapContainer reads these once, so later changes belong in child components. */
  center?: LatLngExpression;
  zoom?: number;
  bounds?: LatLngBoundsExpression;
  height: number | string;
  /** Accessible name of the map region. */
  label: string;
  children?: ReactNode;
  className?: string;
  zoomControl?: boolean;
  /** Canvas rendering for vector layers: thousands of circle markers stay smooth. */
  preferCanvas?: boolean;
}

/**
 * A Leaflet map with the deployment's tiles (runtime config) over the bundled offline basemap.
 * Reactive behaviour goes into children that use `useMap`.
 */
export function BaseMap({
  center,
  zoom,
  bounds,
  height,
  label,
  children,
  className,
  zoomControl = true,
  preferCanvas = true,
}: BaseMapProps) {
  const config = useRuntimeConfig();
  return (
    <div className={className} style={{ height }} role="region" aria-label={label}>
      <MapContainer
        center={center}
        zoom={zoom}
        bounds={bounds}
        className={classes.map}
        preferCanvas={preferCanvas}
        zoomControl={zoomControl}
        worldCopyJump
        attributionControl={config.mapTileUrl !== null}
      >
        <OfflineBasemap />
        {config.mapTileUrl !== null && (
          <TileLayer
            url={config.mapTileUrl}
            attribution={config.mapTileAttribution ?? undefined}
            crossOrigin="anonymous"
          />
        )}
        {children}
      </MapContainer>
    </div>
  );
}
