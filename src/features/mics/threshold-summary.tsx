import { Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { LabelName, Mic } from '@/api';
import { categoryLabel } from './category-name';
import classes from './mics.module.css';

/** Each category with its confidence, as a chip. */
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
  // Chips that wrap: every category and its number readable in a narrow column.
  return (
    <ul className={classes.chips}>
      {entries.map(([category, threshold]) => (
        <li key={category} className={classes.chip}>
          {categoryLabel(category, names.get(category), i18n.language)}{' '}
          <span className={classes.chipValue}>{threshold.confidence.toFixed(2)}</span>
        </li>
      ))}
    </ul>
  );
}
