import { Paper, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { CompositeEvent } from '@/api';
import { useTranslation } from '@/lib/i18n';
import './locales';

// The player, its decoding and drawing come with the drill-down only once it renders.
const ListenPlayer = lazy(() => import('./listen-player'));

/** The drill-down's "Listen" section: loads the player on its own, after the page. */
export function ListenSection({ composite }: { composite: CompositeEvent }) {
  const { t } = useTranslation('listen');
  return (
    <Suspense
      fallback={
        <Paper withBorder p="md" radius="sm">
          <Text size="sm" c="dimmed">
            {t('loading')}
          </Text>
        </Paper>
      }
    >
      <ListenPlayer composite={composite} />
    </Suspense>
  );
}
