import type { LatLngBoundsExpression, LatLngExpression } from 'leaflet';
import { useEffect, useState, type ReactNode } from 'react';
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
  /**
   * Leaflet starts once the page around it has painted (the region keeps its place meanwhile).
   * Started with the page, Leaflet's first size read forced the layout of the whole new page inside
   * React's commit, and its start, first draw and fit ran in that same task: /map's longest on the
   * city profile (1.1 s at 4x CPU, 230 ms of it the forced layout).
   */
  afterPaint?: boolean;
}

/** False until the frame after the first render has been painted. */
function usePainted(wait: boolean): boolean {
  const [painted, setPainted] = useState(!wait);
  useEffect(() => {
    if (painted) return;
    let timer = 0;
    // An animation frame callback runs before its frame is painted; a task queued from it, after.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [painted]);
  return painted;
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
  afterPaint = false,
}: BaseMapProps) {
  const config = useRuntimeConfig();
  const painted = usePainted(afterPaint);
  return (
    <div className={className} style={{ height }} role="region" aria-label={label}>
      {painted && (
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
      )}
    </div>
  );
}
