import { memo } from 'react';
import type { CompositeEvent, ReviewItem, SoundEvent } from '@/api';
import type { HeardBy } from '@/api/insights';
import type { ItemPriority } from '@/api/priority';
import { usePriorityWords } from '@/components/review/priority-badge';
import { heardByView } from '@/components/heard-by/heard-by-view';
import { formatDateTime, formatPercent, formatTime, formatUtc } from '@/lib/format';
import { localName, otherName, useTranslation } from '@/lib/i18n';
import type { FeedEntry } from './feed';
import { CompositePlaceLine } from './wall-place';
import classes from './feed-entries.module.css';
import './locales';

/** How long an entry shows "new". */
export const HIGHLIGHT_MS = 60_000;

/**
 * The entry's local time; the full local date and UTC on hover, as everywhere else in the console.
 * Memoized: the wall re-renders its cards every few seconds and the zone name costs an Intl call.
 */
const EntryTime = memo(function EntryTime({ at }: { at: number }) {
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
});

/** "Heard by N mics" beside the label: plain when others heard it too, dimmed for its own mic alone. */
function EntryHeardBy({
  heardBy,
  complete,
  windowS,
}: {
  heardBy: readonly HeardBy[] | null | undefined;
  complete: boolean;
  windowS: number;
}) {
  const { t } = useTranslation('heardBy');
  const view = heardByView(t, heardBy, { complete, windowS });
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

/**
 * One event of the live feed. Memoized with plain props: every push re-rendered all twelve
 * entries (and their heard-by lines) for the one that came; now only the entries that changed.
 */
export const EventEntry = memo(function EventEntry({
  entry,
  fresh,
  heardBy,
  heardByComplete,
  heardByWindowS,
}: {
  entry: FeedEntry<SoundEvent>;
  /** Seen within the last minute: it shows "new". */
  fresh: boolean;
  /** The mics that heard it (see HeardByLookup.of). */
  heardBy: readonly HeardBy[] | null | undefined;
  heardByComplete: boolean;
  heardByWindowS: number;
}) {
  const { t, i18n } = useTranslation();
  const event = entry.item;
  return (
    <li className={classes.entry} data-new={fresh} data-event-id={event.id}>
      <EntryTime at={entry.at} />
      <span className={classes.label} data-hint={otherName(event.label.name, i18n.language)}>
        {fresh && <span className={classes.newBadge}>{t('wall:newEntry')}</span>}
        {localName(event.label.name, i18n.language)}
      </span>
      <EntryHeardBy heardBy={heardBy} complete={heardByComplete} windowS={heardByWindowS} />
      <span className={classes.micLine}>
        <span className={classes.mic}>{event.mic.name}</span>
        <span className={classes.confidence}>{formatPercent(event.confidence)}</span>
      </span>
    </li>
  );
});

/** One incident card. Memoized: the wall re-renders on every push and tick, a card only when it changed. */
export const CompositeEntry = memo(function CompositeEntry({
  entry,
  fresh,
  age,
  review,
  escalated,
  index,
  priority,
  detection = false,
}: {
  entry: FeedEntry<CompositeEvent>;
  /** Seen within the last minute (a detection never shows "new"). */
  fresh: boolean;
  /** How long it has waited, in words ("3 min"). */
  age: string;
  review: ReviewItem | undefined;
  escalated: boolean;
  /** Its place in the feed: the number of its mark on the map. */
  index: number;
  priority?: ItemPriority;
  /** Below the review level: it asks for nobody, so it is never "not acknowledged". */
  detection?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const composite = entry.item;
  const state = review?.state ?? 'new';
  const labelName = (id: string) => {
    const label = composite.labels.find((l) => l.id === id) ?? composite.events.find((e) => e.label_id === id)?.label;
    return label === undefined ? id : localName(label.name, i18n.language);
  };
  const words = usePriorityWords(labelName);
  const labels = composite.labels.map((label) => localName(label.name, i18n.language)).join(', ');
  // The reasons say what it is and how sure: "Gunshot · heard by 3 mics · 18 dB over threshold".
  const reasons = priority?.reasons.map(words).filter((w): w is string => w !== null) ?? [];
  const status =
    state === 'new'
      ? detection
        ? t('wall:detection')
        : t(escalated ? 'wall:overdue' : 'wall:unacknowledged')
      : state === 'acknowledged'
        ? t('wall:ackBy', { name: review?.acknowledged_by ?? '' })
        : t('wall:resolved');
  return (
    <li
      className={`${classes.entry} ${classes.composite}`}
      data-new={fresh}
      data-composite-id={composite.id}
      data-review-state={detection && state === 'new' ? 'detection' : state}
      data-escalated={escalated}
      data-priority={priority?.level}
      data-lead={index === 0 && !detection && state === 'new' ? 'true' : undefined}
    >
      <EntryTime at={entry.at} />
      <span className={classes.label}>
        {/* A space after each badge: without one the line could break only inside the rule's first
            word ("CRITICAL Gu / nshot or explosion"), which the wrap below then did. */}
        {fresh && <span className={classes.newBadge}>{t('wall:newEntry')}</span>}
        {fresh && ' '}
        {priority !== undefined && (
          <span className={classes.level} data-level={priority.level}>
            {t(`priority:level.${priority.level}`)}
          </span>
        )}
        {priority !== undefined && ' '}
        {composite.rule.name}
      </span>
      {state === 'new' && !detection ? (
        <span className={classes.age}>{age}</span>
      ) : (
        <span className={classes.taken} aria-hidden>
          ✓
        </span>
      )}
      <span className={classes.mic}>
        <span className={state === 'new' && !detection ? classes.statusNew : classes.statusTaken}>{status}</span>
        {' · '}
        {reasons.length > 0 ? (
          reasons.join(' · ')
        ) : (
          <>
            {t('wall:compositeEvents', { count: composite.events.length })}
            {labels !== '' && ` · ${labels}`}
            {' · '}
            {composite.mics.length === 1
              ? composite.mics[0]!.name
              : t('wall:compositeMics', { count: composite.mics.length })}
          </>
        )}
      </span>
      <CompositePlaceLine composite={composite} index={index} />
    </li>
  );
});
