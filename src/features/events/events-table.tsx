import { memo, useMemo } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import type { SoundEvent } from '@/api';
import { DateTime } from '@/components/date-time';
import { LabelName } from '@/components/label-name';
import { plainLink, plainText } from '@/components/plain-text';
import { PlainTable, type PlainColumn } from '@/components/plain-table/plain-table';
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
const eventId = (event: SoundEvent) => event.id;
const rowAttributes = (event: SoundEvent) => ({ 'data-event-id': event.id });

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
  const columns = useMemo(
    (): PlainColumn<SoundEvent>[] => [
      {
        key: 'created_at',
        title: t('table.time'),
        sortable: true,
        render: (event) => <DateTime value={event.created_at} />,
      },
      { key: 'label', title: t('table.labelColumn'), render: (event) => <LabelName name={event.label.name} /> },
      {
        key: 'confidence',
        title: t('table.confidence'),
        alignEnd: true,
        render: (event) => formatPercent(event.confidence),
      },
      {
        key: 'mic',
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
      // Fixed widths for the columns filled in after the rows: the table keeps its layout as they arrive.
      { key: 'review', title: t('review.column'), width: 230, render: (event) => <ReviewCellSlot event={event} /> },
      {
        key: 'heard',
        title: t('heard.column'),
        width: 150,
        sortable: true,
        render: (event) => <HeardCellSlot eventId={event.id} />,
      },
      {
        key: 'location',
        title: t('table.location'),
        render: (event) => (
          <span className={`${plainText()} ${classes.coordinates}`}>
            {coordinate(event.mic.location.latitude)}, {coordinate(event.mic.location.longitude)}
          </span>
        ),
      },
    ],
    [t],
  );
  return (
    <PlainTable<SoundEvent>
      label={t('table.label')}
      className={classes.table}
      records={events}
      rowKey={eventId}
      rowAttributes={rowAttributes}
      columns={columns}
      // Both orders are newest first among equals; the edge decides the page, this only its rows.
      sortedBy={sortByHeard ? 'heard' : 'created_at'}
      onSort={(key) => onSortByHeardChange(key === 'heard')}
      fetching={fetching}
      emptyText={t('table.empty')}
      paging={{
        total,
        page,
        size,
        sizes: PAGE_SIZES,
        onPageChange,
        onSizeChange,
        perPageLabel: t('table.perPage'),
        rangeText: (range) => t('table.pagination', range),
      }}
    />
  );
});
