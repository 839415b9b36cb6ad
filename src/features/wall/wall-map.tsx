import { BaseMap } from '@/components/map/base-map';
import { FitToMics } from '@/components/map/fit-to-mics';
import { MicMarkerLayer } from '@/components/map/mic-marker-layer';
import type { MarkerMic } from '@/components/map/mic-marker-state';

/** The wall's map: Leaflet arrives after the clock and the feeds, which do not need it. */
export function WallMap({
  markers,
  pulses,
  label,
}: {
  markers: readonly MarkerMic[];
  pulses: ReadonlyMap<string, number>;
  label: string;
}) {
  return (
    <BaseMap center={[36.4, 127.9]} zoom={7} height="100%" label={label} zoomControl={false}>
      <MicMarkerLayer mics={markers} pulses={pulses} scale={1.6} />
      <FitToMics points={markers} always maxZoom={13} />
    </BaseMap>
  );
}
