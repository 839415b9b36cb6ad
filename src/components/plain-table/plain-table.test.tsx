import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { PlainTable, type PlainColumn } from './plain-table';

interface Mic {
  id: string;
  name: string;
  level: number;
}

const columns: PlainColumn<Mic>[] = [
  { key: 'name', title: 'Name', sortable: true, render: (mic) => mic.name },
  { key: 'level', title: 'Level', sortable: true, alignEnd: true, render: (mic) => `${mic.level} dB` },
  { key: 'id', title: 'Id', render: (mic) => mic.id },
];

const mics: Mic[] = [
  { id: 'mic-1', name: '<b>Gate</b>', level: 61 },
  { id: 'mic-2', name: 'Plaza', level: 58 },
];

function renderTable(overrides: Partial<Parameters<typeof PlainTable<Mic>>[0]> = {}) {
  const handlers = { onSort: vi.fn(), onPageChange: vi.fn(), onSizeChange: vi.fn() };
  renderWithProviders(
    <PlainTable<Mic>
      label="Mics"
      records={mics}
      rowKey={(mic) => mic.id}
      rowAttributes={(mic) => ({ 'data-mic-id': mic.id })}
      columns={columns}
      sortedBy="name"
      onSort={handlers.onSort}
      fetching={false}
      emptyText="No mics"
      paging={{
        total: 60,
        page: 2,
        size: 25,
        sizes: [25, 50],
        onPageChange: handlers.onPageChange,
        onSizeChange: handlers.onSizeChange,
        perPageLabel: 'Rows per page',
        rangeText: ({ from, to, total }) => `${from}–${to} of ${total}`,
      }}
      {...overrides}
    />,
  );
  return handlers;
}

describe('PlainTable', () => {
  it('draws a row per record, each cell named by its column, with untrusted text as text', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Mics' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAttribute('data-mic-id', 'mic-1');
    const cells = within(rows[0]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', 'Level', 'Id']);
    expect(cells[0]).toHaveTextContent('<b>Gate</b>');
    expect(table.querySelector('b')).toBeNull();
  });

  it('names the sorted column to assistive technology and sorts by another when its header is pressed', async () => {
    const { onSort } = renderTable();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Level' })).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('columnheader', { name: 'Id' })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Id' })).queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Level' }));
    expect(onSort).toHaveBeenCalledWith('level');
  });

  it('says which rows of the total these are and moves between pages and page sizes', async () => {
    const { onPageChange, onSizeChange } = renderTable();
    expect(screen.getByText('26–27 of 60')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
    await userEvent.click(screen.getByRole('button', { name: 'Rows per page: 25' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '50' }));
    expect(onSizeChange).toHaveBeenCalledWith(50);
  });

  it('says so when there is nothing, but not while the rows are still on their way', () => {
    renderTable({ records: [], paging: pagingOf(0) });
    expect(screen.getByText('No mics')).toBeInTheDocument();
    expect(screen.getByText('0–0 of 0')).toBeInTheDocument();
    cleanup();
    renderTable({ records: [], fetching: true, paging: pagingOf(0) });
    expect(screen.queryByText('No mics')).toBeNull();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
  });

  it('keeps the old rows, marked busy, while the next page loads', () => {
    renderTable({ fetching: true });
    expect(screen.getByRole('table', { name: 'Mics' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByText('26–27 of 60')).toBeNull();
  });
});

function pagingOf(total: number) {
  return {
    total,
    page: 1,
    size: 25,
    sizes: [25, 50],
    onPageChange: () => {},
    onSizeChange: () => {},
    perPageLabel: 'Rows per page',
    rangeText: ({ from, to, total: all }: { from: number; to: number; total: number }) => `${from}–${to} of ${all}`,
  };
}
