import type { DataTablePaginationProps } from 'mantine-datatable';
import { useTranslation } from '@/lib/i18n';

/** DataTable's props with pagination (its other form has none). */
type Paged = Extract<DataTablePaginationProps, { page: number }>;

export interface ServerPaging {
  /** Rows the server has in all (its count, not this page's). */
  total: number;
  /** 1-based. */
  page: number;
  size: number;
  sizes: readonly number[];
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  /** The table's own words: "Rows per page", and "1–25 of 300" (counted in its own noun in Korean). */
  perPageLabel: string;
  rangeText: (range: { from: number; to: number; total: number }) => string;
}

/**
 * The pagination of a table whose pages the server cuts (mics, events, audit): the same controls,
 * loading text and control labels on each; spread into the DataTable.
 */
export function useServerPaging({
  total,
  page,
  size,
  sizes,
  onPageChange,
  onSizeChange,
  perPageLabel,
  rangeText,
}: ServerPaging): Paged {
  const { t } = useTranslation();
  return {
    totalRecords: total,
    page,
    recordsPerPage: size,
    onPageChange,
    recordsPerPageOptions: [...sizes],
    onRecordsPerPageChange: onSizeChange,
    recordsPerPageLabel: perPageLabel,
    paginationText: ({ from, to, totalRecords }) => rangeText({ from, to, total: totalRecords }),
    loadingText: t('query.loading'),
    getPaginationControlProps: (control) => ({ 'aria-label': t(`pagination.${control}`) }),
  };
}
