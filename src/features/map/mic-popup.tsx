import { Anchor, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { eventQueries, LIVE_MERGE, unlessLive, useLive, type InventoryMic } from '@/api';
import { DateTime } from '@/components/date-time';
import { HeardByCell } from '@/components/heard-by/heard-by-cell';
import { useHeardBy } from '@/components/heard-by/use-heard-by';
import { formatWindow } from '@/components/map/mic-marker-legend';
import type { MarkerMic } from '@/components/map/mic-marker-state';
import { MicStatusBadge } from '@/components/mic-status-badge';
import { formatDateTime, formatPercent, formatRelative, formatUtc } from '@/lib/format';
import { localName, otherName } from '@/lib/i18n';
import './locales';

const POPUP_EVENTS = 5;
/** One event's two lines (label and time; who heard it and confidence) and the gap below. */
const EVENT_ROW_PX = 44;

/** What a mic's popup shows: who it is, its state, its latest events, and a way to edit it. */
export function MicPopupContent({
  mic,
  marker,
  lastHeardAt,
  windowMinutes,
  label,
}: {
  mic: InventoryMic;
  marker: MarkerMic | undefined;
  lastHeardAt: number | undefined;
  windowMinutes: number;
  label: string | null;
}) {
  const { t, i18n } = useTranslation();
  const live = useLive();
  const events = useQuery({
    ...eventQueries.list({ mic_id: [mic.id], label_id: label === null ? undefined : [label], size: POPUP_EVENTS }),
    meta: LIVE_MERGE,
    refetchInterval: unlessLive(live, 10_000),
  });
  const eventIds = useMemo(() => (events.data?.results ?? []).map((event) => event.id), [events.data]);
  const heardBy = useHeardBy(eventIds);
  const heard = marker?.state === 'fresh' || marker?.state === 'recent';
  return (
    <Stack gap={6} w={340} maw="70vw" data-testid="mic-popup">
      <div>
        <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {mic.name}
        </Title>
        <Text size="xs" c="dimmed" ff="monospace">
          {mic.id}
        </Text>
      </div>
      <Group gap={6}>
        <MicStatusBadge status={mic.status} />
        {heard && lastHeardAt !== undefined && (
          <Badge
            color={marker.state === 'fresh' ? 'red' : 'orange'}
            variant="light"
            size="sm"
            style={{ textTransform: 'none' }}
            data-hint={`${formatDateTime(lastHeardAt, i18n.language)} · ${formatUtc(lastHeardAt)}`}
          >
            {t('map:popup.heardAgo', { ago: formatRelative(lastHeardAt) })}
          </Badge>
        )}
      </Group>
      <Text size="sm">
        <Text span c="dimmed" size="sm">
          {t('map:popup.edge')}:{' '}
        </Text>
        {mic.edge_id}
      </Text>
      {!heard && (
        <Text size="xs" c="dimmed">
          {t('map:popup.notHeard', { window: formatWindow(t, windowMinutes) })}
        </Text>
      )}
      <Text size="sm" fw={600}>
        {t('map:popup.lastEvents')}
      </Text>
      {/* Room for every row from the start, so the popup does not grow out of view when they arrive. */}
      <div style={{ minHeight: POPUP_EVENTS * EVENT_ROW_PX }}>
        {events.data === undefined ? (
          events.isError ? (
            <Text size="xs" c="red">
              {t('map:popup.eventsFailed', { reason: events.error.message })}
            </Text>
          ) : (
            <Group gap={6}>
              <Loader size="xs" />
              <Text size="xs">{t('map:popup.loadingEvents')}</Text>
            </Group>
          )
        ) : events.data.results.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('map:popup.noEvents')}
          </Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {events.data.results.map((event) => (
              <li key={event.id} data-event-id={event.id}>
                <Group gap={8} justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={500} truncate="end" data-hint={otherName(event.label.name, i18n.language)}>
                    {localName(event.label.name, i18n.language)}
                  </Text>
                  <DateTime value={event.created_at} relative size="xs" dimmed style={{ flex: 'none' }} />
                </Group>
                {/* Who else heard it on a line of its own: beside the label it would squeeze the name away. */}
                <Group gap={8} justify="space-between" wrap="nowrap">
                  <HeardByCell
                    heardBy={heardBy.of(event.id, event.created_at)}
                    complete={heardBy.completeOf(event.id)}
                    windowS={heardBy.windowS}
                    size="xs"
                  />
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {t('map:popup.confidence', { value: formatPercent(event.confidence) })}
                  </Text>
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </div>
      <Anchor
        component={Link}
        to={`/mics/${encodeURIComponent(mic.id)}`}
        size="sm"
        aria-label={t('map:popup.editHint', { name: mic.name })}
      >
        <Group gap={4} component="span">
          <IconPencil size={14} aria-hidden />
          {t('map:popup.edit')}
        </Group>
      </Anchor>
    </Stack>
  );
}
