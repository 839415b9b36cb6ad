import { Button, Paper, Skeleton, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { micQueries, unlessLive, useCan, useLive, type Mic } from '@/api';
// Not through @/api's index, like the chips' own reader (src/components/labels/use-labels.ts).
import { labelQueries } from '@/api/labels';
import { FilterDrawer } from '@/components/filter-drawer';
import { PlainTable, type PlainColumn } from '@/components/plain-table/plain-table';
import { EmptyState, QueryView, StaleDataNotice } from '@/components/query-feedback';
import { useSearchParamsState } from '@/lib/search-params';
import { MicFiltersBar } from './mic-filters-bar';
import { listParamsOf, micTableSearch, PAGE_SIZES, type MicTableState } from './mic-filters';
import { MicLabelNames, NameCell, StatusCell, ThresholdCell, UpdatedCell } from './mic-cells';
import { PageHeader } from '@/components/page-header';
import classes from './mics.module.css';
import './locales';
import { useDrawn } from '@/lib/use-drawn';

const micId = (mic: Mic) => mic.id;

/** Without the live stream the list polls: a device switched elsewhere shows up within half a minute. */
const REFRESH_MS = 30_000;

export function Component() {
  const { t } = useTranslation('mics');
  const [state, setState] = useSearchParamsState(micTableSearch);
  const search = useLocation().search;
  const navigate = useNavigate();
  const readOnly = !useCan('editMics');
  const live = useLive();
  // While the stream is up, changes arrive as pushes (within a second); without it, the page polls.
  const query = useDrawn(
    useQuery({ ...micQueries.list(listParamsOf(state)), refetchInterval: unlessLive(live, REFRESH_MS) }),
  );
  // The threshold chips' ko/en names, asked for with the rows rather than once the table has drawn:
  // arriving after the rows, they renamed and re-sorted every row's chips (a 0.016 layout shift).
  // A prefetch, so their answer re-renders only the chips (MicLabelNames), not this page.
  const queryClient = useQueryClient();
  useEffect(() => void queryClient.prefetchQuery(labelQueries.names()), [queryClient]);
  // The edge names for the filter's suggestions come from the whole inventory (thousands of mics
  // on a city's edge): read once that field is used, not with the page's first rows.
  const [edgesWanted, setEdgesWanted] = useState(false);
  const everyMic = useQuery({ ...micQueries.inventory(), enabled: edgesWanted });
  const edgeIds = useMemo(
    () => [...new Set((everyMic.data?.mics ?? []).map((m) => m.edge_id))].sort(),
    [everyMic.data],
  );

  // A changed filter starts again from page 1; typing a space does not change the filter.
  const update = (change: Partial<MicTableState>) =>
    setState((current) => {
      const filterChanged =
        (change.name !== undefined && change.name.trim() !== current.name.trim()) ||
        (change.edgeId !== undefined && change.edgeId.trim() !== current.edgeId.trim()) ||
        (change.size !== undefined && change.size !== current.size);
      return { ...change, page: filterChanged ? 1 : (change.page ?? current.page) };
    });

  const openDrawer = useCallback(
    (mic: Mic) => navigate(`/mics/${encodeURIComponent(mic.id)}${search}`),
    [navigate, search],
  );

  // The same columns while nothing they show changed, so a re-render of the page finds its cells unchanged.
  const columns = useMemo(
    (): PlainColumn<Mic>[] => [
      {
        key: 'name',
        title: t('columns.name'),
        // Wider on a wide screen (one line), and two lines, not an ellipsis, when narrow: names of one
        // site differ at their end ("… North pole").
        width: 'clamp(240px, calc(40vw - 280px), 400px)',
        cellClassName: classes.nameCell,
        render: (mic) => <NameCell mic={mic} to={`/mics/${encodeURIComponent(mic.id)}${search}`} />,
      },
      {
        key: 'status',
        title: t('columns.status'),
        width: 160,
        render: (mic) => <StatusCell mic={mic} readOnly={readOnly} />,
      },
      {
        key: 'edge_id',
        title: t('columns.edgeHost'),
        width: 125,
        render: (mic) => (
          <span className={classes.stackedMono}>
            <span>{mic.edge_id}</span> <span>{mic.host}</span>
          </span>
        ),
      },
      {
        key: 'location',
        title: t('columns.location'),
        width: 96,
        render: (mic) => (
          <span className={classes.stackedMono}>
            <span>{mic.location.latitude.toFixed(4)},</span> <span>{mic.location.longitude.toFixed(4)}</span>
          </span>
        ),
      },
      {
        key: 'thresholds',
        title: t('columns.thresholds'),
        render: (mic) => <ThresholdCell thresholds={mic.thresholds} />,
      },
      {
        key: 'updated_at',
        title: t('columns.updated'),
        width: 110,
        render: (mic) => <UpdatedCell value={mic.updated_at} />,
      },
    ],
    [t, readOnly, search],
  );

  const page = query.data;
  const emptyMessage = () => {
    const name = state.name.trim();
    const edge = state.edgeId.trim();
    if (page !== undefined && page.total_cnt > 0) return t('table.emptyPage', { page: state.page });
    if (name !== '' && edge !== '') return t('table.emptyBoth', { name, edge });
    if (name !== '') return t('table.emptyName', { name });
    if (edge !== '') return t('table.emptyEdge', { edge });
    return t('table.emptyNone');
  };

  return (
    <Stack gap="sm">
      <PageHeader
        title={t('title')}
        // Until the count comes, a line as short as the count's: the longer description put the
        // Filters button under the title on a phone, and it jumped up when the count replaced it.
        subtitle={
          page !== undefined ? t('total', { count: page.total_cnt }) : t(query.isError ? 'subtitle' : 'counting')
        }
        actions={
          <FilterDrawer active={Number(state.name.trim() !== '') + Number(state.edgeId.trim() !== '')}>
            <MicFiltersBar
              name={state.name}
              edgeId={state.edgeId}
              edgeIds={edgeIds}
              onEdgesWanted={() => setEdgesWanted(true)}
              onChange={update}
            />
          </FilterDrawer>
        }
      />

      <StaleDataNotice query={query} />

      <QueryView
        query={query}
        loading={
          <Paper withBorder p="sm" role="status" aria-busy="true" aria-label={t('common:query.loading')}>
            <Stack gap={10}>
              {Array.from({ length: 10 }, (_, i) => (
                <Skeleton key={i} height={28} />
              ))}
            </Stack>
          </Paper>
        }
        isEmpty={(page) => page.results.length === 0}
        empty={
          <EmptyState
            title={t('table.empty')}
            description={emptyMessage()}
            action={
              page !== undefined && page.total_cnt > 0 ? (
                <Button variant="light" size="xs" onClick={() => update({ page: 1 })}>
                  {t('table.firstPage')}
                </Button>
              ) : (
                (state.name !== '' || state.edgeId !== '') && (
                  <Button variant="light" size="xs" onClick={() => update({ name: '', edgeId: '' })}>
                    {t('filters.clear')}
                  </Button>
                )
              )
            }
          />
        }
      >
        {(page) => (
          <MicLabelNames>
            <PlainTable<Mic>
              label={t('table.label')}
              className={classes.table}
              cellPadding="6px 12px"
              records={page.results}
              rowKey={micId}
              columns={columns}
              fetching={query.isPlaceholderData}
              emptyText={t('table.empty')}
              paging={{
                total: page.total_cnt,
                page: state.page,
                size: state.size,
                sizes: PAGE_SIZES,
                onPageChange: (next) => update({ page: next }),
                onSizeChange: (size) => update({ size }),
                perPageLabel: t('table.perPage'),
                rangeText: (range) => t('table.pagination', range),
              }}
              onRowClick={openDrawer}
            />
          </MicLabelNames>
        )}
      </QueryView>
      <Outlet />
    </Stack>
  );
}
