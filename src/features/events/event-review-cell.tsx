import { IconStack2 } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { SoundEvent } from '@/api';
import { PlayClipButton } from '@/components/clip/play-clip-button';
import { PlainButton } from '@/components/plain-controls/plain-button';
import { plainLink, plainText } from '@/components/plain-text';
import { ReviewBadge } from '@/components/review/review-badge';
import { useReviewAction } from '@/components/review/use-review-action';
import { formatTime } from '@/lib/format';
import { localName, useTranslation } from '@/lib/i18n';
import type { EventReview } from './use-event-reviews';
import classes from './events-table.module.css';

interface EventReviewCellProps {
  event: SoundEvent;
  review: EventReview;
  canAct: boolean;
  onOpen: (event: SoundEvent) => void;
}

/**
 * A row's review: the event's own (state, who, age) with Acknowledge for operators and the
 * review panel for resolving, or the composite event it belongs to, which is reviewed instead.
 */
export function EventReviewCell(props: EventReviewCellProps) {
  // Plain elements only: the table draws one per row. Every state takes the height of the
  // own review's two lines (.reviewCell), so rows keep their height as reviews arrive.
  return (
    <div className={classes.reviewCell}>
      <ReviewState {...props} />
    </div>
  );
}

function ReviewState({ event, review, canAct, onOpen }: EventReviewCellProps) {
  const { t } = useTranslation('events');
  if (review.kind === 'unknown') {
    return (
      <p className={plainText({ dimmed: true })} aria-label={t('review.unknown')}>
        …
      </p>
    );
  }
  if (review.kind === 'incident') {
    const { incident } = review;
    return (
      <div className={classes.reviewRow} data-review-state="incident">
        <IconStack2 size={14} aria-hidden style={{ flex: 'none' }} />
        <PlayClipButton compositeId={incident.id} eventId={event.id} mic={event.mic.name} />
        <Link
          className={plainLink()}
          to={`/composite-events/${encodeURIComponent(incident.id)}`}
          data-hint={t('review.incidentHint')}
          style={{ overflowWrap: 'anywhere' }}
        >
          {incident.rule === '' ? t('review.inIncidentUnnamed') : t('review.inIncident', { rule: incident.rule })}
        </Link>
      </div>
    );
  }
  return (
    <div className={classes.reviewOwn}>
      <ReviewBadge item={review.item} firedAt={event.created_at} />
      <OwnActions event={event} item={review.item} canAct={canAct} onOpen={onOpen} />
    </div>
  );
}

// The clock moves every 15 s and redraws each row's age; the row's buttons stay as they are.
const OwnActions = memo(function OwnActions({
  event,
  item,
  canAct,
  onOpen,
}: {
  event: SoundEvent;
  /** The item itself, not the row's review (built afresh per render), so the memo holds. */
  item: Extract<EventReview, { kind: 'own' }>['item'];
  canAct: boolean;
  onOpen: (event: SoundEvent) => void;
}) {
  const { t, i18n } = useTranslation('events');
  const describe = (e: SoundEvent) => describeEvent(e, i18n.language);
  const action = useReviewAction('event', event.id);
  const state = item?.state ?? 'new';
  return (
    // Side by side: stacked, they made every row four lines tall.
    <div className={classes.reviewRow}>
      {canAct && state === 'new' && item !== undefined && (
        <PlainButton
          loading={action.isPending}
          aria-label={t('review.acknowledgeEvent', { event: describe(event) })}
          onClick={() =>
            action.mutate({ action: 'acknowledge', expected_version: item.version, fired_at: event.created_at })
          }
        >
          {t('review:actions.acknowledge')}
        </PlainButton>
      )}
      <PlainButton
        variant="subtle"
        aria-label={`${canAct && state !== 'resolved' ? t('review.resolveOpen') : t('review.open')}: ${describe(event)}`}
        onClick={() => onOpen(event)}
      >
        {canAct && state !== 'resolved' ? t('review.resolveOpen') : t('review.open')}
      </PlainButton>
    </div>
  );
});

/** "Scream, Gangnam Exit 11, 14:03:12": what a screen reader hears of the row a button acts on. */
export function describeEvent(event: SoundEvent, language: string): string {
  return `${localName(event.label.name, language)}, ${event.mic.name}, ${formatTime(event.created_at)}`;
}
