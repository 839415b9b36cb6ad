import { ActionIcon, Badge, Group, Slider, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconPlayerTrackNext, IconPlayerTrackPrev } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { LatLngBoundsExpression } from 'leaflet';
import { memo, useEffect, useMemo, useState } from 'react';
import { CircleMarker, Tooltip } from 'react-leaflet';
import { insightQueries, type Replay } from '@/api/insights';
import { BaseMap } from '@/components/map/base-map';
import { QueryView } from '@/components/query-feedback';
import { formatPercent } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { NearView } from './near-view';
import { advance, heardBy, stepTimes, timelineOf } from './replay-timeline';
import classes from './replay.module.css';
import './locales';

/** How often playback moves the slider: smooth enough, and cheap for a map of a few dozen mics. */
const TICK_MS = 100;

function boundsOf(mics: Replay['mics']): LatLngBoundsExpression | null {
  if (mics.length === 0) return null;
  const lats = mics.map((mic) => mic.lat);
  const lngs = mics.map((mic) => mic.lng);
  // Room around the outermost mics, so their markers (lit ones are larger) are not cut at the edge.
  const latPad = Math.max(0.002, (Math.max(...lats) - Math.min(...lats)) * 0.15);
  const lngPad = Math.max(0.002, (Math.max(...lngs) - Math.min(...lngs)) * 0.15);
  return [
    [Math.min(...lats) - latPad, Math.min(...lngs) - lngPad],
    [Math.max(...lats) + latPad, Math.max(...lngs) + lngPad],
  ];
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

function MotionText({ replay }: { replay: Replay }) {
  const { t } = useTranslation('composite-events');
  const origin = replay.mics.find((mic) => mic.id === replay.motion.origin_mic_id);
  const originName = origin === undefined ? '?' : (origin.name ?? origin.id);
  const { kind, speed_mps: speed, spread_s: spread } = replay.motion;
  const text =
    kind === 'stationary'
      ? t('replay.stationary', { origin: originName, spread: spread.toFixed(1) })
      : kind === 'moving'
        ? speed === null
          ? t('replay.movingNoSpeed', { origin: originName })
          : t('replay.moving', { origin: originName, speed: Math.round(speed) })
        : t('replay.unknown');
  return (
    <Text size="sm" fw={500} data-testid="replay-motion">
      {text}
    </Text>
  );
}

function ReplayPlayer({ replay }: { replay: Replay }) {
  const { t } = useTranslation('composite-events');
  const timeline = useMemo(() => timelineOf(replay), [replay]);
  const [position, setPosition] = useState(0);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    const timer = window.setInterval(() => {
      const now = performance.now();
      const elapsed = now - last;
      last = now;
      setPosition((current) => {
        const next = advance(current, elapsed, timeline);
        if (next.done) setPlaying(false);
        return next.positionMs;
      });
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [playing, timeline]);

  const heard = heardBy(timeline, position);
  const { previous, next } = stepTimes(timeline, position);
  const bounds = boundsOf(replay.mics);
  const names = new Map(replay.mics.map((mic) => [mic.id, mic.name ?? mic.id]));
  const members = replay.mics.filter((mic) => mic.role === 'member').length;
  const togglePlay = () => {
    // Play from the start again once the end is reached.
    if (!playing && position >= timeline.durationMs) setPosition(0);
    setPlaying(!playing);
  };

  return (
    <Stack gap="sm">
      <MotionText replay={replay} />
      {bounds !== null && (
        <NearView height={300} label={t('replay.mapLabel')}>
          <BaseMap bounds={bounds} height={300} label={t('replay.mapLabel')} preferCanvas={false}>
            {replay.mics.map((mic) => {
              const lit = heard.has(mic.id);
              return (
                <CircleMarker
                  key={mic.id}
                  center={[mic.lat, mic.lng]}
                  radius={lit ? 11 : 8}
                  pathOptions={
                    lit
                      ? { color: '#e8590c', fillColor: '#ff922b', fillOpacity: 0.95, weight: 3 }
                      : mic.role === 'member'
                        ? { color: '#495057', fillColor: '#adb5bd', fillOpacity: 0.7, weight: 2 }
                        : { color: '#868e96', fillOpacity: 0, weight: 2, dashArray: '3 3' }
                  }
                >
                  <Tooltip>
                    {mic.name ?? mic.id}:{' '}
                    {lit
                      ? `${t('replay.heard')} ${t('replay.at', { seconds: seconds(heard.get(mic.id)!) })}`
                      : mic.role === 'neighbour'
                        ? t('replay.neighbour')
                        : t('replay.notYet')}
                  </Tooltip>
                </CircleMarker>
              );
            })}
          </BaseMap>
        </NearView>
      )}
      <Group gap="xs" wrap="nowrap" className={classes.controls}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('replay.previous')}
          disabled={previous === null}
          onClick={() => previous !== null && setPosition(previous)}
        >
          <IconPlayerTrackPrev size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="filled"
          size="lg"
          aria-label={playing ? t('replay.pause') : t('replay.play')}
          onClick={togglePlay}
        >
          {playing ? <IconPlayerPause size={18} aria-hidden /> : <IconPlayerPlay size={18} aria-hidden />}
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('replay.next')}
          disabled={next === null}
          onClick={() => next !== null && setPosition(next)}
        >
          <IconPlayerTrackNext size={18} aria-hidden />
        </ActionIcon>
        <Slider
          className={classes.slider}
          min={0}
          max={Math.max(1, timeline.durationMs)}
          step={Math.max(1, Math.round(timeline.durationMs / 500))}
          value={position}
          onChange={(value) => {
            setPlaying(false);
            setPosition(value);
          }}
          label={(value) => t('replay.at', { seconds: seconds(value) })}
          thumbLabel={t('replay.position')}
          marks={timeline.steps.map((step) => ({ value: step.offsetMs }))}
        />
        <Text size="sm" className={classes.clock} data-testid="replay-position">
          {t('replay.at', { seconds: seconds(position) })}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('replay.heardCount', { heard: heard.size, total: members })}
      </Text>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('replay.events')}
        </Text>
        <ol className={classes.events} aria-label={t('replay.events')}>
          {timeline.steps.map(({ event, offsetMs }) => (
            <li key={event.id} data-heard={offsetMs <= position} className={classes.event}>
              <span className={classes.offset}>{t('replay.at', { seconds: seconds(offsetMs) })}</span>
              <span>{names.get(event.mic_id) ?? event.mic_id}</span>
              {event.confidence !== null && (
                <Badge size="xs" variant="light" color="gray" className={classes.confidence}>
                  {formatPercent(event.confidence)}
                </Badge>
              )}
            </li>
          ))}
        </ol>
      </Stack>
    </Stack>
  );
}

/**
 * The incident replayed: where it was heard and when, and whether the sound moved. Memoised: the
 * page draws again as the incident gains sounds, and the replay follows its own answer, not that.
 */
export const ReplaySection = memo(function ReplaySection({ compositeId }: { compositeId: string }) {
  const { t } = useTranslation('composite-events');
  const query = useQuery(insightQueries.replay(compositeId));
  return (
    <Stack gap="sm" component="section" aria-labelledby="replay-title">
      <div>
        <Title order={3} size="h4" id="replay-title">
          {t('replay.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('replay.description')}
        </Text>
      </div>
      <QueryView
        query={query}
        isEmpty={(replay) => replay.events.length === 0}
        empty={<Text size="sm">{t('replay.empty')}</Text>}
      >
        {(replay) => <ReplayPlayer replay={replay} />}
      </QueryView>
    </Stack>
  );
});
