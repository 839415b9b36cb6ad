import { createContext, memo, useContext } from 'react';
import type { Corroboration } from '@/api/insights';
import type { SoundEvent } from '@/api';
import { HeardByCell } from '@/components/heard-by/heard-by-cell';
import { EventReviewCell } from './event-review-cell';
import { heardByOf } from './heard-by';
import type { EventReview } from './use-event-reviews';

/**
 * The answers that arrive beside the events (review states, membership, heard-by). An age ticks
 * in its own badge (ReviewBadge), not through these.
 * The table's rows do not take them as props: each answer used to draw all 25 rows again
 * (0.3-0.6 s at 4x CPU per answer on a phone); now only the two cells reading them re-render,
 * and of those only the ones whose own value changed (memo below).
 */
export interface RowAnswers {
  reviewOf: (eventId: string) => EventReview;
  canAct: boolean;
  onOpenReview: (event: SoundEvent) => void;
  corroboration: Corroboration | undefined;
}

const RowAnswersContext = createContext<RowAnswers | null>(null);
export const RowAnswersProvider = RowAnswersContext.Provider;

function useRowAnswers(): RowAnswers {
  const answers = useContext(RowAnswersContext);
  if (answers === null) throw new Error('Events table cells need a RowAnswersProvider');
  return answers;
}

// reviewOf builds a fresh object per call: the cell is the same while what it shows is.
const sameReview = (a: EventReview, b: EventReview) =>
  a.kind === b.kind &&
  (a.kind !== 'incident' || a.incident.id === (b as typeof a).incident.id) &&
  (a.kind !== 'incident' || a.incident.rule === (b as typeof a).incident.rule) &&
  (a.kind !== 'own' || a.item === (b as typeof a).item);

const MemoReviewCell = memo(
  EventReviewCell,
  (a, b) => a.event === b.event && a.canAct === b.canAct && a.onOpen === b.onOpen && sameReview(a.review, b.review),
);

export function ReviewCellSlot({ event }: { event: SoundEvent }) {
  const { reviewOf, canAct, onOpenReview } = useRowAnswers();
  return <MemoReviewCell event={event} review={reviewOf(event.id)} canAct={canAct} onOpen={onOpenReview} />;
}

// heard_by arrays keep their identity across answers (the query's structural sharing) while unchanged.
const MemoHeardByCell = memo(HeardByCell);

export function HeardCellSlot({ eventId }: { eventId: string }) {
  const { corroboration } = useRowAnswers();
  return (
    <MemoHeardByCell
      heardBy={heardByOf(corroboration, eventId)}
      complete={corroboration?.events[eventId]?.complete ?? true}
      windowS={corroboration?.window_s ?? 0}
    />
  );
}
