import { IconVolumeOff } from '@tabler/icons-react';
import { lazy, memo, Suspense, useEffect, useMemo, useState, type CSSProperties } from 'react';
import type { CompositeEvent } from '@/api';
import { HEARD_BY_SETTLE_MS, useHeardBy } from '@/components/heard-by/use-heard-by';
import { useInventoryNotes } from '@/components/inventory-note';
import { PULSE_MS } from '@/components/map/mic-glyph';
import { LegendBox } from '@/components/map/legend-box';
import { formatWindow, MicMarkerLegend } from '@/components/map/mic-marker-legend';
import { placeMarkers, type MarkerMic } from '@/components/map/mic-marker-state';
import { useReviewStatesAnswer } from '@/components/review/use-review';
import { usePrioritiesAnswer } from '@/components/review/use-priority';
import { formatAge } from '@/lib/format';
import { localName, useTranslation } from '@/lib/i18n';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { usePhone } from '@/lib/screens';
import { useSearchParamsState } from '@/lib/search-params';
import { useNowAt } from '@/lib/use-now';
import { isNew } from './feed';
import { CompositeEntry, EventEntry, HIGHLIGHT_MS } from './feed-entries';
import { FeedSection } from './feed-section';
import { triageFeed } from './escalation';
import { UnusualStrip } from './unusual-strip';
import { useCompositeChime, useEscalationChime } from './use-chime';
import { useMapTurn } from './use-map-turn';
import { useThrottled } from './use-throttled';
import { COMPOSITE_FEED_MAX, useWallData, type MicsHeard } from './use-wall-data';
import { WallAccessGate } from './wall-access-view';
import { WallClock } from './wall-clock';
import { wallSearch } from './wall-config';
import { FreshnessBadge, StaleBanner } from './wall-health';
import { nextFeedChange } from './wall-moments';
import { FirstPlacesIn, useFirstPlaces } from './wall-place';
import classes from './wall-route.module.css';
import './locales';

// The clock and the feeds paint first; Leaflet (the map chunk) follows.
const WallMap = lazy(async () => ({ default: (await import('./wall-map')).WallMap }));

/** How often the map takes new markers and pulses at most; a pulse lasts PULSE_MS (30 s). */
const MAP_EVERY_MS = 3000;
const NO_MARKERS: readonly MarkerMic[] = [];

/** The same array as last render while it holds the same objects, so the memoized map skips a re-render. */
function useSameItems<T>(items: readonly T[]): readonly T[] {
  const [kept, setKept] = useState(items);
  if (kept === items || (kept.length === items.length && kept.every((item, i) => item === items[i]))) return kept;
  setKept(items);
  return items;
}

/**
 * The map and its legend. The map takes new markers and pulses at most every MAP_EVERY_MS, and
 * only then are the markers made: each pushed event gave 2,400 mics new markers, re-clustered and
 * redrawn about once a second on a city edge. Its own component, so that taking them re-renders
 * the map alone, not the feeds.
 */
const WallMapPane = memo(function WallMapPane({
  mapTurn,
  micsHeard,
  pulses,
  composites,
  label,
  scale,
  focusId,
  windowMinutes,
}: {
  mapTurn: boolean;
  micsHeard: MicsHeard;
  pulses: ReadonlyMap<string, number>;
  composites: readonly CompositeEvent[];
  label: string;
  scale: number;
  focusId: string | null;
  windowMinutes: number;
}) {
  const phone = usePhone();
  const drawn = useThrottled(
    useMemo(() => ({ micsHeard, pulses }), [micsHeard, pulses]),
    MAP_EVERY_MS,
  );
  // Made once the map has its turn: made before, 2,400 markers nobody saw were part of the wall's first commit.
  const { mics, lastHeard, heardAt, windowMs } = drawn.micsHeard;
  const idle = useMemo(() => (mapTurn ? placeMarkers(mics) : null), [mics, mapTurn]);
  const markers = useMemo(
    () => (idle === null ? NO_MARKERS : idle.withHeard(lastHeard, heardAt, windowMs).drawn.markers),
    [idle, lastHeard, heardAt, windowMs],
  );
  return (
    <div className={classes.map}>
      <Suspense fallback={null}>
        {mapTurn && (
          <WallMap
            markers={markers}
            pulses={drawn.pulses}
            composites={composites}
            label={label}
            scale={scale}
            focusId={focusId}
          />
        )}
      </Suspense>
      {/* A wall screen shows it always; on a phone it is folded, as on the map page. */}
      <LegendBox folded={phone} className={classes.legend}>
        <MicMarkerLegend windowMinutes={windowMinutes} showPulse size="lg" />
      </LegendBox>
    </div>
  );
});

/** The wall, or the full-screen notice that replaces it once the console refuses this screen. */
export function Component() {
  return (
    <WallAccessGate>
      <WallScreen />
    </WallAccessGate>
  );
}

/** The list as of its last settled answer: kept while a new one loads, empty before the first. */
function useSettledList<T>(list: readonly T[], settled: boolean): readonly T[] {
  // Settled at once (the first data is asked before the page draws), the list is kept from the start:
  // set during the first render, it drew the whole wall twice in its first task.
  const [kept, setKept] = useState<readonly T[]>(() => (settled ? list : []));
  if (!settled) return kept;
  if (kept !== list) setKept(list);
  return list;
}

function WallScreen() {
  const { t, i18n } = useTranslation();
  const [config] = useSearchParamsState(wallSearch);

  useEffect(() => {
    if (config.lang !== null && i18n.language !== config.lang) void i18n.changeLanguage(config.lang);
  }, [config.lang, i18n]);

  const {
    eventFeed,
    compositeFeed,
    pulses,
    micsHeard,
    micCount,
    health,
    live,
    inventory,
    eventsUpdatedAt,
    feedsAnswered,
  } = useWallData(config);
  const eventIds = useMemo(() => eventFeed.map((entry) => entry.id), [eventFeed]);
  const heardBy = useHeardBy(eventIds);
  const inventoryNotes = useInventoryNotes(inventory);
  const chime = useCompositeChime(config.chime, compositeFeed);

  const { escalateAfterMinutes } = useRuntimeConfig();
  // Pulses and "new" badges end, incidents turn overdue, ages turn their minute and "heard by" lines
  // settle at known moments: the wall renders at those, where a 5-second tick rendered all of it
  // twelve times a minute.
  const feedNow = useNowAt((now) =>
    nextFeedChange(now, {
      events: eventFeed,
      composites: compositeFeed,
      pulses,
      highlightMs: HIGHLIGHT_MS,
      escalateAfterMs: escalateAfterMinutes * 60_000,
      settleMs: HEARD_BY_SETTLE_MS,
    }),
  );
  const displayNow = Math.max(feedNow, eventsUpdatedAt);
  const hasPulse = [...pulses.values()].some((at) => displayNow - at < PULSE_MS);

  // Unacknowledged incidents first with their age; one left new past ESCALATE_AFTER turns red and chimes again.
  const compositeIds = useMemo(() => compositeFeed.map((entry) => entry.id), [compositeFeed]);
  const reviews = useReviewStatesAnswer('composite', compositeIds);
  const firstPlacesIn = useFirstPlaces(compositeIds, feedsAnswered);
  const priorities = usePrioritiesAnswer('composite', compositeIds);
  const current = useMemo(
    () =>
      triageFeed(compositeFeed, reviews.states, {
        now: displayNow,
        escalateAfterMs: escalateAfterMinutes * 60_000,
        max: COMPOSITE_FEED_MAX,
        priorities: priorities.priorities,
      }),
    [compositeFeed, reviews.states, priorities.priorities, displayNow, escalateAfterMinutes],
  );
  // Cards are drawn once their review states and priorities are in: drawn before, they were reordered
  // and grew a priority badge a moment later, moving the cards below (most of the wall's CLS on a phone).
  // The first ones wait for their places too: a city's place names ("near 서울특별시 … (not located)")
  // take three to five lines on a phone, and each card grew by them 0.5 s after it was drawn.
  const triaged = useSettledList(current, reviews.settled && priorities.settled && firstPlacesIn);
  // The map waits for the cards with their places (the wall's largest paint), not only for the feeds:
  // mounted in the idle gap while reviews and places were still asked for, Leaflet's first layout and
  // draw (0.7 s at 4x CPU on a city edge) came before the cards and held the LCP back.
  const mapTurn = useMapTurn(
    feedsAnswered && (compositeFeed.length === 0 || (reviews.settled && priorities.settled && firstPlacesIn)),
  );
  // The map moves to the open review item on top: what needs a person most, now.
  const lead = triaged[0]?.unacknowledged === true && !triaged[0].detection ? triaged[0].entry.id : null;
  const mapComposites = useSameItems(triaged.map((item) => item.entry.item));
  useEscalationChime(
    chime.play,
    triaged.filter((item) => item.escalated).map((item) => item.entry.id),
  );

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
    <FirstPlacesIn.Provider value={firstPlacesIn}>
      <div
        className={classes.wall}
        data-testid="wall"
        data-pulsing={hasPulse}
        style={{ '--wall-scale': config.scale } as CSSProperties}
      >
        <header className={classes.header}>
          <div>
            <h1 className={classes.title}>{t('wall:title')}</h1>
            <div className={`${classes.setup} ${classes.config}`} data-testid="wall-setup">
              {[
                config.edgeId ?? t('wall:allEdges'),
                labelName,
                t('wall:lastWindow', { window }),
                live ? t('wall:live') : t('wall:everySeconds', { seconds: config.refreshSeconds }),
                t('wall:mics', { count: micCount }),
              ].join(' · ')}
            </div>
            {chime.blocked && (
              // Said once and small: a wall is read from across the room, this only by whoever set it up.
              <div className={classes.muted} role="status">
                <IconVolumeOff aria-hidden className={classes.mutedIcon} />
                {t('wall:soundBlocked')}
              </div>
            )}
            {inventoryNotes.length > 0 && (
              <div className={classes.setup} role="status" data-testid="inventory-note">
                {inventoryNotes.join(' ')}
              </div>
            )}
          </div>
          <div className={classes.right}>
            <WallClock />
            <FreshnessBadge health={health} config={config} />
          </div>
        </header>
        <StaleBanner health={health} config={config} />
        <UnusualStrip config={config} />
        <div className={classes.body}>
          <WallMapPane
            mapTurn={mapTurn}
            micsHeard={micsHeard}
            pulses={pulses}
            composites={mapComposites}
            label={t('wall:region')}
            scale={config.scale}
            focusId={lead}
            windowMinutes={config.windowMinutes}
          />
          {/* The composite feed keeps the room of all its entries (wall-route.module.css), full or not.
              Before the feeds' first answers the logs stay empty: "none in the last 15 min" would be a guess. */}
          <aside className={classes.side} style={{ '--composite-slots': COMPOSITE_FEED_MAX } as CSSProperties}>
            <FeedSection
              id="wall-composites"
              title={t('wall:composites')}
              empty={compositeFeed.length === 0 && feedsAnswered ? t('wall:noComposites', { window }) : null}
            >
              {triaged.map(({ entry, review, escalated, priority, detection }, index) => (
                <CompositeEntry
                  key={entry.id}
                  entry={entry}
                  fresh={isNew(entry, displayNow, HIGHLIGHT_MS) && !detection}
                  age={formatAge(displayNow - entry.at)}
                  review={review}
                  escalated={escalated}
                  index={index}
                  priority={priority}
                  detection={detection}
                />
              ))}
            </FeedSection>
            <FeedSection
              id="wall-events"
              title={t('wall:events')}
              empty={eventFeed.length === 0 && feedsAnswered ? t('wall:noEvents', { window }) : null}
            >
              {eventFeed.map((entry) => (
                <EventEntry
                  key={entry.id}
                  entry={entry}
                  fresh={isNew(entry, displayNow, HIGHLIGHT_MS)}
                  heardBy={heardBy.of(entry.id, entry.item.created_at)}
                  heardByComplete={heardBy.completeOf(entry.id)}
                  heardByWindowS={heardBy.windowS}
                />
              ))}
            </FeedSection>
          </aside>
        </div>
      </div>
    </FirstPlacesIn.Provider>
  );
}
