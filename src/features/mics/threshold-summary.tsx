import { Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { LabelName, Mic } from '@/api';
import { categoryLabel } from './category-name';
import classes from './mics.module.css';

/** Categories with their confidence in two lines at most; the whole list on hover. */
export function ThresholdSummary({
  thresholds,
  names,
}: {
  thresholds: Mic['thresholds'];
  names: ReadonlyMap<string, LabelName>;
}) {
  const { t, i18n } = useTranslation('mics');
  const entries = Object.entries(thresholds).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        {t('table.noThresholds')}
      </Text>
    );
  }
  const all = entries
    .map(
      ([category, threshold]) =>
        `${categoryLabel(category, names.get(category), i18n.language)} ${threshold.confidence.toFixed(2)}`,
    )
    .join(' · ');
  return (
    <Text size="xs" className={classes.clamp2} data-hint={all}>
      {all}
    </Text>
  );
}
