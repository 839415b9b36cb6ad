import { Button } from '@mantine/core';
import {
  IconAccessPoint,
  IconAccessPointOff,
  IconAlertOctagon,
  IconClockExclamation,
  IconVolume,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from 'react-router-dom';
import {
  compositeEventQueries,
  edgeConnection,
  eventQueries,
  micQueries,
  type CompositeEvent,
  type SoundEvent,
} from '@/api';
import { PULSE_MS } from '@/components/map/mic-glyph';
import { formatWindow, MicMarkerLegend } from '@/components/map/mic-marker-legend';
import { lastHeardByMic, toMarkerMics } from '@/components/map/mic-marker-state';
import { formatDateTime, formatPercent, formatTime, formatUtc } from '@/lib/format';
import { localName, otherName } from '@/lib/i18n';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { isNew, type FeedEntry } from './feed';
import { useChime } from './use-chime';
import { useFeed } from './use-feed';
import { micRefreshMs, parseWallConfig, staleAfterMs, type WallConfig } from './wall-config';
import classes from './wall.module.css';
import './locales';

// The clock and the feeds paint first; Leaflet (the map chunk) follows.
const WallMap = lazy(async () => ({ default: (await import('./wall-map')).WallMap }));

const EVENT_FEED_MAX = 12;
const COMPOSITE_FEED_MAX = 4;
const HIGHLIGHT_MS = 60_000;
/** Up to this many mics, an edge filter is sent as `mic_id` parameters; beyond, events are filtered here. */
const MIC_ID_PARAM_LIMIT = 50;

function useTick(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}

function Clock() {
  const { t, i18n } = useTranslation();
  const now = useTick(1000);
  return (
    <div aria-label={t('wall:clock')} role="timer">
      <div className={classes.clock}>{dayjs(now).format('HH:mm:ss')}</div>
      <div className={classes.date}>
        {new Intl.DateTimeFormat(i18n.language, {
          weekday: 'long',
          year: 'numeric',
          month: 'long',
          day: 'numeric',
        }).format(now)}
      </div>
    </div>
  );
}

interface Health {
  lastGoodAt: number;
  failing: boolean;
  error: Error | null;
}

function useStaleState(health: Health, config: WallConfig) {
  const runtime = useRuntimeConfig();
  const connection = useSyncExternalStore(edgeConnection.subscribe, edgeConnection.get);
  const now = useTick(1000);
  const overdue = health.lastGoodAt > 0 && now - health.lastGoodAt > staleAfterMs(config);
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
function FreshnessBadge({ health, config }: { health: Health; config: WallConfig }) {
  const { t } = useTranslation();
  const state = useStaleState(health, config);
  const bad = state.stale || state.noData || state.rejected;
  return (
    <span
      className={classes.fresh}
      role="status"
      data-testid="wall-freshness"
      data-stale={bad}
      style={bad ? { color: '#ff8787' } : undefined}
    >
      {bad ? <IconAccessPointOff size={24} aria-hidden /> : <IconAccessPoint size={24} aria-hidden />}
      {health.lastGoodAt > 0 ? t('wall:fresh', { time: formatTime(health.lastGoodAt) }) : t('wall:connecting')}
    </span>
  );
}

/** The banner nobody can miss when refreshes stop; the last good data stays below it. */
function StaleBanner({ health, config }: { health: Health; config: WallConfig }) {
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

/** The entry's local time; the full local date and UTC on hover, as everywhere else in the console. */
function EntryTime({ at }: { at: number }) {
  const { i18n } = useTranslation();
  return (
    <time
      className={classes.time}
      dateTime={new Date(at).toISOString()}
      title={`${formatDateTime(at, i18n.language)} · ${formatUtc(at)}`}
    >
      {formatTime(at)}
    </time>
  );
}

function EventEntry({ entry, now }: { entry: FeedEntry<SoundEvent>; now: number }) {
  const { t, i18n } = useTranslation();
  const fresh = isNew(entry, now, HIGHLIGHT_MS);
  const event = entry.item;
  return (
    <li className={classes.entry} data-new={fresh} data-event-id={event.id}>
      <EntryTime at={entry.at} />
      <span className={classes.label} title={otherName(event.label.name, i18n.language)}>
        {fresh && <span className={classes.newBadge}>{t('wall:newEntry')}</span>}
        {localName(event.label.name, i18n.language)}
      </span>
      <span className={classes.confidence}>{formatPercent(event.confidence)}</span>
      <span className={classes.mic}>{event.mic.name}</span>
    </li>
  );
}

function CompositeEntry({ entry, now }: { entry: FeedEntry<CompositeEvent>; now: number }) {
  const { t, i18n } = useTranslation();
  const fresh = isNew(entry, now, HIGHLIGHT_MS);
  const composite = entry.item;
  const labels = composite.labels.map((label) => localName(label.name, i18n.language)).join(', ');
  return (
    <li className={`${classes.entry} ${classes.composite}`} data-new={fresh} data-composite-id={composite.id}>
      <EntryTime at={entry.at} />
      <span className={classes.label}>
        {fresh && <span className={classes.newBadge}>{t('wall:newEntry')}</span>}
        {composite.rule.name}
      </span>
      <span className={classes.confidence}>{t('wall:compositeEvents', { count: composite.events.length })}</span>
      <span className={classes.mic}>
        {labels}
        {labels !== '' && ' · '}
        {composite.mics.length === 1
          ? composite.mics[0]!.name
          : t('wall:compositeMics', { count: composite.mics.length })}
      </span>
    </li>
  );
}

export function Component() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const search = params.toString();
  const config = useMemo(() => parseWallConfig(new URLSearchParams(search)), [search]);
  const refreshMs = config.refreshSeconds * 1000;
  const windowMs = config.windowMinutes * 60_000;

  useEffect(() => {
    if (config.lang !== null && i18n.language !== config.lang) void i18n.changeLanguage(config.lang);
  }, [config.lang, i18n]);

  const live = { refetchIntervalInBackground: true, refetchOnWindowFocus: false, retry: false } as const;
  const mics = useQuery({
    ...micQueries.every({ edge_id: config.edgeId }),
    ...live,
    // A failed mic read is retried at the event pace, or its error would hold the stale banner for a minute after the edge returns.
    refetchInterval: (query) => (query.state.status === 'error' ? refreshMs : micRefreshMs(config)),
  });
  const edgeMicIds = useMemo(
    () => (config.edgeId === null || mics.data === undefined ? null : new Set(mics.data.map((m) => m.id))),
    [config.edgeId, mics.data],
  );
  const micIdParam = edgeMicIds !== null && edgeMicIds.size <= MIC_ID_PARAM_LIMIT ? [...edgeMicIds].sort() : undefined;
  const events = useQuery({
    ...eventQueries.list({
      sinceMinutes: config.windowMinutes,
      size: config.edgeId !== null && micIdParam === undefined ? 100 : 30,
      label_id: config.label === null ? undefined : [config.label],
      mic_id: micIdParam,
    }),
    ...live,
    refetchInterval: refreshMs,
    // An edge filter needs the edge's mics first.
    enabled: config.edgeId === null || edgeMicIds !== null,
  });
  const composites = useQuery({
    ...compositeEventQueries.list({ size: 10, sinceMinutes: config.windowMinutes, order_by: 'desc' }),
    ...live,
    refetchInterval: refreshMs,
  });

  const eventPage = useMemo(
    () => (edgeMicIds === null ? events.data?.results : events.data?.results.filter((e) => edgeMicIds.has(e.mic.id))),
    [events.data, edgeMicIds],
  );
  const compositePage = useMemo(
    () =>
      composites.data?.results.filter(
        (c) =>
          (config.edgeId === null ||
            c.mics.some((m) => m.edge_id === config.edgeId) ||
            c.events.some((e) => e.microphone.edge_id === config.edgeId)) &&
          (config.label === null || c.labels.some((l) => l.id === config.label)),
      ),
    [composites.data, config.edgeId, config.label],
  );
  const eventFeed = useFeed(eventPage, events.dataUpdatedAt, {
    idOf: (e) => e.id,
    timeOf: (e) => e.created_at,
    windowMs,
    max: EVENT_FEED_MAX,
  });
  const compositeFeed = useFeed(compositePage, composites.dataUpdatedAt, {
    idOf: (c) => c.id,
    timeOf: (c) => c.started_at,
    windowMs,
    max: COMPOSITE_FEED_MAX,
  });

  // New events make their mics pulse; new composite events pulse every mic involved.
  const pulses = useMemo(() => {
    const map = new Map<string, number>();
    for (const entry of eventFeed)
      if (entry.firstSeenAt > 0)
        map.set(entry.item.mic.id, Math.max(map.get(entry.item.mic.id) ?? 0, entry.firstSeenAt));
    for (const entry of compositeFeed) {
      if (entry.firstSeenAt === 0) continue;
      for (const mic of entry.item.mics) map.set(mic.id, Math.max(map.get(mic.id) ?? 0, entry.firstSeenAt));
    }
    return map;
  }, [eventFeed, compositeFeed]);

  const now = Math.max(events.dataUpdatedAt, mics.dataUpdatedAt);
  const lastHeard = useMemo(() => lastHeardByMic(eventFeed.map((e) => e.item)), [eventFeed]);
  const markers = useMemo(
    () => toMarkerMics(mics.data ?? [], lastHeard, now, windowMs),
    [mics.data, lastHeard, now, windowMs],
  );

  const chime = useChime(config.chime);
  const newestComposite = compositeFeed.reduce((latest, entry) => Math.max(latest, entry.firstSeenAt), 0);
  const chimedFor = useRef(0);
  useEffect(() => {
    if (newestComposite > chimedFor.current) {
      chimedFor.current = newestComposite;
      chime.play();
    }
  }, [newestComposite, chime]);

  // Pulses and "new" badges expire by time; a slow tick re-renders the feed to let them go.
  const feedNow = useTick(5000);
  const displayNow = Math.max(feedNow, events.dataUpdatedAt);
  const hasPulse = [...pulses.values()].some((at) => displayNow - at < PULSE_MS);

  const lastGoodAt = Math.min(...[events.dataUpdatedAt, composites.dataUpdatedAt].filter((at) => at > 0), Infinity);
  const health: Health = {
    lastGoodAt: Number.isFinite(lastGoodAt) ? lastGoodAt : 0,
    failing: events.isError || composites.isError || mics.isError,
    error: events.error ?? composites.error ?? mics.error,
  };
  const window = formatWindow(t, config.windowMinutes);
  const knownLabel =
    config.label === null ? undefined : eventFeed.find((e) => e.item.label.id === config.label)?.item.label.name;
  const labelName =
    config.label === null
      ? t('wall:allLabels')
      : knownLabel === undefined
        ? config.label
        : localName(knownLabel, i18n.language);

  return (
    <div className={classes.wall} data-testid="wall" data-pulsing={hasPulse}>
      <header className={classes.header}>
        <div>
          <h1 className={classes.title}>{t('wall:title')}</h1>
          <div className={classes.setup}>
            {[
              config.edgeId ?? t('wall:allEdges'),
              labelName,
              t('wall:lastWindow', { window }),
              t('wall:everySeconds', { seconds: config.refreshSeconds }),
              t('wall:mics', { count: markers.length }),
            ].join(' · ')}
          </div>
        </div>
        {chime.blocked && (
          <Button
            size="lg"
            variant="light"
            color="yellow"
            leftSection={<IconVolume aria-hidden />}
            onClick={chime.enable}
            className={classes.sound}
          >
            {t('wall:enableSound')}
          </Button>
        )}
        <div className={classes.right}>
          <Clock />
          <FreshnessBadge health={health} config={config} />
        </div>
      </header>
      <StaleBanner health={health} config={config} />
      <div className={classes.body}>
        <div className={classes.map}>
          <Suspense fallback={null}>
            <WallMap markers={markers} pulses={pulses} label={t('wall:region')} />
          </Suspense>
          <div className={classes.legend}>
            <MicMarkerLegend windowMinutes={config.windowMinutes} showPulse size="lg" />
          </div>
        </div>
        {/* The composite feed keeps the room of all its entries (wall.module.css), full or not. */}
        <aside className={classes.side} style={{ '--composite-slots': COMPOSITE_FEED_MAX } as CSSProperties}>
          <section className={classes.section} aria-labelledby="wall-composites">
            <h2 id="wall-composites" className={classes.sectionTitle}>
              {t('wall:composites')}
            </h2>
            {compositeFeed.length === 0 ? (
              <p className={classes.empty}>{t('wall:noComposites', { window })}</p>
            ) : (
              // The log role sits on a wrapper: on the <ul> itself it would hide the list from assistive tech.
              <div className={classes.log} role="log" aria-labelledby="wall-composites">
                <ul className={classes.list}>
                  {compositeFeed.map((entry) => (
                    <CompositeEntry key={entry.id} entry={entry} now={displayNow} />
                  ))}
                </ul>
              </div>
            )}
          </section>
          <section className={classes.section} aria-labelledby="wall-events">
            <h2 id="wall-events" className={classes.sectionTitle}>
              {t('wall:events')}
            </h2>
            {eventFeed.length === 0 ? (
              <p className={classes.empty}>{t('wall:noEvents', { window })}</p>
            ) : (
              <div className={classes.log} role="log" aria-labelledby="wall-events">
                <ul className={classes.list}>
                  {eventFeed.map((entry) => (
                    <EventEntry key={entry.id} entry={entry} now={displayNow} />
                  ))}
                </ul>
              </div>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}
