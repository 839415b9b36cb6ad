import { Button, Group, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { insightQueries } from '@/api/insights';
import { type CompositeEvent } from '@/api';
// Not through '@/api': the audio client stays out of the first paint, in the pages that play.
import { audioQueries, type ClipBytes } from '@/api/audio';
import { formatTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { analyseClip } from './decode-clip';
import { ClipRow, type ClipState } from './clip-row';
import { EvidenceButton } from './evidence-button';
import { ListenVerdict } from './listen-verdict';
import { distancesFromPlace, placements, soundsOf } from './sounds';
import { useClipPlayer } from './use-clip-player';
import classes from './listen.module.css';
import './locales';

const SEEK_S = 0.25;

function analysisQuery(compositeId: string, eventId: string, bytes: ClipBytes | undefined) {
  return {
    queryKey: [...audioQueries.all(), 'analysis', compositeId, eventId] as const,
    queryFn: () => analyseClip(bytes!.bytes),
    enabled: bytes !== undefined,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  };
}

/** Keys typed into a field or on a control belong to it. */
const ownKeys = (target: EventTarget) =>
  target instanceof HTMLElement && target.closest('input, textarea, select, button, [role="combobox"]') !== null;

/**
 * The drill-down's player: the clips of every mic that heard one sound of the incident, on one
 * time line by arrival, each with its waveform, spectrogram, detection mark and level against its
 * threshold; play all in order, one alone, or loop the marked part. A clip that cannot be had
 * says why on its own row.
 */
export default function ListenPlayer({ composite }: { composite: CompositeEvent }) {
  const { t } = useTranslation('listen');
  const sounds = useMemo(() => soundsOf(composite.events), [composite.events]);
  const [soundIndex, setSoundIndex] = useState(0);
  const rows = useMemo(() => sounds[soundIndex] ?? [], [sounds, soundIndex]);
  // The same answer the "Where it was" section asks for: one request for both.
  const source = useQuery(insightQueries.source(composite.id));
  const fromPlace = useMemo(() => distancesFromPlace(source.data), [source.data]);
  const ids = useMemo(() => rows.map((row) => row.event.id), [rows]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = selectedId !== null && ids.includes(selectedId) ? selectedId : (ids[0] ?? null);
  const player = useClipPlayer(ids);

  const clips = useQueries({ queries: rows.map((row) => audioQueries.clip(composite.id, row.event.id)) });
  const analyses = useQueries({
    queries: rows.map((row, i) => analysisQuery(composite.id, row.event.id, clips[i]?.data)),
  });
  const { span, placed } = placements(
    rows,
    analyses.map((a) => a.data),
  );
  const loudest = Math.max(0, ...analyses.map((a) => a.data?.peak ?? 0));

  const move = (by: number) => {
    const at = selected === null ? -1 : ids.indexOf(selected);
    const next = ids[Math.min(ids.length - 1, Math.max(0, at + by))];
    if (next !== undefined) setSelectedId(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || ownKeys(event.target)) return;
    const keys: Record<string, () => void> = {
      ' ': () => selected !== null && player.toggle(selected),
      j: () => move(1),
      ArrowDown: () => move(1),
      k: () => move(-1),
      ArrowUp: () => move(-1),
      ArrowLeft: () => selected !== null && player.seek(selected, -SEEK_S),
      ArrowRight: () => selected !== null && player.seek(selected, SEEK_S),
      l: () => player.setLooping(!player.looping),
    };
    const action = keys[event.key];
    if (action === undefined) return;
    event.preventDefault();
    action();
  };

  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby="listen-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
          <Stack gap={2}>
            <Title order={3} size="h4" id="listen-title">
              {t('title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('description')}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            <ListenVerdict composite={composite} />
            <EvidenceButton compositeId={composite.id} />
          </Group>
        </Group>

        <Group gap="sm" wrap="wrap" align="flex-end">
          {sounds.length > 1 && (
            <Select
              label={t('sounds')}
              size="xs"
              w={200}
              allowDeselect={false}
              value={String(soundIndex)}
              onChange={(value) => {
                player.stop();
                setSoundIndex(Number(value ?? 0));
              }}
              data={sounds.map((sound, i) => ({
                value: String(i),
                label: t('soundOption', { n: i + 1, time: formatTime(sound[0]!.event.created_at) }),
              }))}
            />
          )}
          <Button
            size="xs"
            leftSection={<IconPlayerPlay size={14} />}
            onClick={player.playAll}
            disabled={rows.length === 0}
          >
            {t('playAll')}
          </Button>
          <Button size="xs" variant="default" leftSection={<IconPlayerStop size={14} />} onClick={player.stop}>
            {t('stop')}
          </Button>
          <Switch
            size="sm"
            label={t('loop')}
            checked={player.looping}
            onChange={(event) => player.setLooping(event.currentTarget.checked)}
          />
        </Group>

        <div
          className={classes.player}
          tabIndex={0}
          onKeyDown={onKeyDown}
          role="group"
          aria-label={t('title')}
          aria-describedby="listen-keys"
        >
          <ol className={classes.rows}>
            {rows.map((row, i) => {
              const state: ClipState = {
                bytes: clips[i]?.data,
                analysis: analyses[i]?.data,
                error: clips[i]?.error ?? null,
                analysisFailed: analyses[i]?.isError ?? false,
                retry: () => void clips[i]?.refetch(),
              };
              return (
                <ClipRow
                  key={row.event.id}
                  row={row}
                  clip={state}
                  placement={placed[i]!}
                  fromPlace={fromPlace.get(row.event.id) ?? null}
                  span={span}
                  loudest={loudest}
                  selected={row.event.id === selected}
                  player={player}
                  onSelect={() => setSelectedId(row.event.id)}
                />
              );
            })}
          </ol>
          <div className={classes.row} aria-hidden>
            <span />
            <Text size="xs" c="dimmed" className={classes.axis}>
              <span>0</span>
              <span>{t('axisEnd', { seconds: span.toFixed(1) })}</span>
            </Text>
          </div>
        </div>
        <Text size="xs" c="dimmed" id="listen-keys">
          {t('keys')}
        </Text>
      </Stack>
    </Paper>
  );
}
