import { Paper, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import type { CompositeEvent } from '@/api';
import { useTranslation } from '@/lib/i18n';
import './locales';

type Player = ComponentType<{ composite: CompositeEvent }>;
let loading: Promise<Player> | null = null;
let loaded: Player | null = null;

/** The player, its decoding and drawing: fetched with the drill-down only, once, from here. */
function loadPlayer(): Promise<Player> {
  loading ??= import('./listen-player').then((module) => (loaded = module.default));
  return loading;
}

const LazyPlayer = lazy(() => loadPlayer().then((player) => ({ default: player })));

/**
 * Whether the player's code is here. The drill-down asks for it beside the composite and draws
 * with it: arriving after the page, the player replaced a one-line placeholder and moved every
 * section below it down by about 200 px (CLS 0.11 at 412 px).
 */
export function usePlayerLoaded(): boolean {
  const [ready, setReady] = useState(loaded !== null);
  useEffect(() => {
    let on = true;
    void loadPlayer().then(
      () => on && setReady(true),
      // Its error is the Suspense path's to show; the page does not wait for it.
      () => on && setReady(true),
    );
    return () => {
      on = false;
    };
  }, []);
  return ready;
}

/** The drill-down's "Listen" section: the player at once if its code is here, else once it is. */
export function ListenSection({ composite }: { composite: CompositeEvent }) {
  const { t } = useTranslation('listen');
  if (loaded !== null) {
    const Player = loaded;
    return <Player composite={composite} />;
  }
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
      <LazyPlayer composite={composite} />
    </Suspense>
  );
}
