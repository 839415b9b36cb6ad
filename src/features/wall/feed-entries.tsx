import type { CompositeEvent, ReviewItem, SoundEvent } from '@/api';
import { heardByView } from '@/components/heard-by/heard-by-view';
import type { HeardByLookup } from '@/components/heard-by/use-heard-by';
import { formatAge, formatDateTime, formatPercent, formatTime, formatUtc } from '@/lib/format';
import { localName, otherName, useTranslation } from '@/lib/i18n';
import { isNew, type FeedEntry } from './feed';
import { CompositePlaceLine } from './wall-place';
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
      data-hint={`${formatDateTime(at, i18n.language)} · ${formatUtc(at)}`}
    >
      {formatTime(at)}
    </time>
  );
}

/** "Heard by N mics" beside the label: plain when others heard it too, dimmed for its own mic alone. */
function EntryHeardBy({ eventId, createdAt, heardBy }: { eventId: string; createdAt: string; heardBy: HeardByLookup }) {
  const { t } = useTranslation('heardBy');
  const view = heardByView(t, heardBy.of(eventId, createdAt), { complete: heardBy.complete, windowS: heardBy.windowS });
  if (view === null) {
    return (
      <span className={classes.heard} role="img" aria-label={t('unknown')}>
        …
      </span>
    );
  }
  return (
    <span className={classes.heard} data-corroborated={view.corroborated} data-hint={view.hint}>
      {view.text}
    </span>
  );
}

export function EventEntry({
  entry,
  now,
  heardBy,
}: {
  entry: FeedEntry<SoundEvent>;
  now: number;
  heardBy: HeardByLookup;
}) {
  const { t, i18n } = useTranslation();
  const fresh = isNew(entry, now, HIGHLIGHT_MS);
  const event = entry.item;
  return (
    <li className={classes.entry} data-new={fresh} data-event-id={event.id}>
      <EntryTime at={entry.at} />
      <span className={classes.label} data-hint={otherName(event.label.name, i18n.language)}>
        {fresh && <span className={classes.newBadge}>{t('wall:newEntry')}</span>}
        {localName(event.label.name, i18n.language)}
      </span>
      <EntryHeardBy eventId={event.id} createdAt={event.created_at} heardBy={heardBy} />
      <span className={classes.micLine}>
        <span className={classes.mic}>{event.mic.name}</span>
        <span className={classes.confidence}>{formatPercent(event.confidence)}</span>
      </span>
    </li>
  );
}

export function CompositeEntry({
  entry,
  now,
  review,
  escalated,
  index,
}: {
  entry: FeedEntry<CompositeEvent>;
  now: number;
  review: ReviewItem | undefined;
  escalated: boolean;
  /** Its place in the feed: the number of its mark on the map. */
  index: number;
}) {
  const { t, i18n } = useTranslation();
  const fresh = isNew(entry, now, HIGHLIGHT_MS);
  const composite = entry.item;
  const state = review?.state ?? 'new';
  const labels = composite.labels.map((label) => localName(label.name, i18n.language)).join(', ');
  const status =
    state === 'new'
      ? t(escalated ? 'wall:overdue' : 'wall:unacknowledged')
      : state === 'acknowledged'
        ? t('wall:ackBy', { name: review?.acknowledged_by ?? '' })
        : t('wall:resolved');
  return (
    <li
      className={`${classes.entry} ${classes.composite}`}
      data-new={fresh}
      data-composite-id={composite.id}
      data-review-state={state}
      data-escalated={escalated}
    >
      <EntryTime at={entry.at} />
      <span className={classes.label}>
        {fresh && <span className={classes.newBadge}>{t('wall:newEntry')}</span>}
        {composite.rule.name}
      </span>
      {state === 'new' ? (
        <span className={classes.age}>{formatAge(now - entry.at)}</span>
      ) : (
        <span className={classes.taken} aria-hidden>
          ✓
        </span>
      )}
      <span className={classes.mic}>
        <span className={state === 'new' ? classes.statusNew : classes.statusTaken}>{status}</span>
        {' · '}
        {t('wall:compositeEvents', { count: composite.events.length })}
        {labels !== '' && ` · ${labels}`}
        {' · '}
        {composite.mics.length === 1
          ? composite.mics[0]!.name
          : t('wall:compositeMics', { count: composite.mics.length })}
      </span>
      <CompositePlaceLine composite={composite} index={index} />
    </li>
  );
}
