import { useTranslation } from '@/lib/i18n';
import { textOrder } from '@/lib/collate';
import { plainText } from '@/components/plain-text';
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
  // One kept collator: `localeCompare` built one per comparison, the largest cost of the table's
  // first draw in its own code (26 ms at 1x CPU in one profile: 25 rows of 9 categories, city profile).
  const order = textOrder(i18n.language);
  const entries = Object.entries(thresholds).sort(([a], [b]) => order(a, b));
  if (entries.length === 0) {
    return <p className={plainText({ size: 'xs', dimmed: true })}>{t('table.noThresholds')}</p>;
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
