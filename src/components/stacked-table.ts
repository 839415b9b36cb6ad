import type { DataTableColumn } from 'mantine-datatable';
import classes from './stacked-table.module.css';

/** For a DataTable's `className`: on a narrow screen each row becomes a card of "column: value" lines. */
export const stackedTableClass = classes.stacked;

/**
 * The same columns, each cell naming its column (`data-label`), which the card layout shows
 * before the value: a phone gets the same content and actions as the table, one row per card.
 */
export function stackedColumns<T>(columns: DataTableColumn<T>[]): DataTableColumn<T>[] {
  return columns.map((column) => ({
    ...column,
    customCellAttributes: (record: T, index: number) => ({
      ...column.customCellAttributes?.(record, index),
      'data-label': typeof column.title === 'string' ? column.title : '',
    }),
  }));
}
