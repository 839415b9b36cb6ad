import type { ReviewItem } from '@/api';
import { formatAge } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { PlainBadge } from '../plain-controls/plain-badge';
import { plainRow, plainText } from '../plain-text';
import './locales';
import './priority-locales';

// red.8 for the filled badge: white on Mantine's default red is 3.3:1, below WCAG AA.
const STATE_COLOR = { new: 'red.8', acknowledged: 'blue', resolved: 'teal' } as const;

/** How long an open item has waited: it ages by itself, so the row around it is not drawn again each tick. */
function OpenAge({ fired }: { fired: number }) {
  const { t } = useTranslation('review');
  // On the city's queue a tick passed down as a prop drew all 20 entries again, 0.4-0.5 s at 4x CPU every 15 s.
  const now = useNow(15_000);
  return <span className={plainText({ dimmed: true })}>{t('ageValue', { age: formatAge(now - fired) })}</span>;
}

/**
 * State, who took it, its owner and its age: what a list row shows of an item's review, in plain
 * elements (lists draw one per row). A
 * `detection` (below the review level) nobody acted on is never "New": it asks for nobody.
 */
export function ReviewBadge({
  item,
  firedAt,
  detection = false,
}: {
  item: ReviewItem | undefined;
  firedAt: string;
  detection?: boolean;
}) {
  const { t } = useTranslation('review');
  const { t: tp } = useTranslation('priority');
  const state = item?.state ?? 'new';
  if (detection && state === 'new') {
    return (
      <div className={plainRow} data-review-state="detection">
        <PlainBadge color="gray" variant="light" title={tp('detectionHint')}>
          {tp('detection')}
        </PlainBadge>
      </div>
    );
  }
  const who =
    item?.state === 'resolved' && item.resolved_by !== null
      ? `${t('resolvedBy', { name: item.resolved_by })} · ${t(`outcome.${item.outcome ?? 'other'}`)}`
      : item?.state === 'acknowledged' && item.acknowledged_by !== null
        ? t('ackBy', { name: item.acknowledged_by })
        : null;
  // "Acknowledged by kim" already names the owner when kim still holds it.
  const ownerSaid = item?.state === 'acknowledged' && item.assignee === item.acknowledged_by;
  const fired = Date.parse(firedAt);
  // Open: how long it has waited; resolved: how long it took (the one a handover's medians count).
  const resolvedMs =
    item?.state === 'resolved' && item.resolved_at !== null ? Date.parse(item.resolved_at) - fired : NaN;
  return (
    <div className={plainRow} data-review-state={state}>
      <PlainBadge color={STATE_COLOR[state]} variant={state === 'new' ? 'filled' : 'light'}>
        {t(`state.${state}`)}
      </PlainBadge>
      {who !== null && <span className={plainText()}>{who}</span>}
      {item?.assignee !== null && item?.assignee !== undefined && state !== 'resolved' && !ownerSaid && (
        <span className={plainText({ dimmed: true })}>{t('assignedTo', { name: item.assignee })}</span>
      )}
      {state !== 'resolved' && Number.isFinite(fired) && <OpenAge fired={fired} />}
      {Number.isFinite(resolvedMs) && (
        <span className={plainText({ dimmed: true })}>{t('resolvedIn', { age: formatAge(resolvedMs) })}</span>
      )}
    </div>
  );
}
