import type { DataTableColumn } from 'mantine-datatable';
import type { CSSProperties } from 'react';
import classes from './stacked-table.module.css';

/** For a DataTable's `className`: on a narrow screen each row becomes a card of "column: value" lines. */
export const stackedTableClass = classes.stacked;

/**
 * For a DataTable's `style`: what mantine-datatable's resize observers write on its root for a
 * table that fits its frame (no scroll shadows; no header row on a phone), written from the first
 * draw, so their first writes change nothing. Each new value on the root made the browser restyle
 * every cell of the table a second time right after its first layout (two forced style passes of
 * ~12 ms each at 1x CPU on a phone on the city profile, /mics and /events). A wide screen's header
 * height still arrives once.
 */
export const stackedTableStyle = {
  '--mantine-datatable-last-row-border-bottom': 'unset',
  '--mantine-datatable-top-shadow-opacity': '0',
  '--mantine-datatable-bottom-shadow-opacity': '0',
  '--mantine-datatable-left-shadow-opacity': '0',
  '--mantine-datatable-right-shadow-opacity': '0',
  '--mantine-datatable-footer-position': 'sticky',
  '--mantine-datatable-footer-bottom': '0',
  '--mantine-datatable-header-height': '0px',
} as CSSProperties;

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
