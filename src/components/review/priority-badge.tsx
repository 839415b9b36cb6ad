import type { ItemPriority, PriorityReason } from '@/api/priority';
import { useTranslation } from '@/lib/i18n';
import { PlainBadge } from '../plain-controls/plain-badge';
import { plainRow, plainText } from '../plain-text';
import './priority-locales';

/** Red only for what needs a person now; the rest in calmer colours. */
export const PRIORITY_COLOR = { critical: 'red.8', high: 'orange.8', medium: 'yellow.8', low: 'gray' } as const;

/** The reasons of a priority as words, the category first: "Gunshot · heard by 3 mics · 18 dB over threshold". */
export function usePriorityWords(labelName: (id: string) => string) {
  const { t } = useTranslation('priority');
  return (reason: PriorityReason): string | null => {
    switch (reason.code) {
      case 'severity':
        return labelName(reason.label ?? '');
      case 'mics':
        return t('reason.mics', { count: reason.count ?? 0 });
      case 'db_over':
        return t('reason.db_over', { db: reason.db ?? 0 });
      case 'unusual':
        return t('reason.unusual');
      case 'rule':
        return t('reason.rule', { priority: t(`level.${reason.priority ?? 'medium'}`) });
      case 'false_alarms':
        return t('reason.false_alarms', {
          falseAlarms: reason.false_alarms ?? 0,
          outcomes: reason.outcomes ?? 0,
          label: labelName(reason.label ?? ''),
          mic: reason.mic_id ?? '',
        });
      default:
        return null;
    }
  };
}

/**
 * The priority's level as a badge and its reasons in words; nothing while the item is not scored.
 * Plain elements: the queue draws one per entry.
 */
export function PriorityBadge({
  priority,
  labelName,
}: {
  priority: ItemPriority | undefined;
  labelName: (id: string) => string;
}) {
  const { t } = useTranslation('priority');
  const words = usePriorityWords(labelName);
  if (priority === undefined) return null;
  const reasons = priority.reasons.map(words).filter((w): w is string => w !== null);
  return (
    <div className={plainRow} data-priority={priority.level}>
      <PlainBadge
        color={PRIORITY_COLOR[priority.level]}
        // Below critical a coloured dot beside text in the page's own colour: orange or yellow text on its
        // light tint fell under 4.5:1 (axe color-contrast).
        variant={priority.level === 'critical' ? 'filled' : 'dot'}
        size="sm"
        // A name on a plain element is prohibited (axe aria-prohibited-attr): as an image it may have one.
        role="img"
        aria-label={t('levelLabel', { level: t(`level.${priority.level}`) })}
      >
        {t(`level.${priority.level}`)}
      </PlainBadge>
      <span className={plainText({ dimmed: true })} data-priority-reasons>
        {reasons.join(' · ')}
      </span>
    </div>
  );
}
