import { memo } from 'react';
import type { CompositeEvent, ReviewItem } from '@/api';
import type { ItemPriority } from '@/api/priority';
import { PlainCheckbox } from '@/components/plain-controls/plain-checkbox';
import { ReviewBadge } from '@/components/review/review-badge';
import { useTranslation } from '@/lib/i18n';
import { CompositeTimelineEntry } from './composite-timeline-entry';
import classes from './triage-timeline.module.css';

/**
 * One entry of the triage queue, drawn again only when what it shows changed: the review states
 * (asked every second without the live stream), the scores and the cursor used to re-render all
 * 20 entries with each answer, 0.3-0.6 s of a phone's main thread each time.
 */
export const TriageEntry = memo(function TriageEntry({
  event,
  index,
  current,
  selected,
  canAct,
  search,
  priority,
  review,
  onCursor,
  onToggle,
}: {
  event: CompositeEvent;
  index: number;
  current: boolean;
  selected: boolean;
  canAct: boolean;
  search: string;
  priority: ItemPriority | undefined;
  review: ReviewItem | undefined;
  onCursor: (index: number) => void;
  onToggle: (index: number, range: boolean) => void;
}) {
  const { t } = useTranslation('composite-events');
  return (
    <div
      id={`triage-${index}`}
      className={classes.entry}
      data-current={current || undefined}
      aria-current={current ? 'true' : undefined}
      onClick={() => onCursor(index)}
    >
      {canAct && (
        <PlainCheckbox
          className={classes.check}
          aria-label={t('triage.select', { name: event.rule.name })}
          checked={selected}
          onChange={() => undefined}
          onClick={(clicked) => onToggle(index, clicked.shiftKey)}
        />
      )}
      <CompositeTimelineEntry
        event={event}
        search={search}
        priority={priority}
        review={<ReviewBadge item={review} firedAt={event.started_at} detection={priority?.review === false} />}
      />
    </div>
  );
});
