import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { compositeEventQueries, eventQueries, LIVE_MERGE, micQueries, unlessLive, useLive, useLiveFilter } from '@/api';
import { drawable } from '@/components/inventory-note';
import { hasMapPosition, lastHeardByMic, type MicLike } from '@/components/map/mic-marker-state';
import { useFeed } from './use-feed';
import { micRefreshMs, type WallConfig } from './wall-config';
import type { Health } from './wall-health';

export const EVENT_FEED_MAX = 12;
export const COMPOSITE_FEED_MAX = 4;
/** Composites kept behind the four shown, so an older unacknowledged one can still be put first. */
const COMPOSITE_FEED_KEPT = 10;
/** Up to this many mics, an edge filter is sent as `mic_id` parameters; beyond, events are filtered here. */
const MIC_ID_PARAM_LIMIT = 50;

/** What the map's markers are made of: the mics, when each was last heard, and as of when. */
export interface MicsHeard {
  mics: readonly MicLike[];
  lastHeard: ReadonlyMap<string, number>;
  heardAt: number;
  windowMs: number;
}

const LIVE = { refetchIntervalInBackground: true, refetchOnWindowFocus: false, retry: false } as const;

/** The wall's data: mics, the two feeds kept across refreshes, the pulses they cause, and its health. */
export function useWallData(config: WallConfig) {
  const refreshMs = config.refreshSeconds * 1000;
  const windowMs = config.windowMinutes * 60_000;
  // The tab's stream carries only what this wall shows; its lists take the pushes and stop polling.
  useLiveFilter({
    edgeId: config.edgeId,
    labelIds: config.label === null ? [] : [config.label],
    windowMinutes: config.windowMinutes,
  });
  // Whether pushes arrive, not the stream's whole state: that changes with every push and heartbeat,
  // and each change re-rendered the whole wall (its first commit too, as the stream opened).
  // The freshness badge and banner read the rest themselves (wall-health.tsx).
  const live = useLive();

  const mics = useQuery({
    ...micQueries.inventory(config.edgeId),
    ...LIVE,
    // A failed mic read is retried at the event pace, or its error would hold the stale banner for a minute after the edge returns.
    refetchInterval: (query) => (query.state.status === 'error' ? refreshMs : live ? false : micRefreshMs(config)),
  });
  const micList = useMemo(() => (mics.data === undefined ? undefined : drawable(mics.data.mics)), [mics.data]);
  const edgeMicIds = useMemo(
    () => (config.edgeId === null || micList === undefined ? null : new Set(micList.map((m) => m.id))),
    [config.edgeId, micList],
  );
  const micIdParam = edgeMicIds !== null && edgeMicIds.size <= MIC_ID_PARAM_LIMIT ? [...edgeMicIds].sort() : undefined;
  const events = useQuery({
    ...eventQueries.list({
      sinceMinutes: config.windowMinutes,
      size: config.edgeId !== null && micIdParam === undefined ? 100 : 30,
      label_id: config.label === null ? undefined : [config.label],
      mic_id: micIdParam,
    }),
    ...LIVE,
    meta: LIVE_MERGE,
    refetchInterval: unlessLive(live, refreshMs),
    // An edge filter needs the edge's mics first.
    enabled: config.edgeId === null || edgeMicIds !== null,
  });
  const composites = useQuery({
    ...compositeEventQueries.list({ size: COMPOSITE_FEED_KEPT, sinceMinutes: config.windowMinutes, order_by: 'desc' }),
    ...LIVE,
    meta: LIVE_MERGE,
    refetchInterval: unlessLive(live, refreshMs),
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
    max: COMPOSITE_FEED_KEPT,
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

  // What the map's markers are made of, not the markers: turning 2,400 mics into markers on every
  // pushed event cost each push a long task; the map makes them when it takes a new state (wall-route.tsx).
  const heardAt = Math.max(events.dataUpdatedAt, mics.dataUpdatedAt);
  const lastHeard = useMemo(() => lastHeardByMic(eventFeed.map((e) => e.item)), [eventFeed]);
  const micsHeard = useMemo(
    (): MicsHeard => ({ mics: micList ?? [], lastHeard, heardAt, windowMs }),
    [micList, lastHeard, heardAt, windowMs],
  );
  const micCount = useMemo(() => (micList ?? []).filter((mic) => hasMapPosition(mic.location)).length, [micList]);

  const lastGoodAt = Math.min(...[events.dataUpdatedAt, composites.dataUpdatedAt].filter((at) => at > 0), Infinity);
  const health: Health = {
    lastGoodAt: Number.isFinite(lastGoodAt) ? lastGoodAt : 0,
    failing: events.isError || composites.isError || mics.isError,
    error: events.error ?? composites.error ?? mics.error,
  };

  return {
    eventFeed,
    compositeFeed,
    pulses,
    micsHeard,
    /** The mics the map can draw. */
    micCount,
    /** As polled; while the stream is up, the pushed health takes its place where it is shown (`useHealth`). */
    health,
    live,
    inventory: mics.data,
    eventsUpdatedAt: events.dataUpdatedAt,
    /** Both feeds have had their first answer (or failed): what the wall shows first is drawn. */
    feedsAnswered: !events.isPending && !composites.isPending,
  };
}
