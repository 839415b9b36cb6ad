import { memo, type CSSProperties, type ReactNode } from 'react';
import { Loader } from '@mantine/core';
import { IconArrowDown, IconArrowsSort } from '@tabler/icons-react';
import clsx from 'clsx';
import { TablePaging, type TablePagingProps } from './table-paging';
import classes from './plain-table.module.css';
import stacked from './stacked.module.css';

export interface PlainColumn<T> {
  key: string;
  title: string;
  render: (record: T) => ReactNode;
  /** For a column filled in after its rows, so the table keeps its layout as answers arrive. */
  width?: number | string;
  cellClassName?: string;
  alignEnd?: boolean;
  /** Sorted newest (or most) first; the server decides the page, the column only names the order. */
  sortable?: boolean;
}

export interface PlainTableProps<T> {
  label: string;
  records: readonly T[];
  rowKey: (record: T) => string;
  /** Attributes a row carries for its record (`data-event-id`); keep it stable, as the columns. */
  rowAttributes?: (record: T) => Record<`data-${string}`, string>;
  /** Keep it stable (a memo): each row is drawn again only when its record or the columns change. */
  columns: readonly PlainColumn<T>[];
  sortedBy?: string;
  onSort?: (key: string) => void;
  /** The next page is on its way: the rows stay, dimmed under a loader. */
  fetching: boolean;
  emptyText: string;
  /** A server-paged list's pages; a short list (accounts, one incident's events) has none. */
  paging?: Omit<TablePagingProps, 'shown' | 'fetching'>;
  /** A row opens its record (the mic's drawer); its first link does the same for the keyboard. */
  onRowClick?: (record: T) => void;
  /** Its cells' padding, as CSS (`6px 12px`); 7px 10px otherwise. */
  cellPadding?: string;
  /** Cells of several lines start at the top of their row rather than its middle. */
  alignTop?: boolean;
  className?: string;
}

interface RowProps {
  record: unknown;
  columns: readonly PlainColumn<unknown>[];
  rowAttributes: ((record: unknown) => Record<string, string>) | undefined;
  onClick: ((record: unknown) => void) | undefined;
}

/**
 * One event or mic: plain `<tr>`/`<td>` cells, each naming its column for the phone's card layout
 * (./stacked.module.css).
 */
const Row = memo(function Row({ record, columns, rowAttributes, onClick }: RowProps) {
  return (
    <tr
      {...rowAttributes?.(record)}
      className={onClick ? classes.clickable : undefined}
      onClick={onClick ? () => onClick(record) : undefined}
    >
      {columns.map((column) => (
        <td
          key={column.key}
          data-label={column.title}
          className={clsx(column.alignEnd && classes.end, column.cellClassName)}
          style={column.width === undefined ? undefined : { width: column.width }}
        >
          {column.render(record)}
        </td>
      ))}
    </tr>
  );
});

/**
 * Every list's table (events, mics, audit, accounts, wall links, an incident's events), with the
 * server's pages when it has them. Its rows are plain elements: mantine-datatable drew each cell as a
 * Mantine `Table.Td` (a Box resolving its props and styles per cell) inside a Mantine ScrollArea
 * watched by resize observers, the largest per-row cost left on the city's lists at 4x CPU.
 */
export function PlainTable<T>({
  label,
  records,
  rowKey,
  rowAttributes,
  columns,
  sortedBy,
  onSort,
  fetching,
  emptyText,
  paging,
  onRowClick,
  cellPadding,
  alignTop = false,
  className,
}: PlainTableProps<T>) {
  const anyColumns = columns as readonly PlainColumn<unknown>[];
  return (
    <div
      className={clsx(classes.root, stacked.stacked, className)}
      style={cellPadding === undefined ? undefined : ({ '--plain-table-cell-padding': cellPadding } as CSSProperties)}
    >
      <div className={classes.scroll}>
        <table className={clsx(classes.table, alignTop && classes.top)} aria-label={label} aria-busy={fetching}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={column.alignEnd ? classes.end : undefined}
                  style={column.width === undefined ? undefined : { width: column.width }}
                  aria-sort={column.sortable && sortedBy === column.key ? 'descending' : undefined}
                >
                  {column.sortable && onSort ? (
                    <button
                      type="button"
                      className={`${classes.sort} mantine-focus-auto`}
                      aria-pressed={sortedBy === column.key}
                      onClick={() => onSort(column.key)}
                    >
                      {column.title}
                      {sortedBy === column.key ? (
                        <IconArrowDown className={classes.sortIcon} size={14} aria-hidden />
                      ) : (
                        <IconArrowsSort className={classes.sortIcon} size={14} aria-hidden />
                      )}
                    </button>
                  ) : (
                    column.title
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <Row
                key={rowKey(record)}
                record={record}
                columns={anyColumns}
                rowAttributes={rowAttributes as RowProps['rowAttributes']}
                onClick={onRowClick as RowProps['onClick']}
              />
            ))}
          </tbody>
        </table>
        {records.length === 0 && <div className={classes.empty}>{fetching ? null : emptyText}</div>}
      </div>
      {fetching && (
        <div className={classes.loader}>
          <Loader aria-hidden />
        </div>
      )}
      {paging && <TablePaging {...paging} shown={records.length} fetching={fetching} />}
    </div>
  );
}
