import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconHelpCircle, IconLock, IconPlugConnected, IconPlugConnectedX, IconX } from '@tabler/icons-react';
import type { LatLngBoundsExpression } from 'leaflet';
import { memo, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { CircleMarker, Tooltip } from 'react-leaflet';
import { Link } from 'react-router-dom';
import type { CompositeEvent, ExtendedMic, LabelName } from '@/api';
import { useLabelNames } from '@/components/labels/use-labels';
import { BaseMap } from '@/components/map/base-map';
import { MicStatusBadge } from '@/components/mic-status-badge';
import { localName } from '@/lib/i18n';
import { formatPercent } from '@/lib/format';
import { NearView } from './near-view';
import { endpointUrl, micsWithThresholds } from './composite-summary';

function YesNo({ value, yesIcon, noIcon }: { value: boolean; yesIcon?: ReactNode; noIcon?: ReactNode }) {
  const { t } = useTranslation('composite-events');
  return value ? (
    <Badge color="teal" variant="light" size="sm" leftSection={yesIcon ?? <IconCheck size={12} aria-hidden />}>
      {t('detail.yes')}
    </Badge>
  ) : (
    <Badge color="red" variant="light" size="sm" leftSection={noIcon ?? <IconX size={12} aria-hidden />}>
      {t('detail.no')}
    </Badge>
  );
}

const EDGE_STATUS_COLORS: Record<string, string> = { online: 'teal', offline: 'red' };

/** `online` and `offline` get colours; anything else (e.g. `maintenance`) is shown as sent, neutral. */
export function EdgeStatusBadge({ status }: { status: string | undefined }) {
  const { t } = useTranslation('composite-events');
  if (status === undefined)
    return (
      <Text size="sm" c="dimmed">
        {t('detail.notReported')}
      </Text>
    );
  const color = EDGE_STATUS_COLORS[status];
  return (
    <Badge
      color={color ?? 'gray'}
      variant={color === undefined ? 'outline' : 'light'}
      size="sm"
      style={{ textTransform: 'none' }}
      leftSection={
        status === 'online' ? (
          <IconPlugConnected size={12} aria-hidden />
        ) : status === 'offline' ? (
          <IconPlugConnectedX size={12} aria-hidden />
        ) : (
          <IconHelpCircle size={12} aria-hidden />
        )
      }
    >
      {status}
    </Badge>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
      <Text size="xs" c="dimmed" component="dt" style={{ flex: '0 0 auto' }}>
        {term}
      </Text>
      <Text size="sm" component="dd" m={0} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

type MicCardProps = { mic: ExtendedMic; names: ReadonlyMap<string, LabelName> };

/** The same card: each of the mic's fields and each label the same object (the query keeps unchanged parts). */
function sameCard(a: MicCardProps, b: MicCardProps): boolean {
  const keys = Object.keys(a.mic) as (keyof ExtendedMic)[];
  return (
    keys.length === Object.keys(b.mic).length &&
    keys.every((key) => a.mic[key] === b.mic[key]) &&
    a.names.size === b.names.size &&
    [...a.names].every(([id, name]) => b.names.get(id) === name)
  );
}

/**
 * Memoised on its content: the page draws again each time its incident gains a sound, and the
 * cards (about 40 components each) were most of that redraw although their mics had not changed.
 */
const MicCard = memo(function MicCard({ mic, names }: MicCardProps) {
  const { t, i18n } = useTranslation('composite-events');
  const thresholds = mic.thresholds === undefined ? [] : Object.entries(mic.thresholds);
  return (
    <Paper withBorder p="sm" radius="sm" component="article" aria-label={mic.name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Anchor
              component={Link}
              to={`/mics/${encodeURIComponent(mic.id)}`}
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {mic.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {mic.id} · {mic.edge_id}
            </Text>
          </div>
          {/* The name wraps; the status reads in full ('ACT…' when the badge shrank beside a long name). */}
          <div style={{ flex: 'none' }}>
            <MicStatusBadge status={mic.status} />
          </div>
        </Group>
        <dl style={{ margin: 0, display: 'grid', gap: 4 }}>
          <Row term={t('detail.type')}>{mic.microphone_type}</Row>
          <Row term={t('detail.mac')}>
            <Text span ff="monospace" size="sm">
              {mic.mac_address}
            </Text>
          </Row>
          <Row term={t('detail.host')}>
            <Text span ff="monospace" size="sm">
              {mic.host} / {mic.subnet_mask}
            </Text>
          </Row>
          <Row term={t('detail.connected')}>
            <YesNo value={mic.connected} />
          </Row>
          <Row term={t('detail.streaming')}>
            <YesNo value={mic.streaming} />
          </Row>
          <Row term={t('detail.recording')}>
            <YesNo value={mic.recording} />
          </Row>
          <Row term={t('detail.edgeStatus')}>
            <EdgeStatusBadge status={mic.edge_status} />
          </Row>
          <Row term={t('detail.channel')}>
            <Text span ff="monospace" size="sm">
              {endpointUrl(mic.channel.scheme, mic.host, mic.channel.port, mic.channel.path)}
            </Text>
          </Row>
          <Row term={t('detail.console')}>
            <Text span ff="monospace" size="sm">
              {endpointUrl(mic.console.scheme, mic.host, mic.console.port, mic.console.path)}
            </Text>
          </Row>
          <Row term={t('detail.thresholds')}>
            {thresholds.length === 0 ? (
              <Text span size="sm" c="dimmed">
                {mic.thresholds === undefined ? t('detail.noThresholds') : t('detail.emptyThresholds')}
              </Text>
            ) : (
              thresholds.map(([labelId, threshold]) => {
                const name = names.get(labelId);
                return (
                  <Text span size="sm" display="block" key={labelId}>
                    {name === undefined ? labelId : localName(name, i18n.language)}:{' '}
                    {t('detail.thresholdValue', {
                      confidence: formatPercent(threshold.confidence),
                      level: threshold.sound_level_ge,
                    })}
                  </Text>
                );
              })
            )}
          </Row>
        </dl>
        <Badge
          color="gray"
          variant="outline"
          size="sm"
          leftSection={<IconLock size={12} aria-hidden />}
          style={{ textTransform: 'none', alignSelf: 'flex-start' }}
          data-hint={t('detail.credentialsHint')}
        >
          {t('detail.credentialsHidden')}
        </Badge>
      </Stack>
    </Paper>
  );
}, sameCard);

function boundsOf(mics: ExtendedMic[]): LatLngBoundsExpression | null {
  if (mics.length === 0) return null;
  const lats = mics.map((m) => m.location.latitude);
  const lngs = mics.map((m) => m.location.longitude);
  // Room around the outermost mics (markers are not cut at the edge), and a minimum extent so a
  // single mic is not shown at the maximum zoom.
  const latPad = Math.max(0.004, (Math.max(...lats) - Math.min(...lats)) * 0.2);
  const lngPad = Math.max(0.004, (Math.max(...lngs) - Math.min(...lngs)) * 0.2);
  return [
    [Math.min(...lats) - latPad, Math.min(...lngs) - lngPad],
    [Math.max(...lats) + latPad, Math.max(...lngs) + lngPad],
  ];
}

export function MicsSection({ composite }: { composite: CompositeEvent }) {
  const { t } = useTranslation('composite-events');
  const mics = micsWithThresholds(composite);
  // A threshold may name any category, not only this incident's: the console's names, then the
  // incident's own. The first copy of each: every event brings its own, and the newest one's would
  // redraw every card.
  const { names: known } = useLabelNames();
  const own = new Map<string, LabelName>();
  for (const label of composite.labels) own.set(label.id, label.name);
  for (const event of composite.events) if (!own.has(event.label.id)) own.set(event.label.id, event.label.name);
  const names = new Map([...known, ...own]);
  const bounds = boundsOf(mics);
  const eventsPerMic = new Map<string, number>();
  for (const event of composite.events) eventsPerMic.set(event.mic_id, (eventsPerMic.get(event.mic_id) ?? 0) + 1);

  return (
    <Stack gap="sm" component="section" aria-labelledby="mics-title">
      <Title order={3} size="h4" id="mics-title">
        {t('detail.mics')}
      </Title>
      {bounds !== null && (
        <NearView height={280} label={t('detail.mapLabel')}>
          <BaseMap bounds={bounds} height={280} label={t('detail.mapLabel')} preferCanvas={false}>
            {mics.map((mic) => (
              <CircleMarker
                key={mic.id}
                center={[mic.location.latitude, mic.location.longitude]}
                radius={8}
                pathOptions={{ color: '#3b5bdb', fillColor: '#4c6ef5', fillOpacity: 0.8, weight: 2 }}
              >
                <Tooltip>
                  {mic.name} ({t('timeline.events', { count: eventsPerMic.get(mic.id) ?? 0 })})
                </Tooltip>
              </CircleMarker>
            ))}
          </BaseMap>
        </NearView>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="sm">
        {mics.map((mic) => (
          <MicCard key={mic.id} mic={mic} names={names} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
