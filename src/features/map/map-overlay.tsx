import { Group, Loader, Paper, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import classes from './map-page.module.css';
import './locales';

const CENTRED = { left: '50%', bottom: '50%', transform: 'translate(-50%, 50%)' } as const;

/** A note in the middle of the map: loading, or why no mic is drawn. */
export function MapOverlay({ loading, shown, total }: { loading: boolean; shown: number; total: number | undefined }) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <Paper className={classes.legend} style={CENTRED}>
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('query.loading')}</Text>
        </Group>
      </Paper>
    );
  }
  if (total === undefined || shown > 0) return null;
  return (
    <Paper className={classes.legend} style={CENTRED} role="status">
      <Text size="sm">{total === 0 ? t('map:emptyAll') : t('map:empty')}</Text>
    </Paper>
  );
}
