import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { insightQueries } from '@/api/insights';
import { perDayText } from '@/lib/insight-format';
import { useTranslation } from '@/lib/i18n';
import './history-locales';

/**
 * After a threshold change: how many events a day the category made before it and since, so the
 * person who raised it sees what it did. Quiet while loading; says nothing it cannot back.
 */
export function RateChange({ micId, category, at }: { micId: string; category: string; at: string }) {
  const { t, i18n } = useTranslation('micHistory');
  const query = useQuery(insightQueries.rate({ micId, labelId: category, at }));
  const rate = query.data;
  if (rate === undefined || rate.before_per_day === null) return null;
  const before = perDayText(rate.before_per_day, i18n.language);
  return (
    <Text size="xs" c="dimmed" data-testid="rate-change">
      {rate.after_per_day === null || rate.after_hours < 1
        ? t('rate.tooSoon', { category, before })
        : t('rate.change', {
            category,
            before,
            after: perDayText(rate.after_per_day, i18n.language),
            days: rate.days,
          })}
    </Text>
  );
}
