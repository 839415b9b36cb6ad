import { Button, Menu, Pagination } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { plainText } from '../plain-text';
import classes from './plain-table.module.css';

/** The pages of a list the server cuts (mics, events, audit). */
export interface TablePagingProps {
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
  /** Rows on this page. */
  shown: number;
  fetching: boolean;
}

/** A server-paged table's footer: which rows these are, how many per page, and the pages. */
export function TablePaging({
  total,
  page,
  size,
  sizes,
  onPageChange,
  onSizeChange,
  perPageLabel,
  rangeText,
  shown,
  fetching,
}: TablePagingProps) {
  const { t } = useTranslation();
  const from = shown === 0 ? 0 : (page - 1) * size + 1;
  return (
    <div className={classes.footer}>
      <span className={plainText()}>
        {fetching ? t('query.loading') : rangeText({ from, to: from === 0 ? 0 : from + shown - 1, total })}
      </span>
      <div className={classes.controls}>
        <span className={plainText()}>{perPageLabel}</span>
        <Menu position="top-end">
          <Menu.Target>
            <Button
              variant="default"
              size="compact-sm"
              fw="normal"
              aria-label={`${perPageLabel}: ${size}`}
              rightSection={<IconSelector size={14} aria-hidden />}
            >
              {size}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {sizes.map((option) => (
              <Menu.Item
                key={option}
                onClick={() => onSizeChange(option)}
                fw={option === size ? 700 : undefined}
                aria-current={option === size ? 'true' : undefined}
              >
                {option}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Pagination
          ml="xs"
          size="sm"
          total={Math.max(1, Math.ceil(total / size))}
          value={page}
          onChange={onPageChange}
          getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
        />
      </div>
    </div>
  );
}
