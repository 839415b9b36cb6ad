import { memo, useState } from 'react';
import { MicMarkerLegend } from '@/components/map/mic-marker-legend';
import { useTranslation } from '@/lib/i18n';
import { PlacesLegend } from './coverage-panel';
import { InsightRingsLegend } from './insight-rings';
import classes from './map-page.module.css';
import './locales';

/**
 * What the markers, rings and places mean, over the map's lower left corner. On a phone it is
 * folded and its entries are drawn once it is opened: drawn folded, its forty-odd elements were
 * part of the map's first commit (the city profile's longest task) for nobody to see.
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
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const entries = (
    <>
      <MicMarkerLegend windowMinutes={windowMinutes} />
      <InsightRingsLegend shown={shown} />
      <PlacesLegend shown={placesShown} />
    </>
  );
  if (!phone) return <div className={classes.legend}>{entries}</div>;
  return (
    <details className={classes.legend} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('micMap:legend.title')}</summary>
      {open && entries}
    </details>
  );
});
