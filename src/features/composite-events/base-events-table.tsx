import { ActionIcon, Anchor, Badge, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCopy, IconMail } from '@tabler/icons-react';
import { memo, useMemo } from 'react';
import { PlainTable } from '@/components/plain-table/plain-table';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import type { BaseEvent, LabelName as LabelNameValue } from '@/api';
import type { HeardBy } from '@/api/insights';
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

// Each cell takes what it shows as plain values and is memoised: an incident still growing gains a
// row with each sound, and every other row then keeps its cells instead of drawing them again.
const VersusThreshold = memo(function VersusThreshold({
  value,
  threshold,
  met,
}: {
  value: string;
  threshold: string;
  met: boolean;
}) {
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
});

const TimeCell = memo(function TimeCell({ at }: { at: string }) {
  return <DateTime value={at} />;
});

interface MicCellProps {
  micId: string;
  name: string;
  heardBy: readonly HeardBy[] | null | undefined;
  complete: boolean;
  windowS: number;
}

/** Who heard a sound is asked again in new batches as sounds arrive: the same mics are the same answer. */
const sameHeard = (a: MicCellProps['heardBy'], b: MicCellProps['heardBy']) =>
  a === b ||
  (a != null && b != null && a.length === b.length && a.every((m, i) => m.id === b[i]!.id && m.name === b[i]!.name));

const MicCell = memo(
  function MicCell({ micId, name, heardBy, complete, windowS }: MicCellProps) {
    return (
      <Stack gap={0}>
        <Anchor component={Link} to={`/mics/${encodeURIComponent(micId)}`} size="sm">
          {name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {micId}
        </Text>
        {/* Under its mic rather than in a column of its own: the table's columns already share a tight width. */}
        <HeardByCell heardBy={heardBy} complete={complete} windowS={windowS} />
      </Stack>
    );
  },
  (a, b) =>
    a.micId === b.micId &&
    a.name === b.name &&
    a.complete === b.complete &&
    a.windowS === b.windowS &&
    sameHeard(a.heardBy, b.heardBy),
);

/** Every event brings its own copy of its label's names. */
const LabelCell = memo(
  function LabelCell({ name }: { name: LabelNameValue }) {
    return <LabelName name={name} />;
  },
  (a, b) => a.name.ko === b.name.ko && a.name.en === b.name.en,
);

const EdgeReadCell = memo(function EdgeReadCell({ readAt, isRead }: { isRead: boolean; readAt: string | null }) {
  const { t, i18n } = useTranslation('composite-events');
  return isRead ? (
    <Badge
      color="gray"
      variant="light"
      leftSection={<IconCircleCheck size={12} aria-hidden />}
      style={{ textTransform: 'none' }}
      data-hint={
        readAt === null
          ? t('detail.edgeReadHint')
          : `${t('detail.readAt', {
              time: `${formatDateTime(readAt, i18n.language)} · ${formatUtc(readAt)}`,
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
  );
});

const DescriptionCell = memo(function DescriptionCell({ text }: { text: string }) {
  return (
    <Text size="sm" maw={240} style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
});

const AudioCell = memo(function AudioCell({ path }: { path: string }) {
  const { t } = useTranslation('composite-events');
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Code className={classes.path} data-hint={path}>
        {shortPath(path)}
      </Code>
      <CopyButton value={path}>
        {({ copied, copy }) => (
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={`${copied ? t('detail.copied') : t('detail.copy')}: ${path}`}
            data-hint={copied ? t('detail.copied') : t('detail.copy')}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  );
});

const eventId = (event: BaseEvent) => event.id;

export function BaseEventsTable({ events }: { events: BaseEvent[] }) {
  const { t } = useTranslation('composite-events');
  const eventIds = useMemo(() => events.map((e) => e.id), [events]);
  const heardBy = useHeardBy(eventIds);
  return (
    <PlainTable<BaseEvent>
      label={t('detail.baseEvents')}
      // Nine columns cannot share a tablet's width: below this the table scrolls sideways inside
      // its own frame instead of squeezing descriptions and paths to a letter per line.
      className={classes.wideTable}
      alignTop
      records={events}
      rowKey={eventId}
      fetching={false}
      emptyText={t('timeline.noEvents')}
      columns={[
        { key: 'created_at', title: t('detail.time'), render: (e) => <TimeCell at={e.created_at} /> },
        {
          key: 'mic_id',
          title: t('detail.mic'),
          render: (e) => (
            <MicCell
              micId={e.mic_id}
              name={e.microphone.name}
              heardBy={heardBy.of(e.id, e.created_at)}
              complete={heardBy.completeOf(e.id)}
              windowS={heardBy.windowS}
            />
          ),
        },
        { key: 'label', title: t('detail.label'), render: (e) => <LabelCell name={e.label.name} /> },
        {
          key: 'confidence',
          title: t('detail.confidence'),
          alignEnd: true,
          render: (e) => (
            <VersusThreshold
              value={formatPercent(e.confidence)}
              threshold={formatPercent(e.confidence_threshold)}
              met={e.confidence >= e.confidence_threshold}
            />
          ),
        },
        {
          key: 'sound_level',
          title: t('detail.soundLevel'),
          alignEnd: true,
          render: (e) => (
            <VersusThreshold
              value={`${e.sound_level} dB`}
              threshold={`${e.sound_level_threshold} dB`}
              met={e.sound_level >= e.sound_level_threshold}
            />
          ),
        },
        {
          key: 'is_read',
          // The edge's own flag, not this console's review (acknowledged, resolved): named apart.
          title: t('detail.edgeRead'),
          cellClassName: classes.noWrap,
          // Badges truncate when a crowded table squeezes this column.
          width: 150,
          render: (e) => <EdgeReadCell isRead={e.is_read} readAt={e.read_at} />,
        },
        {
          key: 'description',
          title: t('detail.description'),
          render: (e) => <DescriptionCell text={e.description} />,
        },
        {
          key: 'audio_file',
          title: t('detail.audio'),
          render: (e) => <AudioCell path={e.audio_file.file_path} />,
        },
      ]}
    />
  );
}
