import { memo } from 'react';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import type { SoundEvent } from '@/api';
import { DateTime } from '@/components/date-time';
import { LabelName } from '@/components/label-name';
import { plainLink, plainText } from '@/components/plain-text';
import { useServerPaging } from '@/components/server-paging';
import { stackedColumns, stackedTableClass, stackedTableStyle } from '@/components/stacked-table';
import { formatPercent } from '@/lib/format';
import { PAGE_SIZES } from './event-filters';
import { HeardCellSlot, ReviewCellSlot } from './row-answers';
import classes from './events-table.module.css';

interface EventsTableProps {
  events: SoundEvent[];
  total: number;
  page: number;
  size: number;
  fetching: boolean;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  sortByHeard: boolean;
  onSortByHeardChange: (sortByHeard: boolean) => void;
}

const coordinate = (value: number) => value.toFixed(4);

/**
 * Memoised: the page re-renders for answers beside the table (counts, the clock) that leave its rows
 * as they are. The review and heard-by cells read their answers themselves (./row-answers).
 */
export const EventsTable = memo(function EventsTable({
  events,
  total,
  page,
  size,
  fetching,
  onPageChange,
  onSizeChange,
  sortByHeard,
  onSortByHeardChange,
}: EventsTableProps) {
  const { t } = useTranslation('events');
  const paging = useServerPaging({
    total,
    page,
    size,
    sizes: PAGE_SIZES,
    onPageChange,
    onSizeChange,
    perPageLabel: t('table.perPage'),
    rangeText: (range) => t('table.pagination', range),
  });
  return (
    <DataTable<SoundEvent>
      aria-label={t('table.label')}
      className={`${stackedTableClass} ${classes.table}`}
      style={stackedTableStyle}
      withTableBorder
      borderRadius="sm"
      striped
      highlightOnHover
      minHeight={events.length === 0 ? 180 : undefined}
      records={events}
      idAccessor="id"
      customRowAttributes={(event) => ({ 'data-event-id': event.id })}
      fetching={fetching}
      {...paging}
      noRecordsText={t('table.empty')}
      // Both orders are newest first among equals; the edge decides the page, this only its rows.
      sortStatus={{ columnAccessor: sortByHeard ? 'heard' : 'created_at', direction: 'desc' }}
      onSortStatusChange={(status) => onSortByHeardChange(status.columnAccessor === 'heard')}
      columns={stackedColumns<SoundEvent>([
        {
          accessor: 'created_at',
          title: t('table.time'),
          sortable: true,
          render: (event) => <DateTime value={event.created_at} />,
        },
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
            <div>
              <Link className={plainLink()} to={`/mics/${encodeURIComponent(event.mic.id)}`}>
                {event.mic.name}
              </Link>
              <div className={plainText({ size: 'xs', dimmed: true })}>{event.mic.id}</div>
            </div>
          ),
        },
        {
          accessor: 'review',
          title: t('review.column'),
          // Fixed widths for the columns filled in after the rows: the table keeps its layout as they arrive.
          width: 230,
          render: (event) => <ReviewCellSlot event={event} />,
        },
        {
          accessor: 'heard',
          title: t('heard.column'),
          width: 150,
          sortable: true,
          render: (event) => <HeardCellSlot eventId={event.id} />,
        },
        {
          accessor: 'location',
          title: t('table.location'),
          render: (event) => (
            <span className={`${plainText()} ${classes.coordinates}`}>
              {coordinate(event.mic.location.latitude)}, {coordinate(event.mic.location.longitude)}
            </span>
          ),
        },
      ])}
    />
  );
});
