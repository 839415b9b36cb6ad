import { useQuery } from '@tanstack/react-query';
import { insightQueries, type Unusual } from '@/api/insights';
import { usually } from '@/lib/insight-format';
import { localName, useTranslation } from '@/lib/i18n';
import type { WallConfig } from './wall-config';
import classes from './unusual-strip.module.css';
import './locales';

/** A strip holds what fits at a glance from across the room; /insights has the rest. */
const STRIP_MAX = 4;
/** A phone's strip shows this many, one a line (unusual-strip.module.css), and counts the rest. */
const PHONE_MAX = 2;

interface StripItem {
  key: string;
  place: string;
  label: string;
  observed: number;
  expected: number;
}

/** The mics and areas hearing a label far more than usual, narrowed to the wall's edge and label. */
export function stripItems(data: Unusual, config: Pick<WallConfig, 'edgeId' | 'label'>, language: string) {
  const label = (id: string, name: { ko: string; en: string } | null) =>
    name === null ? id : localName(name, language);
  const labelOk = (id: string) => config.label === null || config.label === id;
  const mics: StripItem[] = data.mics
    .filter((mic) => labelOk(mic.label_id) && (config.edgeId === null || config.edgeId === mic.edge_id))
    .map((mic) => ({
      key: `mic/${mic.mic_id}/${mic.label_id}`,
      place: mic.mic_name ?? mic.mic_id,
      label: label(mic.label_id, mic.label_name),
      observed: mic.observed,
      expected: mic.expected,
    }));
  // Areas carry no edge: on a wall narrowed to one edge only its mics speak.
  const areas: StripItem[] =
    config.edgeId !== null
      ? []
      : data.areas
          .filter((area) => labelOk(area.label_id))
          .map((area) => ({
            key: `area/${area.area_id}/${area.label_id}`,
            place: area.name,
            label: label(area.label_id, area.label_name),
            observed: area.observed,
            expected: area.expected,
          }));
  return [...areas, ...mics].slice(0, STRIP_MAX);
}

/**
 * Under the header: what is unusual now, in large type. The strip is always there, saying so when
 * nothing is: a wall whose map jumps when it comes and goes (at load, or at 3 a.m.) is harder to read.
 */
export function UnusualStrip({ config }: { config: WallConfig }) {
  const { t, i18n } = useTranslation('wall');
  const query = useQuery(insightQueries.unusual());
  const items = query.data === undefined ? [] : stripItems(query.data, config, i18n.language);
  if (items.length === 0) {
    return (
      <section className={classes.unusual} data-quiet aria-label={t('unusual')} data-testid="wall-unusual">
        <h2 className={classes.unusualTitle}>{t('unusual')}</h2>
        <p className={classes.unusualItem}>
          {/* Until the first answer the line keeps its height with nothing in it. */}
          {query.data === undefined ? '\u00a0' : t('unusualNone', { minutes: query.data.window_minutes })}
        </p>
      </section>
    );
  }
  const minutes = query.data!.window_minutes;
  return (
    <section className={classes.unusual} aria-label={t('unusual')} data-testid="wall-unusual">
      <h2 className={classes.unusualTitle}>{t('unusual')}</h2>
      <ul className={classes.unusualList}>
        {items.map((item) => {
          const usual = usually(item.expected, i18n.language);
          const values = { label: item.label, count: item.observed, minutes };
          const what =
            usual.kind === 'never' ? t('unusualNever', values) : t('unusualMic', { ...values, usual: usual.value });
          // Cut short with "…" when too long for its room (the place first): the hint holds it all,
          // on a tap or a focus too, where no pointer hovers.
          return (
            <li key={item.key} className={classes.unusualItem} data-hint={`${item.place}: ${what}`} tabIndex={0}>
              <span className={classes.unusualPlace}>{item.place}</span>
              <span>{what}</span>
            </li>
          );
        })}
      </ul>
      {items.length > PHONE_MAX && (
        <span className={classes.unusualMore}>{t('unusualMore', { count: items.length - PHONE_MAX })}</span>
      )}
    </section>
  );
}
