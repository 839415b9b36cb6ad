import { Group, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { useMapLabels } from './use-map-labels';
import { DEFAULT_THRESHOLD_DB, hearingRangeM, sourceDbOf } from './coverage-model';
import classes from './coverage.module.css';
import './coverage-locales';

/**
 * The coverage layer's switch, its sound, what its shades mean and how it is worked out: over the
 * map's lower right corner, out of the way of the legend and the zoom buttons.
 */
export function CoveragePanel({
  category,
  events,
  filtered,
  counted,
  inDb,
  onChange,
}: {
  /** The sound shown, or null while the layer is off. */
  category: string | null;
  /** The window's events and the label filtered on: the sounds to choose from are the map's labels. */
  events: Parameters<typeof useMapLabels>[0];
  filtered: string | null;
  /** Mics that count (active, not suspected deaf); null until the inventory is read. */
  counted: number | null;
  inDb: boolean;
  onChange: (category: string | null) => void;
}) {
  const { t } = useTranslation('coverage');
  const categories = useMapLabels(events, filtered);
  const fallback = categories.find((c) => c.value === 'gunshot')?.value ?? categories[0]?.value ?? 'gunshot';
  const source = sourceDbOf(category ?? fallback);
  const assumption = inDb
    ? t('assumptionDb', { source })
    : t('assumptionFixed', { source, range: hearingRangeM(source, DEFAULT_THRESHOLD_DB) });
  return (
    <Paper className={classes.panel} role="group" aria-label={t('panel')}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Switch
            size="sm"
            label={t('toggle')}
            checked={category !== null}
            onChange={(event) => onChange(event.currentTarget.checked ? fallback : null)}
          />
          {category !== null && (
            <Select
              size="xs"
              aria-label={t('category')}
              data={categories}
              value={category}
              onChange={(value) => value !== null && onChange(value)}
              allowDeselect={false}
              searchable
              w={150}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </Group>
        {category !== null && (
          <>
            <Group gap={6} wrap="nowrap">
              <span className={`${classes.swatch} ${classes.locate}`} aria-hidden />
              <Text size="xs">{t('locate')}</Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <span className={`${classes.swatch} ${classes.heard}`} aria-hidden />
              <Text size="xs">{t('heard')}</Text>
            </Group>
            <details className={classes.about}>
              <summary>
                <IconInfoCircle size={14} aria-hidden className={classes.info} />
                <Text size="xs" component="span">
                  {t('about')}
                </Text>
              </summary>
              <Text size="xs" c="dimmed" className={classes.assumption}>
                {counted === null ? assumption : `${assumption} ${t('counted', { count: counted })}`}
              </Text>
            </details>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The recent incidents' marks, beside the mics' legend: only when some are drawn. */
export function PlacesLegend({ shown }: { shown: boolean }) {
  const { t } = useTranslation('coverage');
  if (!shown) return null;
  return (
    <Group gap={6} wrap="nowrap" mt={6}>
      <span className={`${classes.swatch} ${classes.place}`} aria-hidden />
      <Text size="xs">{t('places')}</Text>
    </Group>
  );
}
