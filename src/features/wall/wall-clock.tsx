import { useMemo, useRef, useState } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from '@/lib/i18n';
import { useTick } from '@/lib/use-now';
import classes from './wall-clock.module.css';
import './locales';

const timeOf = (now: number) => dayjs(now).format('HH:mm:ss');

/** Changes the text node React made, not the element's children: no node replaced, only characters. */
function writeText(element: HTMLElement | null, text: string): void {
  const node = element?.firstChild;
  if (node instanceof Text) {
    if (node.data !== text) node.data = text;
  } else if (element != null) element.textContent = text;
}

/**
 * The time to the second and the long date. Each tick writes the two texts itself: rendered by React,
 * every second of a wall's days was a render and commit of its own (8-23 ms at 1x in Lighthouse's traces).
 */
export function WallClock() {
  const { t, i18n } = useTranslation();
  const timeRef = useRef<HTMLDivElement>(null);
  const dateRef = useRef<HTMLDivElement>(null);
  // Building an Intl formatter costs far more than using one; the clock formats every second, for days.
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }),
    [i18n.language],
  );
  useTick(1000, (now) => {
    writeText(timeRef.current, timeOf(now));
    writeText(dateRef.current, dateFormat.format(now));
  });
  // The first drawing's moment: the ticks write every later one (a render with this text changes nothing).
  const [now] = useState(Date.now);
  return (
    <div aria-label={t('wall:clock')} role="timer">
      <div ref={timeRef} className={classes.clock}>
        {timeOf(now)}
      </div>
      <div ref={dateRef} className={classes.date}>
        {dateFormat.format(now)}
      </div>
    </div>
  );
}
