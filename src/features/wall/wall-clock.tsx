import { useMemo } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import classes from './wall-clock.module.css';
import './locales';

/** The time to the second and the long date; ticks on its own so the wall does not re-render every second. */
export function WallClock() {
  const { t, i18n } = useTranslation();
  const now = useNow(1000);
  // Building an Intl formatter costs far more than using one; the clock formats every second, for days.
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }),
    [i18n.language],
  );
  return (
    <div aria-label={t('wall:clock')} role="timer">
      <div className={classes.clock}>{dayjs(now).format('HH:mm:ss')}</div>
      <div className={classes.date}>{dateFormat.format(now)}</div>
    </div>
  );
}
