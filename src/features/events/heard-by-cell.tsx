import { Text } from '@mantine/core';
import type { HeardBy } from '@/api';
import { useTranslation } from '@/lib/i18n';

interface HeardByCellProps {
  heardBy: HeardBy[] | undefined;
  /** The neighbours' events were read in part: the count is a lower bound. */
  complete: boolean;
  windowS: number;
}

/** "Heard by N mics", naming the mics in a hint; its own mic alone is said plainly. */
export function HeardByCell({ heardBy, complete, windowS }: HeardByCellProps) {
  const { t } = useTranslation('events');
  if (heardBy === undefined) {
    return (
      <Text size="sm" c="dimmed" aria-label={t('heard.unknown')}>
        …
      </Text>
    );
  }
  const count = heardBy.length;
  const names = heardBy.map((mic) => mic.name ?? mic.id).join(', ');
  const text = count > 1 && !complete ? t('heard.atLeast', { count }) : t('heard.count', { count });
  return (
    <Text
      size="sm"
      fw={count > 1 ? 600 : undefined}
      c={count > 1 ? undefined : 'dimmed'}
      tabIndex={0}
      data-hint={t('heard.hint', { window: windowS, names })}
      style={{ whiteSpace: 'nowrap', cursor: 'help' }}
    >
      {text}
    </Text>
  );
}
