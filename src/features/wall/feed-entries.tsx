import type { CompositeEvent, SoundEvent } from '@/api';
import { formatDateTime, formatPercent, formatTime, formatUtc } from '@/lib/format';
import { localName, otherName, useTranslation } from '@/lib/i18n';
import { isNew, type FeedEntry } from './feed';
import classes from './wall.module.css';
import './locales';

const HIGHLIGHT_MS = 60_000;

/** The entry's local time; the full local date and UTC on hover, as everywhere else in the console. */
function EntryTime({ at }: { at: number }) {
  const { i18n } = useTranslation();
  return (
    <time
      className={classes.time}
      dateTime={new Date(at).toISOString()}
      title={`${formatDateTime(at, i18n.language)} · ${formatUtc(at)}`}
    >
      {formatTime(at)}
    </time>
  );
}

export function EventEntry({ entry, now }: { entry: FeedEntry<SoundEvent>; now: number }) {
  const { t, i18n } = useTranslation();
  const fresh = isNew(entry, now, HIGHLIGHT_MS);
  const event = entry.item;
  return (
    <li className={classes.entry} data-new={fresh} data-event-id={event.id}>
      <EntryTime at={entry.at} />
      <span className={classes.label} title={otherName(event.label.name, i18n.language)}>
        {fresh && <span className={classes.newBadge}>{t('wall:newEntry')}</span>}
        {localName(event.label.name, i18n.language)}
      </span>
      <span className={classes.confidence}>{formatPercent(event.confidence)}</span>
      <span className={classes.mic}>{event.mic.name}</span>
    </li>
  );
}

export function CompositeEntry({ entry, now }: { entry: FeedEntry<CompositeEvent>; now: number }) {
  const { t, i18n } = useTranslation();
  const fresh = isNew(entry, now, HIGHLIGHT_MS);
  const composite = entry.item;
  const labels = composite.labels.map((label) => localName(label.name, i18n.language)).join(', ');
  return (
    <li className={`${classes.entry} ${classes.composite}`} data-new={fresh} data-composite-id={composite.id}>
      <EntryTime at={entry.at} />
      <span className={classes.label}>
        {fresh && <span className={classes.newBadge}>{t('wall:newEntry')}</span>}
        {composite.rule.name}
      </span>
      <span className={classes.confidence}>{t('wall:compositeEvents', { count: composite.events.length })}</span>
      <span className={classes.mic}>
        {labels}
        {labels !== '' && ' · '}
        {composite.mics.length === 1
          ? composite.mics[0]!.name
          : t('wall:compositeMics', { count: composite.mics.length })}
      </span>
    </li>
  );
}
