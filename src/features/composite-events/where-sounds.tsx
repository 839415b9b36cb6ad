import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconCurrentLocation, IconMapPin } from '@tabler/icons-react';
import type { Label } from '@/api';
import type { LocatedSource, SourceAnswer } from '@/api/insights';
import {
  droppedText,
  formatDistance,
  isLocated,
  placeText,
  radiusText,
  reasonText,
  type PlaceMic,
} from '@/components/map/place-words';
import { formatTime } from '@/lib/format';
import { localName, useTranslation } from '@/lib/i18n';
import classes from './where.module.css';
import './where-locales';

/** "+3 ms", "−2.1 dB": the sign always shown, a true minus. */
function signed(value: number, unit: string, digits: number): string {
  const rounded = Number(value.toFixed(digits));
  const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '±';
  return `${sign}${Math.abs(rounded).toFixed(digits)} ${unit}`;
}

/** Milliseconds matter here: two arrivals a few ms apart are the whole method. */
const timeWithMs = (iso: string) => `${formatTime(iso)}.${String(new Date(iso).getMilliseconds()).padStart(3, '0')}`;

function MethodLine({ source }: { source: LocatedSource }) {
  const { t } = useTranslation('where');
  const { t: tp } = useTranslation('place');
  const text =
    source.method === 'arrival-time'
      ? t('methodLine.arrival-time', { count: source.mic_ids.length })
      : source.method === 'level'
        ? source.source_level_db === null
          ? t('methodLine.levelNoSource')
          : t('methodLine.level', { source: Math.round(source.source_level_db) })
        : t('methodLine.nearest-mic', { radius: formatDistance(tp, source.radius_m) });
  return <Text size="sm">{text}</Text>;
}

function Residuals({ source, names }: { source: LocatedSource; names: ReadonlyMap<string, string> }) {
  const { t } = useTranslation('where');
  const { t: tp } = useTranslation('place');
  if (source.residuals.length === 0) return null;
  const byTime = source.method === 'arrival-time';
  return (
    <Table.ScrollContainer minWidth={260} type="native">
      <Table
        fz="sm"
        verticalSpacing={4}
        horizontalSpacing="xs"
        className={classes.residuals}
        aria-label={t('residuals')}
        data-hint={t('residualsHint')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('mic')}</Table.Th>
            <Table.Th ta="right">{t('distance')}</Table.Th>
            <Table.Th ta="right">{byTime ? t('timing') : t('level')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {source.residuals.map((r) => (
            <Table.Tr key={r.event_id}>
              <Table.Td className={classes.micName}>{names.get(r.mic_id) ?? r.mic_id}</Table.Td>
              <Table.Td ta="right" className={classes.number}>
                {formatDistance(tp, r.distance_m)}
              </Table.Td>
              <Table.Td ta="right" className={classes.number}>
                {byTime
                  ? r.arrival_ms === null
                    ? '–'
                    : signed(r.arrival_ms, 'ms', 0)
                  : r.level_db === null
                    ? '–'
                    : signed(r.level_db, 'dB', 1)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Sound({
  source,
  index,
  selected,
  mics,
  labels,
  choosable,
  onSelect,
}: {
  source: LocatedSource;
  index: number;
  selected: boolean;
  /** More than one sound: each can be chosen for the map. */
  choosable: boolean;
  mics: readonly PlaceMic[];
  labels: readonly Label[];
  onSelect: () => void;
}) {
  const { t, i18n } = useTranslation('where');
  const { t: tp } = useTranslation('place');
  const names = new Map(mics.map((m) => [m.id, m.name]));
  const label = labels.find((l) => l.id === source.label_id);
  const located = isLocated(source);
  const reason = reasonText(source.reason_codes, source.reason);
  const title = t('sound', { index: index + 1 });
  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      component="li"
      className={classes.sound}
      data-selected={selected}
      data-located={located}
      aria-label={title}
      aria-current={selected ? 'true' : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap={8} wrap="wrap" style={{ minWidth: 0 }}>
            <span className={classes.index} data-located={located} aria-hidden>
              {located ? index + 1 : '?'}
            </span>
            <Text fw={600} size="sm">
              {title}
            </Text>
            <Text size="sm" c="dimmed" className={classes.number}>
              {timeWithMs(source.at)}
            </Text>
            {label !== undefined && (
              <Badge variant="light" color="gray" size="sm" style={{ textTransform: 'none' }}>
                {localName(label.name, i18n.language)}
              </Badge>
            )}
          </Group>
          {choosable && (
            <Button
              size="compact-xs"
              variant={selected ? 'light' : 'subtle'}
              leftSection={<IconCurrentLocation size={14} aria-hidden />}
              aria-pressed={selected}
              aria-label={t('show', { index: index + 1 })}
              onClick={onSelect}
              className={classes.showButton}
            >
              {selected ? t('shown') : t('showShort')}
            </Button>
          )}
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={16} aria-hidden className={classes.pin} />
          <div>
            <Text fw={700} size="sm" className={classes.placeText}>
              {placeText(tp, source, mics)}
            </Text>
            {located && (
              <Text size="xs" c="dimmed">
                {t('radius95', { radius: radiusText(tp, source.radius_m) })} · {tp(`method.${source.method}`)}
              </Text>
            )}
          </div>
        </Group>
        {located ? (
          <Stack gap={4}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {t('why')}
            </Text>
            <MethodLine source={source} />
            {reason !== null && (
              <Text size="sm" c="dimmed">
                {t('note', { text: reason })}
              </Text>
            )}
            <Residuals source={source} names={names} />
          </Stack>
        ) : (
          <Text size="sm" role="note">
            {tp('cannotLocate', { why: reason ?? '' })}
          </Text>
        )}
        {source.dropped.length > 0 && (
          <Stack gap={2}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {t('droppedTitle')}
            </Text>
            <ul className={classes.dropped}>
              {source.dropped.map((d) => (
                <li key={d.event_id}>
                  <Text size="sm" component="span">
                    {t('droppedLine', { mic: names.get(d.mic_id) ?? d.mic_id, why: droppedText(tp, d) })}
                  </Text>
                </li>
              ))}
            </ul>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** Each sound of the incident, numbered as on the map, with why it was placed where it was. */
export function WhereSounds({
  answer,
  selected,
  mics,
  labels,
  onSelect,
}: {
  answer: SourceAnswer;
  selected: number;
  mics: readonly PlaceMic[];
  labels: readonly Label[];
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation('where');
  return (
    <ol className={classes.sounds} aria-label={t('sounds')}>
      {answer.sources.map((source, i) => (
        <Sound
          key={`${source.at}-${source.event_ids.join(',')}`}
          source={source}
          index={i}
          selected={i === selected}
          choosable={answer.sources.length > 1}
          mics={mics}
          labels={labels}
          onSelect={() => onSelect(i)}
        />
      ))}
    </ol>
  );
}
