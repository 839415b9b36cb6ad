import { memo } from 'react';
import { LegendBox } from '@/components/map/legend-box';
import { MicMarkerLegend } from '@/components/map/mic-marker-legend';
import { PlacesLegend } from './coverage-panel';
import { InsightRingsLegend } from './insight-rings';
import classes from './map-page.module.css';
import './locales';

/**
 * What the markers, rings and places mean, over the map's lower left corner; folded on a phone,
 * where its forty-odd elements are drawn once it is opened.
 */
export const MapLegend = memo(function MapLegend({
  phone,
  windowMinutes,
  shown,
  placesShown,
}: {
  phone: boolean;
  windowMinutes: number;
  /** The mics drawn, for the rings of those only. */
  shown: { has(micId: string): boolean };
  placesShown: boolean;
}) {
  return (
    <LegendBox folded={phone} className={classes.legend}>
      <MicMarkerLegend windowMinutes={windowMinutes} />
      <InsightRingsLegend shown={shown} />
      <PlacesLegend shown={placesShown} />
    </LegendBox>
  );
});
