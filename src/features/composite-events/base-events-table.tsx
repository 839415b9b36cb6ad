import { ActionIcon, Anchor, Badge, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCopy, IconMail } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useMemo } from 'react';
import { stackedColumns, stackedTableClass } from '@/components/stacked-table';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import type { BaseEvent } from '@/api';
import { DateTime } from '@/components/date-time';
import { HeardByCell } from '@/components/heard-by/heard-by-cell';
import { useHeardBy } from '@/components/heard-by/use-heard-by';
import { LabelName } from '@/components/label-name';
import { formatDateTime, formatPercent, formatUtc } from '@/lib/format';
import classes from './base-events-table.module.css';

/** Long paths show their file name (what tells files apart); the full path is on hover and copied. */
function shortPath(path: string): string {
  if (path.length <= 36) return path;
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === '' ? path : `…/${name}`;
}

function VersusThreshold({ value, threshold, met }: { value: string; threshold: string; met: boolean }) {
  const { t } = useTranslation('composite-events');
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={met ? 600 : 400} c={met ? undefined : 'red'}>
        {met ? '≥ ' : '< '}
        {value}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('detail.vsThreshold', { value: threshold })}
      </Text>
    </Stack>
  );
}

export function BaseEventsTable({ events }: { events: BaseEvent[] }) {
  const { t, i18n } = useTranslation('composite-events');
  const eventIds = useMemo(() => events.map((e) => e.id), [events]);
  const heardBy = useHeardBy(eventIds);
  return (
    <DataTable<BaseEvent>
      aria-label={t('detail.baseEvents')}
      className={stackedTableClass}
      withTableBorder
      borderRadius="sm"
      striped
      verticalAlign="top"
      records={events}
      idAccessor="id"
      noRecordsText={t('timeline.noEvents')}
      minHeight={events.length === 0 ? 150 : undefined}
      // Nine columns cannot share a tablet's width: below this the table scrolls sideways inside
      // its own frame instead of squeezing descriptions and paths to a letter per line.
      classNames={{ table: classes.wideTable }}
      columns={stackedColumns<BaseEvent>([
        { accessor: 'created_at', title: t('detail.time'), render: (e) => <DateTime value={e.created_at} /> },
        {
          accessor: 'mic_id',
          title: t('detail.mic'),
          render: (e) => (
            <Stack gap={0}>
              <Anchor component={Link} to={`/mics/${encodeURIComponent(e.mic_id)}`} size="sm">
                {e.microphone.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {e.mic_id}
              </Text>
              {/* Under its mic rather than in a column of its own: the table's columns already share a tight width. */}
              <HeardByCell
                heardBy={heardBy.of(e.id, e.created_at)}
                complete={heardBy.completeOf(e.id)}
                windowS={heardBy.windowS}
              />
            </Stack>
          ),
        },
        { accessor: 'label', title: t('detail.label'), render: (e) => <LabelName name={e.label.name} /> },
        {
          accessor: 'confidence',
          title: t('detail.confidence'),
          textAlign: 'right',
          render: (e) => (
            <VersusThreshold
              value={formatPercent(e.confidence)}
              threshold={formatPercent(e.confidence_threshold)}
              met={e.confidence >= e.confidence_threshold}
            />
          ),
        },
        {
          accessor: 'sound_level',
          title: t('detail.soundLevel'),
          textAlign: 'right',
          render: (e) => (
            <VersusThreshold
              value={`${e.sound_level} dB`}
              threshold={`${e.sound_level_threshold} dB`}
              met={e.sound_level >= e.sound_level_threshold}
            />
          ),
        },
        {
          accessor: 'is_read',
          // The edge's own flag, not this console's review (acknowledged, resolved): named apart.
          title: t('detail.edgeRead'),
          noWrap: true,
          // Badges truncate when a crowded table squeezes this column.
          width: 150,
          render: (e) =>
            e.is_read ? (
              <Badge
                color="gray"
                variant="light"
                leftSection={<IconCircleCheck size={12} aria-hidden />}
                style={{ textTransform: 'none' }}
                data-hint={
                  e.read_at === null
                    ? t('detail.edgeReadHint')
                    : `${t('detail.readAt', {
                        time: `${formatDateTime(e.read_at, i18n.language)} · ${formatUtc(e.read_at)}`,
                      })}. ${t('detail.edgeReadHint')}`
                }
              >
                {t('detail.edgeReadYes')}
              </Badge>
            ) : (
              <Badge
                color="gray"
                variant="outline"
                leftSection={<IconMail size={12} aria-hidden />}
                style={{ textTransform: 'none' }}
                data-hint={t('detail.edgeReadHint')}
              >
                {t('detail.edgeReadNo')}
              </Badge>
            ),
        },
        {
          accessor: 'description',
          title: t('detail.description'),
          render: (e) => (
            <Text size="sm" maw={240} style={{ overflowWrap: 'anywhere' }}>
              {e.description}
            </Text>
          ),
        },
        {
          accessor: 'audio_file',
          title: t('detail.audio'),
          render: (e) => (
            <Group gap={4} wrap="nowrap" align="flex-start">
              <Code className={classes.path} data-hint={e.audio_file.file_path}>
                {shortPath(e.audio_file.file_path)}
              </Code>
              <CopyButton value={e.audio_file.file_path}>
                {({ copied, copy }) => (
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={`${copied ? t('detail.copied') : t('detail.copy')}: ${e.audio_file.file_path}`}
                    data-hint={copied ? t('detail.copied') : t('detail.copy')}
                  >
                    {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  </ActionIcon>
                )}
              </CopyButton>
            </Group>
          ),
        },
      ])}
    />
  );
}
