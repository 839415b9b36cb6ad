import { Badge, Button, Group, Pagination, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { DateTimeField } from '@/components/date-time-field';
import { IconFilterOff, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { textOrder } from '@/lib/collate';
import { useTranslation } from '@/lib/i18n';
import { useSearchParamsState } from '@/lib/search-params';
import { useLocation } from 'react-router-dom';
import { byPriorityThenAge } from '@/api/priority';
import { compositeEventQueries, LIVE_MERGE, unlessLive, useLive, type CompositeEvent, type Page } from '@/api';
import { BulkReviewed } from '@/components/review/bulk-reviewed';
import { NewItemsButton } from '@/components/new-items-button';
import { usePrioritiesAnswer } from '@/components/review/use-priority';
import { useCanReview, useReviewStatesAnswer } from '@/components/review/use-review';
import { FilterDrawer } from '@/components/filter-drawer';
import { EmptyState, QueryView, StaleDataNotice } from '@/components/query-feedback';
import { PageHeader } from '@/components/page-header';
import { activeReviewFilters, REVIEW_FILTERS, reviewMatches } from '@/components/review/review-filter';
import { ReviewFilterRow } from '@/components/review/review-filter-row';
import { timelineQuery, timelineSearch, type TimelineFilters } from './timeline-filters';
import { TriageTimeline } from './triage-timeline';
import { heldView, idsOf, takesAnswer, useLastSettled, type Snapshot } from './held-timeline';
import { useFirstDraw } from './use-first-draw';
import './locales';
import { useDrawn } from '@/lib/use-drawn';

const REFRESH_MS = 15_000;
/**
 * The longest the first draw waits for the reviews and scores once the entries are here. The
 * scores set the order and each entry's priority line: drawn without them, the entries grew and
 * re-sorted when they came (CLS 0.11 with the scores 0.9 s late, 0.28 seen on a loaded city
 * console at 400 ms); they are usually in within 100 ms, so only a slow answer waits longer.
 */
const HOLD_MS = 1500;

export function Component() {
  const { t, i18n } = useTranslation('composite-events');
  const location = useLocation();
  const [filters, setFilters] = useSearchParamsState(timelineSearch);
  const orderLabelId = useId();
  const queryClient = useQueryClient();

  // While the live stream is up, a pushed composite event joins the newest-first first page (the
  // hub pushes each whole; on the city one came every 2 s, each a read of the page), and any other
  // first page reads again; without the stream, the page polls.
  const live = useLive();
  const fetched = useQuery({
    ...compositeEventQueries.list(timelineQuery(filters)),
    meta: LIVE_MERGE,
    refetchInterval: filters.page === 1 ? unlessLive(live, REFRESH_MS) : false,
    refetchIntervalInBackground: false,
  });
  // Reviews and scores are asked for as soon as the entries are known, not after they are drawn;
  // the first draw waits for both (or their errors, or HOLD_MS), so it neither hides nor reorders
  // its entries a moment later (one round trip and one whole redraw less before the page is complete).
  const fetchedResults = fetched.data?.results;
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const ids = useMemo(() => idsOf(snapshot?.events ?? [], fetchedResults ?? []), [snapshot, fetchedResults]);
  const reviewsAnswer = useReviewStatesAnswer('composite', ids);
  const prioritiesAnswer = usePrioritiesAnswer('composite', ids);
  const reviewsIn = reviewsAnswer.settled;
  const prioritiesIn = prioritiesAnswer.settled;
  const reviews = useLastSettled(reviewsAnswer.states, reviewsIn);
  const priorities = useLastSettled(prioritiesAnswer.priorities, prioritiesIn);
  // "Mark low and medium as reviewed" heads the timeline for those who may act: drawn with it too.
  const { canAct, known: mayActKnown } = useCanReview();
  const released = useFirstDraw(fetched.data !== undefined, reviewsIn && prioritiesIn && mayActKnown, HOLD_MS);
  const list = useDrawn(released || fetched.data === undefined ? fetched : { ...fetched, data: undefined });
  // What is drawn stays put; newer entries wait behind "N new" (see takesAnswer).
  const key = JSON.stringify(timelineQuery(filters));
  const answer = list.isPlaceholderData ? undefined : list.data?.results;
  if (answer !== undefined && takesAnswer(snapshot, key, filters.page === 1))
    if (snapshot?.key !== key || snapshot.events !== answer) setSnapshot({ key, events: answer });
  const latest = list.data?.results;
  const held = useMemo(() => heldView(snapshot?.events ?? latest ?? [], latest ?? []), [snapshot, latest]);
  const showNew = useCallback(() => {
    if (answer !== undefined) setSnapshot({ key, events: answer });
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  }, [answer, key]);

  // The service has no rule list: offer the rules seen in every timeline page loaded so far.
  const cachedPages = queryClient.getQueriesData<Page<CompositeEvent>>({ queryKey: compositeEventQueries.lists() });
  const rules = new Map<string, string>();
  for (const [, page] of cachedPages)
    for (const event of page?.results ?? []) rules.set(event.rule.id, event.rule.name);
  for (const event of list.data?.results ?? []) rules.set(event.rule.id, event.rule.name);
  if (filters.rule !== null && !rules.has(filters.rule)) rules.set(filters.rule, filters.rule);
  const ruleOptions = [...rules]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => textOrder(i18n.language)(a.label, b.label));

  // What needs a person first: by priority, then by age in the order asked for.
  const byAge = filters.order === 'asc' ? -1 : 1;
  const shown = held.shown
    .filter((event) => reviewMatches(filters, reviews.get(event.id)))
    .sort(
      byPriorityThenAge(
        (event) => priorities.get(event.id),
        (event) => event.started_at,
        byAge,
      ),
    );
  const freshShown = held.fresh.filter((event) => reviewMatches(filters, reviews.get(event.id))).length;
  // The open detections shown (below the review level): what "mark low and medium as reviewed" resolves.
  const belowReview = shown.flatMap((event) =>
    priorities.get(event.id)?.review === false && reviews.get(event.id)?.state !== 'resolved'
      ? [
          {
            kind: 'composite' as const,
            id: event.id,
            expected_version: reviews.get(event.id)?.version ?? 0,
            fired_at: event.started_at,
          },
        ]
      : [],
  );

  const update = (patch: Partial<TimelineFilters>) => setFilters({ page: 1, ...patch });
  const active =
    [filters.from !== null, filters.to !== null, filters.rule !== null, filters.order !== 'desc'].filter(Boolean)
      .length + activeReviewFilters(filters, 'open');
  const filtered = active > 0;

  return (
    <Stack gap="md">
      <PageHeader
        title={t('common:pages.compositeEvents.title')}
        subtitle={t('common:pages.compositeEvents.subtitle')}
        actions={
          filters.page === 1 && (
            <Badge
              variant="light"
              color={live ? 'teal' : 'blue'}
              leftSection={<IconRefresh size={12} aria-hidden />}
              style={{ textTransform: 'none' }}
            >
              {live ? t('timeline.live') : t('timeline.refreshing', { seconds: REFRESH_MS / 1000 })}
            </Badge>
          )
        }
      />

      <FilterDrawer active={active}>
        <Group align="flex-end" gap="md" wrap="wrap" role="search" aria-label={t('timeline.filters')}>
          <Stack gap={4}>
            <Text id={orderLabelId} size="sm" fw={500}>
              {t('timeline.order')}
            </Text>
            <SegmentedControl
              aria-labelledby={orderLabelId}
              value={filters.order}
              onChange={(value) => update({ order: value === 'asc' ? 'asc' : 'desc' })}
              data={[
                { value: 'desc', label: t('timeline.newest') },
                { value: 'asc', label: t('timeline.oldest') },
              ]}
            />
          </Stack>
          <DateTimeField
            label={t('timeline.from')}
            placeholder={t('timeline.anyTime')}
            value={filters.from}
            onChange={(value) => update({ from: value })}
          />
          <DateTimeField
            label={t('timeline.to')}
            placeholder={t('timeline.anyTime')}
            value={filters.to}
            onChange={(value) => update({ to: value })}
          />
          <Select
            label={t('timeline.rule')}
            placeholder={t('timeline.allRules')}
            data-hint={t('timeline.rulesHint')}
            data={ruleOptions}
            value={filters.rule}
            onChange={(value) => update({ rule: value })}
            searchable
            w={320}
          />
          <ReviewFilterRow filters={filters} choices={REVIEW_FILTERS} update={update} />
          {filtered && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={() =>
                update({
                  order: 'desc',
                  from: null,
                  to: null,
                  rule: null,
                  review: 'open',
                  assignee: null,
                  outcome: null,
                })
              }
            >
              {t('timeline.clear')}
            </Button>
          )}
        </Group>
      </FilterDrawer>

      <StaleDataNotice query={list} />

      <QueryView
        query={list}
        isEmpty={(page) => page.results.length === 0}
        empty={<EmptyState title={t('timeline.empty')} />}
      >
        {(page) => (
          <>
            {shown.length < held.shown.length && (
              <Text size="sm" c="dimmed" role="status">
                {t('review:filter.hidden', { count: held.shown.length - shown.length })}
              </Text>
            )}
            {canAct && (
              <Group justify="flex-end">
                <BulkReviewed items={belowReview} />
              </Group>
            )}
            {/* One block: "N new" floats over the timeline's top edge. */}
            <div>
              <NewItemsButton
                label={t('timeline.newEvents', { count: freshShown })}
                count={filters.page === 1 ? freshShown : 0}
                onShow={showNew}
                focusAfter={() => document.querySelector<HTMLElement>('#triage-0 a')}
              />
              <TriageTimeline
                events={shown}
                reviews={reviews}
                priorities={priorities}
                search={location.search}
                dimmed={list.isPlaceholderData}
              />
            </div>
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed">
                {t('timeline.pages', {
                  page: page.page,
                  max: Math.max(1, page.max_page),
                  total: page.total_cnt,
                })}
              </Text>
              <Pagination
                total={Math.max(1, page.max_page)}
                value={filters.page}
                onChange={(page) => {
                  update({ page });
                  window.scrollTo?.({ top: 0 });
                }}
                aria-label={t('timeline.pagination')}
                getControlProps={(control) => ({ 'aria-label': t(`common:pagination.${control}`) })}
              />
            </Group>
          </>
        )}
      </QueryView>
    </Stack>
  );
}
