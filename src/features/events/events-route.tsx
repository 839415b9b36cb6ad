import { Badge, Button, Flex, Group, Stack, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBroadcast, IconBroadcastOff, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useSearchParamsState, type Change } from '@/lib/search-params';
import { eventQueries, useLive, type SoundEvent } from '@/api';
import { insightQueries } from '@/api/insights';
import { FilterDrawer } from '@/components/filter-drawer';
import { useLabelNames } from '@/components/labels/use-labels';
import { QueryView, StaleDataNotice } from '@/components/query-feedback';
import { PageHeader } from '@/components/page-header';
import { activeReviewFilters } from '@/components/review/review-filter';
import { useCanReview } from '@/components/review/use-review';
import { EventFilterBar } from './event-filter-bar';
import { DEFAULT_RANGE, eventListQuery, isLiveFilter, eventSearch, type EventFilters } from './event-filters';
import { EventReviewDrawer } from './event-review-drawer';
import { EventReviewNote } from './event-review-note';
import { EventsTable } from './events-table';
import { shownEvents } from './heard-by';
import { ExportDialog } from './export-dialog';
import { eventReviewMatches, useEventReviews } from './use-event-reviews';
import { LIVE_POLL_MS } from './use-new-events';
import { NewEventsNotice } from './new-events-notice';
import { RowAnswersProvider } from './row-answers';
import { useSameRows } from '@/lib/use-same-rows';
import './locales';
import { useDrawn } from '@/lib/use-drawn';
import { usePhone } from '@/lib/screens';

/** Two lines of size-sm text. */
const STATUS_LINES_HEIGHT = 44;

export function Component() {
  const { t } = useTranslation('events');
  const [filters, setFilters] = useSearchParamsState(eventSearch);
  const [exportOpened, exportDialog] = useDisclosure(false);
  const top = useRef<HTMLDivElement>(null);

  const live = isLiveFilter(filters);
  const pushing = useLive();
  const list = useDrawn(
    useQuery({
      ...eventQueries.list(eventListQuery(filters)),
      // While live, the snapshot on screen stays put; newer events wait behind the "N new events" button.
      staleTime: live ? Infinity : undefined,
      refetchOnWindowFocus: !live,
      // An empty live page has nothing to shove, so it simply refreshes (pushed events refresh it below).
      refetchInterval: (query) => (live && !pushing && query.state.data?.results.length === 0 ? LIVE_POLL_MS : false),
    }),
  );
  const shown = list.isPlaceholderData ? undefined : list.data?.results;

  const listQuery = eventListQuery(filters);
  const shownIds = useMemo(() => (shown ?? []).map((event) => event.id), [shown]);
  const heard = useQuery({
    ...insightQueries.corroboration(listQuery, shownIds),
    enabled: shownIds.length > 0,
  });
  const corroboration = heard.data;
  const pageEvents = useMemo(() => list.data?.results ?? [], [list.data]);
  const reviews = useEventReviews(pageEvents);
  const { canAct } = useCanReview();
  const [reviewing, setReviewing] = useState<SoundEvent | null>(null);
  const reviewFiltered = activeReviewFilters(filters, 'all') > 0;
  const heardRows = useMemo(
    () => shownEvents(pageEvents, corroboration, filters),
    [pageEvents, corroboration, filters],
  );
  // The edge pages events without knowing their review: these filters narrow the page shown only.
  const { reviewOf } = reviews;
  const rows = useSameRows(
    useMemo(
      () => heardRows.filter((event) => eventReviewMatches(filters, reviewOf(event.id))),
      [heardRows, filters, reviewOf],
    ),
  );
  const rowAnswers = useMemo(
    () => ({ reviewOf, canAct, onOpenReview: setReviewing, corroboration }),
    [reviewOf, canAct, corroboration],
  );
  // The rows and the answers beside them (reviews, heard-by) are drawn in renders React slices: each
  // answer redrew a page of cells in one task, 0.3-0.6 s at 4x CPU on a city's page. The page's own
  // lines (counts, notes) follow at once; the table a moment later.
  const shownRows = useDeferredValue(rows);
  const shownAnswers = useDeferredValue(rowAnswers);
  const corroboratedCount = useMemo(
    () => shownEvents(list.data?.results ?? [], corroboration, { corroboratedOnly: true, sortByHeard: false }).length,
    [list.data, corroboration],
  );

  const { names: labelNames } = useLabelNames();
  const knownLabels = useMemo(() => {
    const names = new Map(labelNames);
    for (const event of list.data?.results ?? []) names.set(event.label.id, event.label.name);
    return names;
  }, [labelNames, list.data]);

  const update = useCallback(
    (change: Change<EventFilters>) =>
      setFilters(
        typeof change === 'function' ? (current) => ({ page: 1, ...change(current) }) : { page: 1, ...change },
      ),
    [setFilters],
  );
  // Stable while the URL stays, so the table (memo) is not drawn again for what does not concern it.
  const onPageChange = useCallback((page: number) => update({ page }), [update]);
  const onSizeChange = useCallback((size: number) => update({ size }), [update]);
  const onSortByHeardChange = useCallback(
    (sortByHeard: boolean) => update({ sortByHeard, page: filters.page }),
    [update, filters.page],
  );

  const refetchList = list.refetch;
  const showNewEvents = useCallback(() => {
    void refetchList();
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [refetchList]);

  const phone = usePhone();
  const filterDrawer = (
    <FilterDrawer
      active={
        Number(filters.range !== DEFAULT_RANGE) +
        Number(filters.mics.length > 0) +
        Number(filters.labels.length > 0) +
        activeReviewFilters(filters, 'all')
      }
    >
      <EventFilterBar filters={filters} onChange={update} knownLabels={knownLabels} />
    </FilterDrawer>
  );
  const heardSwitch = (
    <Switch
      label={t('heard.filter')}
      checked={filters.corroboratedOnly}
      onChange={(event) => update({ corroboratedOnly: event.currentTarget.checked, page: filters.page })}
      data-hint={
        corroboration === undefined
          ? undefined
          : t('heard.filterHint', { radius: corroboration.radius_m, window: corroboration.window_s })
      }
    />
  );
  // Held from the start (a line growing as the rows came moved the table, CLS), let go on an empty page.
  const noRows = list.data !== undefined && list.data.results.length === 0;
  const heardStatus = (
    <Text size="sm" c="dimmed" role="status" mih={{ base: noRows ? 0 : STATUS_LINES_HEIGHT, sm: 0 }}>
      {corroboration !== undefined && list.data !== undefined
        ? t(
            corroboration.complete
              ? 'heard.shown'
              : corroboratedCount === 0
                ? 'heard.shownNoneYet'
                : 'heard.shownAtLeast',
            {
              count: corroboratedCount,
              total: list.data.results.length,
            },
          )
        : !noRows && !heard.isError && t('heard.reading')}
    </Text>
  );

  return (
    <Stack gap="md" ref={top}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <>
            {/* Says what the header's connection badge says: pushed while the stream is up, else polled. */}
            <Badge
              variant="light"
              color={!live ? 'gray' : pushing ? 'teal' : 'blue'}
              leftSection={live ? <IconBroadcast size={12} aria-hidden /> : <IconBroadcastOff size={12} aria-hidden />}
              style={{ textTransform: 'none' }}
            >
              {!live ? t('live.off') : pushing ? t('live.on') : t('live.polling', { seconds: LIVE_POLL_MS / 1000 })}
            </Badge>
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={exportDialog.open}>
              {t('export.button')}
            </Button>
          </>
        }
      />

      {phone ? (
        // On a phone the Filters button and the switch share one line: the top of the page stays short.
        <Group justify="space-between" wrap="nowrap" gap="sm">
          {filterDrawer}
          {heardSwitch}
        </Group>
      ) : (
        filterDrawer
      )}

      <StaleDataNotice query={list} />

      {/* The count's two lines on a phone are held by a reading note until it is known: arriving, it moved the table (CLS). */}
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'flex-start', sm: 'center' }}
        justify="space-between"
        gap="sm"
      >
        {!phone && heardSwitch}
        {heardStatus}
        {heard.isError && (
          <Text size="sm" c="red" role="alert">
            {t('heard.failed', { reason: heard.error.message })}
          </Text>
        )}
      </Flex>

      <EventReviewNote
        filtered={reviewFiltered}
        shown={rows.length}
        total={heardRows.length}
        known={reviews.known}
        complete={reviews.complete}
        error={reviews.error}
      />

      {/* One block: the "N new events" button floats over the table's top edge (new-events-notice.module.css). */}
      <div>
        <NewEventsNotice
          filters={filters}
          shown={shown}
          live={live}
          pushing={pushing}
          refetching={list.isRefetching}
          refetchList={refetchList}
          onShow={showNewEvents}
        />
        <QueryView query={list}>
          {(page) => (
            <RowAnswersProvider value={shownAnswers}>
              <EventsTable
                events={shownRows}
                total={page.total_cnt}
                page={filters.page}
                size={filters.size}
                fetching={(list.isPlaceholderData && list.isFetching) || (reviewFiltered && !reviews.known)}
                onPageChange={onPageChange}
                onSizeChange={onSizeChange}
                sortByHeard={filters.sortByHeard}
                onSortByHeardChange={onSortByHeardChange}
              />
            </RowAnswersProvider>
          )}
        </QueryView>
      </div>

      <EventReviewDrawer event={reviewing} onClose={() => setReviewing(null)} />

      <ExportDialog
        opened={exportOpened}
        onClose={exportDialog.close}
        filters={filters}
        total={list.isPlaceholderData ? undefined : list.data?.total_cnt}
      />
    </Stack>
  );
}
