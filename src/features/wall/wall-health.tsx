import { IconAccessPoint, IconAccessPointOff, IconAlertOctagon, IconClockExclamation } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { edgeConnection } from '@/api';
import { formatTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useNow } from '@/lib/use-now';
import { staleAfterMs, type WallConfig } from './wall-config';
import classes from './wall-health.module.css';
import './locales';

export interface Health {
  lastGoodAt: number;
  failing: boolean;
  error: Error | null;
  /** Pushed by the hub: silence is the stream's to detect (it falls back to polling), not a timer's here. */
  live?: boolean;
}

function useStaleState(health: Health, config: WallConfig) {
  const runtime = useRuntimeConfig();
  const connection = useSyncExternalStore(edgeConnection.subscribe, edgeConnection.get);
  const now = useNow(1000);
  const overdue = health.live !== true && health.lastGoodAt > 0 && now - health.lastGoodAt > staleAfterMs(config);
  const failing = health.failing || connection.status === 'unreachable';
  const rejected = runtime.serverHoldsToken && connection.status === 'unauthorized';
  return {
    rejected,
    stale: !rejected && (failing || overdue) && health.lastGoodAt > 0,
    noData: !rejected && failing && health.lastGoodAt === 0,
    reason: health.error?.message ?? connection.message ?? '',
  };
}

/** Green "updated at" while refreshes succeed. Ticks on its own so the wall does not re-render every second. */
export function FreshnessBadge({ health, config }: { health: Health; config: WallConfig }) {
  const { t } = useTranslation();
  const state = useStaleState(health, config);
  const bad = state.stale || state.noData || state.rejected;
  return (
    <span className={classes.fresh} role="status" data-testid="wall-freshness" data-stale={bad}>
      {bad ? <IconAccessPointOff size={24} aria-hidden /> : <IconAccessPoint size={24} aria-hidden />}
      {health.lastGoodAt > 0 ? t('wall:fresh', { time: formatTime(health.lastGoodAt) }) : t('wall:connecting')}
    </span>
  );
}

/** The banner nobody can miss when refreshes stop; the last good data stays below it. */
export function StaleBanner({ health, config }: { health: Health; config: WallConfig }) {
  const { t } = useTranslation();
  const state = useStaleState(health, config);
  if (state.rejected) {
    return (
      <div className={classes.banner} role="alert" data-testid="wall-banner">
        <IconAlertOctagon size={44} aria-hidden />
        <span className={classes.bannerTitle}>{t('wall:tokenRejected')}</span>
      </div>
    );
  }
  if (!state.stale && !state.noData) return <div />;
  return (
    <div className={classes.banner} role="alert" data-testid="wall-banner">
      <IconClockExclamation size={44} aria-hidden />
      <span className={classes.bannerTitle}>
        {state.stale ? t('wall:stale', { time: formatTime(health.lastGoodAt) }) : t('wall:noData')}
      </span>
      {state.reason !== '' && (
        <span className={classes.bannerReason}>
          {state.stale ? t('wall:staleReason', { reason: state.reason, seconds: config.refreshSeconds }) : state.reason}
        </span>
      )}
    </div>
  );
}
