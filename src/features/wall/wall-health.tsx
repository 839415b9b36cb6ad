import { IconAccessPoint, IconAccessPointOff, IconAlertOctagon, IconClockExclamation } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { edgeConnection, useLiveState, type LiveState } from '@/api';
import { formatTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useHasPassed } from '@/lib/use-now';
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

/**
 * While the stream is up the wall is as fresh as the hub says the edge is; when the hub cannot
 * read events, the wall shows the time of its last good read.
 */
function liveHealth(state: LiveState): Health | null {
  const health = state.health;
  if (state.status !== 'live' || health === null || state.heardAt === null) return null;
  const feeds = [health.feeds.events, health.feeds.composites];
  const failing =
    health.status === 'down' || health.status === 'unauthorized' || feeds.some((f) => f?.status === 'failing');
  if (!failing) return { lastGoodAt: state.heardAt, failing: false, error: null, live: true };
  const lastOk = health.feeds.events?.lastOkAt ?? health.lastOkAt;
  const reason = feeds.find((f) => f?.status === 'failing')?.error ?? health.error ?? health.status;
  return { lastGoodAt: lastOk === null ? 0 : Date.parse(lastOk), failing: true, error: new Error(reason), live: true };
}

/** The polled health, or while the stream is up the pushed one: a page's own failed read still shows. */
function useHealth(polled: Health): Health {
  const pushed = liveHealth(useLiveState());
  return pushed === null || polled.failing ? polled : pushed;
}

function useStaleState(polled: Health, config: WallConfig) {
  const health = useHealth(polled);
  const runtime = useRuntimeConfig();
  const connection = useSyncExternalStore(edgeConnection.subscribe, edgeConnection.get);
  // Stale once no good read came for a while: the moment is known, so no render each second to check.
  const watched = health.live !== true && health.lastGoodAt > 0;
  const overdue = useHasPassed(watched ? health.lastGoodAt + staleAfterMs(config) + 1 : Infinity);
  const failing = health.failing || connection.status === 'unreachable';
  const rejected = runtime.serverHoldsToken && connection.status === 'unauthorized';
  return {
    health,
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
    // As wide as its longest wording from the first paint (its pseudo-elements hold the others,
    // hidden): settling from "Connecting…" to "Updated 12:00:00" moved the clock above it 18 px.
    <span
      className={classes.fresh}
      role="status"
      data-testid="wall-freshness"
      data-stale={bad}
      data-connecting={t('wall:connecting')}
      data-updated={t('wall:fresh', { time: formatTime(0) })}
    >
      <span className={classes.freshLine}>
        {bad ? <IconAccessPointOff size={24} aria-hidden /> : <IconAccessPoint size={24} aria-hidden />}
        {state.health.lastGoodAt > 0
          ? t('wall:fresh', { time: formatTime(state.health.lastGoodAt) })
          : t('wall:connecting')}
      </span>
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
        {state.stale ? t('wall:stale', { time: formatTime(state.health.lastGoodAt) }) : t('wall:noData')}
      </span>
      {state.reason !== '' && (
        <span className={classes.bannerReason}>
          {state.stale ? t('wall:staleReason', { reason: state.reason, seconds: config.refreshSeconds }) : state.reason}
        </span>
      )}
    </div>
  );
}
