import { useState } from 'react';
import { MicMarkerLegend } from '@/components/map/mic-marker-legend';
import { useTranslation } from '@/lib/i18n';
import { usePhone } from '@/lib/screens';
import classes from './wall-route.module.css';

/**
 * What the markers mean, over the map's lower left corner. A wall screen shows it always; on a
 * phone it covered most of the map, so there it is folded, as on the map page.
 */
export function WallLegend({ windowMinutes }: { windowMinutes: number }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const legend = <MicMarkerLegend windowMinutes={windowMinutes} showPulse size="lg" />;
  if (!phone) return <div className={classes.legend}>{legend}</div>;
  return (
    <details className={classes.legend} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('micMap:legend.title')}</summary>
      {open && legend}
    </details>
  );
}
