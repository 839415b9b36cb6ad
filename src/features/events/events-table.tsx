import { Anchor, Stack, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import type { SoundEvent } from '@/api';
import { DateTime } from '@/components/date-time';
import { LabelName } from '@/components/label-name';
import { formatPercent } from '@/lib/format';
import { PAGE_SIZES } from './event-filters';

interface EventsTableProps {
  events: SoundEvent[];
  total: number;
  page: number;
  size: number;
  fetching: boolean;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
}

const coordinate = (value: number) => value.toFixed(4);

export function EventsTable({ events, total, page, size, fetching, onPageChange, onSizeChange }: EventsTableProps) {
  const { t } = useTranslation('events');
  return (
    <DataTable<SoundEvent>
      aria-label={t('table.label')}
      withTableBorder
      borderRadius="sm"
      striped
      highlightOnHover
      minHeight={events.length === 0 ? 180 : undefined}
      records={events}
      idAccessor="id"
      fetching={fetching}
      totalRecords={total}
      recordsPerPage={size}
      page={page}
      onPageChange={onPageChange}
      recordsPerPageOptions={[...PAGE_SIZES]}
      onRecordsPerPageChange={onSizeChange}
      recordsPerPageLabel={t('table.perPage')}
      paginationText={({ from, to, totalRecords }) => t('table.pagination', { from, to, total: totalRecords })}
      noRecordsText={t('table.empty')}
      loadingText={t('common:query.loading')}
      getPaginationControlProps={(control) => ({ 'aria-label': t(`common:pagination.${control}`) })}
      columns={[
        { accessor: 'created_at', title: t('table.time'), render: (event) => <DateTime value={event.created_at} /> },
        { accessor: 'label', title: t('table.labelColumn'), render: (event) => <LabelName name={event.label.name} /> },
        {
          accessor: 'confidence',
          title: t('table.confidence'),
          textAlign: 'right',
          render: (event) => formatPercent(event.confidence),
        },
        {
          accessor: 'mic',
          title: t('table.mic'),
          render: (event) => (
            <Stack gap={0}>
              <Anchor component={Link} to={`/mics/${encodeURIComponent(event.mic.id)}`} size="sm">
                {event.mic.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {event.mic.id}
              </Text>
            </Stack>
          ),
        },
        {
          accessor: 'location',
          title: t('table.location'),
          render: (event) => (
            <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {coordinate(event.mic.location.latitude)}, {coordinate(event.mic.location.longitude)}
            </Text>
          ),
        },
      ]}
    />
  );
}
