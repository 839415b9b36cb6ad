import { ActionIcon, Button, Group, Loader, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import clsx from 'clsx';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AudioError, type ClipBytes } from '@/api/audio';
import '@/components/clip/locales';
import { formatDistance } from '@/components/map/place-words';
import { useTranslation } from '@/lib/i18n';
import type { ClipAnalysis } from './analysis';
import { drawSpectrogram, drawWaveform } from './draw';
import { markedPart, type ClipRow as Row, type Placement } from './sounds';
import type { ClipPlayer } from './use-clip-player';
import classes from './listen.module.css';
import './locales';

export interface ClipState {
  bytes: ClipBytes | undefined;
  analysis: ClipAnalysis | undefined;
  error: unknown;
  analysisFailed: boolean;
  retry: () => void;
}

interface ClipRowProps {
  row: Row;
  clip: ClipState;
  placement: Placement;
  /** Metres from the estimated place of the sound, when it was located. */
  fromPlace: number | null;
  span: number;
  loudest: number;
  selected: boolean;
  player: ClipPlayer;
  onSelect: () => void;
}

const pct = (value: number) => `${(value * 100).toFixed(3)}%`;

/** The level against the mic's threshold: a bar, the threshold a tick, filled in colour when over it. */
function LevelMeter({ level, threshold }: { level: number; threshold: number }) {
  const { t } = useTranslation('listen');
  const scale = (db: number) => Math.min(1, Math.max(0, (db - 30) / 100));
  const margin = level - threshold;
  const label = t('levelAgainst', {
    level: level.toFixed(1),
    threshold: threshold.toFixed(1),
    margin: `${margin >= 0 ? '+' : ''}${margin.toFixed(1)}`,
  });
  return (
    <div className={classes.level} title={label}>
      <div
        className={classes.meter}
        role="meter"
        aria-label={label}
        aria-valuenow={level}
        aria-valuemin={30}
        aria-valuemax={130}
      >
        <div className={clsx(classes.fill, margin >= 0 && classes.over)} style={{ width: pct(scale(level)) }} />
        <div className={classes.tick} style={{ left: pct(scale(threshold)) }} />
      </div>
      <Text size="xs" c="dimmed" className={classes.levelText}>
        {t('level', { level: level.toFixed(1) })} / ≥ {threshold.toFixed(0)}
      </Text>
    </div>
  );
}

function Playhead({ element, duration }: { element: HTMLAudioElement; duration: number }) {
  const [at, setAt] = useState(element.currentTime);
  useEffect(() => {
    let frame = 0;
    const tick = () => {
      setAt(element.currentTime);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [element]);
  return <div className={classes.playhead} style={{ left: pct(Math.min(1, at / duration)) }} aria-hidden />;
}

/** One mic's clip: name, arrival, level, and the waveform and spectrogram at their place on the sound's time line. */
export function ClipRow({ row, clip, placement, fromPlace, span, loudest, selected, player, onSelect }: ClipRowProps) {
  const { t } = useTranslation('listen');
  const { t: tp } = useTranslation('place');
  const { event } = row;
  const mic = event.microphone.name;
  const wave = useRef<HTMLCanvasElement>(null);
  const spectrum = useRef<HTMLCanvasElement>(null);
  const [element, setElement] = useState<HTMLAudioElement | null>(null);
  const { analysis } = clip;
  const url = useMemo(
    () =>
      clip.bytes === undefined ? null : URL.createObjectURL(new Blob([clip.bytes.bytes], { type: clip.bytes.type })),
    [clip.bytes],
  );
  useEffect(() => () => (url === null ? undefined : URL.revokeObjectURL(url)), [url]);

  useEffect(() => {
    if (analysis === undefined) return;
    if (wave.current !== null) drawWaveform(wave.current, analysis, loudest);
    if (spectrum.current !== null) drawSpectrogram(spectrum.current, analysis);
  }, [analysis, loudest]);

  const marked = useMemo(
    () => (analysis === undefined ? null : markedPart(analysis.onset, analysis.duration)),
    [analysis],
  );
  const { register } = player;
  useEffect(() => {
    if (element === null || marked === null) return;
    register(event.id, { element, marked });
    return () => register(event.id, null);
  }, [register, event.id, element, marked]);

  const playing = player.playing === event.id;
  const seconds = (row.offsetMs / 1000).toFixed(3);
  const problem = clip.error instanceof AudioError ? clip.error.problem : clip.error === null ? null : 'other';

  const shown = problem ?? (clip.analysisFailed ? 'undecodable' : null);
  let track;
  if (shown !== null) {
    track = (
      <Group gap="xs" className={classes.problem} role="status">
        <Text size="sm" c="red">
          {t(`clip:problem.${shown}`)}
        </Text>
        {problem !== null && (
          <Button size="compact-xs" variant="subtle" onClick={clip.retry}>
            {t('retry')}
          </Button>
        )}
      </Group>
    );
  } else {
    track = (
      <div
        className={classes.clip}
        style={{ left: pct(placement.start / span), width: pct(placement.duration / span) }}
      >
        <canvas ref={wave} className={classes.wave} role="img" aria-label={t('waveform', { mic })} />
        <canvas ref={spectrum} className={classes.spectrum} role="img" aria-label={t('spectrogram', { mic })} />
        {analysis === undefined && (
          <Group gap={6} className={classes.pending}>
            <Loader size="xs" />
            <Text size="xs" c="dimmed">
              {clip.bytes === undefined ? t('fetching') : t('analysing')}
            </Text>
          </Group>
        )}
        {analysis !== undefined && marked !== null && (
          <>
            {player.looping && (
              <div
                className={classes.marked}
                style={{
                  left: pct(marked[0] / analysis.duration),
                  width: pct((marked[1] - marked[0]) / analysis.duration),
                }}
                aria-hidden
              />
            )}
            <div
              className={classes.detection}
              style={{ left: pct(analysis.onset / analysis.duration) }}
              title={t('detection')}
            />
            {playing && element !== null && <Playhead element={element} duration={analysis.duration} />}
          </>
        )}
      </div>
    );
  }

  return (
    <li
      className={clsx(classes.row, selected && classes.selected)}
      aria-current={selected ? 'true' : undefined}
      data-event-id={event.id}
      onClick={onSelect}
    >
      <div className={classes.info}>
        <ActionIcon
          variant={playing ? 'filled' : 'light'}
          aria-label={playing ? t('pause', { mic }) : t('play', { mic })}
          disabled={element === null || analysis === undefined}
          onClick={(e) => {
            e.stopPropagation();
            onSelect();
            player.toggle(event.id);
          }}
        >
          {playing ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
        </ActionIcon>
        <div className={classes.name}>
          <Text size="sm" fw={500} truncate title={mic}>
            {mic}
          </Text>
          <Text size="xs" c="dimmed" title={t('arrivalHint', { seconds })}>
            {t('arrival', { seconds })}
          </Text>
          {fromPlace !== null && (
            <Text size="xs" c="dimmed" data-testid="clip-from-place">
              {t('fromPlace', { distance: formatDistance(tp, fromPlace) })}
            </Text>
          )}
        </div>
        <LevelMeter level={event.sound_level} threshold={event.sound_level_threshold} />
      </div>
      <div className={classes.track}>{track}</div>
      {url !== null && <audio ref={setElement} src={url} preload="auto" className={classes.audio} />}
    </li>
  );
}
