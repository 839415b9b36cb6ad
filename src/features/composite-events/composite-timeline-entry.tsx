import { useMemo, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import type { CompositeEvent } from '@/api';
import type { ItemPriority } from '@/api/priority';
import { PriorityBadge } from '@/components/review/priority-badge';
import { usePriorities } from '@/components/review/use-priority';
import { localName } from '@/lib/i18n';
import { PlayClipButton } from '@/components/clip/play-clip-button';
import { PlainBadge } from '@/components/plain-controls/plain-badge';
import { DateTime } from '@/components/date-time';
import { LabelName } from '@/components/label-name';
import { plainLink, plainRow, plainText } from '@/components/plain-text';
import { formatDuration, formatTime, formatUtc } from '@/lib/format';
import { byTime, summarize } from './composite-summary';
import classes from './composite-timeline-entry.module.css';

export function CompositeTimelineEntry({
  event,
  search,
  review,
  priority,
}: {
  event: CompositeEvent;
  search: string;
  /** The item's review, shown under its heading. */
  review?: ReactNode;
  /** Its priority and the reasons for it, when the console has scored it. */
  priority?: ItemPriority;
}) {
  const { t, i18n } = useTranslation('composite-events');
  const labelName = (id: string) => {
    const label = event.labels.find((l) => l.id === id) ?? event.events.find((e) => e.label_id === id)?.label;
    return label === undefined ? id : localName(label.name, i18n.language);
  };
  const summary = summarize(event);
  const first = byTime(event.events)[0];
  // Plain elements only: the queue draws 20 of these at once.
  return (
    <article
      className={classes.card}
      aria-labelledby={`ce-${event.id}`}
      data-priority={priority?.level}
      data-composite-id={event.id}
    >
      <Link
        id={`ce-${event.id}`}
        className={`${plainLink({ size: 'md', strong: true })} ${classes.title}`}
        to={`/composite-events/${encodeURIComponent(event.id)}`}
        state={{ timelineSearch: search }}
      >
        {event.rule.name}
      </Link>
      <PriorityBadge priority={priority} labelName={labelName} />
      {review}
      <div className={plainRow}>
        {first !== undefined && (
          <PlayClipButton compositeId={event.id} eventId={first.id} mic={first.microphone.name} />
        )}
        <LabelsAndCounts composite={event} />
      </div>
      <div className={classes.facts}>
        <div className={classes.fact}>
          <span className={plainText({ dimmed: true })}>{t('timeline.started')}</span>
          <DateTime value={event.started_at} />
        </div>
        <div className={classes.fact}>
          <span className={plainText({ dimmed: true })}>{t('timeline.span')}</span>
          <span
            className={plainText()}
            data-hint={
              summary.first === null || summary.last === null
                ? undefined
                : `${formatUtc(summary.first)} – ${formatUtc(summary.last)}`
            }
          >
            {summary.first === null || summary.last === null
              ? t('timeline.noEvents')
              : t('timeline.spanValue', {
                  duration: formatDuration(summary.spanMs),
                  first: formatTime(summary.first),
                  last: formatTime(summary.last),
                })}
          </span>
        </div>
      </div>
    </article>
  );
}

/** The composite's priority and the reasons for it, as the drill-down heads it. */
export function CompositePriority({ composite }: { composite: CompositeEvent }) {
  const { i18n } = useTranslation();
  const ids = useMemo(() => [composite.id], [composite.id]);
  const priority = usePriorities('composite', ids).get(composite.id);
  const labelName = (id: string) => {
    const label = composite.labels.find((l) => l.id === id) ?? composite.events.find((e) => e.label_id === id)?.label;
    return label === undefined ? id : localName(label.name, i18n.language);
  };
  return <PriorityBadge priority={priority} labelName={labelName} />;
}

/** The composite's labels and "N events on M mics", as the timeline and the drill-down both head it. */
export function LabelsAndCounts({ composite }: { composite: CompositeEvent }) {
  const { t } = useTranslation('composite-events');
  const summary = summarize(composite);
  return (
    <>
      {composite.labels.map((label) => (
        <PlainBadge key={label.id} variant="outline" color="indigo" style={{ textTransform: 'none' }}>
          <LabelName name={label.name} size="xs" strong />
        </PlainBadge>
      ))}
      <span className={plainText()}>
        {t('timeline.summary', {
          events: t('timeline.events', { count: summary.eventCount }),
          mics: t('timeline.mics', { count: summary.micCount }),
        })}
      </span>
    </>
  );
}
