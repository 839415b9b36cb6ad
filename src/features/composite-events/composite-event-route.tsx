import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { compositeEventQueries, reviewQueries, type CompositeEvent } from '@/api';
import { insightQueries } from '@/api/insights';
import { usePrioritiesAnswer } from '@/components/review/use-priority';
import { useCanReview } from '@/components/review/use-review';
import { DateTime } from '@/components/date-time';
import { ReviewPanel } from '@/components/review/review-panel';
import { NotFoundState, QueryView, StaleDataNotice } from '@/components/query-feedback';
import { PageHeader } from '@/components/page-header';
import { ListenSection, usePlayerLoaded } from './audio/listen-section';
import { BaseEventsTable } from './base-events-table';
import { DrawnInTurn } from './drawn-in-turn';
import { byTime } from './composite-summary';
import { CompositePriority, LabelsAndCounts } from './composite-timeline-entry';
import { MicsSection } from './mics-section';
import { ReplaySection } from './replay-section';
import { RulePanel } from './rule-panel';
import { WhereSection } from './where-section';
import { WhyFiredChart } from './why-fired-chart';
import { useFirstDraw } from './use-first-draw';
import './locales';

/** The longest the first draw waits for the review panel and the priority once the composite is here. */
const HOLD_MS = 1000;

function timelineHref(state: unknown): string {
  const search = (state as { timelineSearch?: unknown } | null)?.timelineSearch;
  return typeof search === 'string' && search.startsWith('?') ? `/composite-events${search}` : '/composite-events';
}

export function Component() {
  const { t } = useTranslation('composite-events');
  const { compositeEventId = '' } = useParams();
  const location = useLocation();
  const back = timelineHref(location.state);
  const query = useQuery(compositeEventQueries.detail(compositeEventId));
  // The review panel and the priority line head the page but asked for their answers only once it
  // was drawn, then pushed every section below them down by about 540 px (CLS 0.45 at 412 px, every
  // load); so did the player's code, by about 200 px, and the panel's actions and comment form,
  // which wait for whether this account may act (by about 200 px, CLS 0.17 on a city's edge). They
  // are asked now, beside the composite, and the page is drawn with them.
  const thread = useQuery({ ...reviewQueries.thread('composite', compositeEventId), retry: false });
  const ids = useMemo(() => [compositeEventId], [compositeEventId]);
  const scored = usePrioritiesAnswer('composite', ids).settled;
  const playerIn = usePlayerLoaded();
  const mayAct = useCanReview().known;
  const released = useFirstDraw(query.data !== undefined, !thread.isPending && scored && playerIn && mayAct, HOLD_MS);
  // Drawn in a render React slices (the first screen alone was one task of 80-100 ms CPU on the
  // city, 0.3-0.4 s at 4x), the loading state staying meanwhile.
  const drawn = useDeferredValue(released);

  return (
    <QueryView
      query={drawn || query.data === undefined ? query : { ...query, data: undefined }}
      notFound={
        <NotFoundState
          title={t('detail.notFoundTitle')}
          description={t('detail.notFound', { id: compositeEventId })}
          backTo={back}
          backLabel={t('detail.backToTimeline')}
        />
      }
    >
      {(composite) => (
        <CompositeEventView composite={composite} back={back} stale={<StaleDataNotice query={query} />} />
      )}
    </QueryView>
  );
}

function CompositeEventView({ composite, back, stale }: { composite: CompositeEvent; back: string; stale: ReactNode }) {
  const { t } = useTranslation('composite-events');
  const events = byTime(composite.events);
  // The sections drawn in turn ask for their answers here, with the page, not when each is drawn:
  // asked a moment later, an edge gone meanwhile left a section with an error instead of its data.
  usePrefetchQuery(insightQueries.source(composite.id));
  usePrefetchQuery(insightQueries.replay(composite.id));
  return (
    <Stack gap="md">
      <Anchor component={Link} to={back} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('detail.back')}
        </Group>
      </Anchor>
      {stale}
      <PageHeader
        title={composite.rule.name}
        align="flex-start"
        actions={
          <Stack gap={2} align="flex-end">
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                {t('timeline.started')}
              </Text>
              <DateTime value={composite.started_at} />
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('detail.id')} {composite.id} · {t('detail.groupKey')} {composite.group_key}
            </Text>
          </Stack>
        }
      >
        <Group gap="xs">
          <LabelsAndCounts composite={composite} />
        </Group>
        <CompositePriority composite={composite} />
      </PageHeader>

      <ReviewPanel kind="composite" id={composite.id} firedAt={composite.started_at} />
      <ListenSection composite={composite} />
      <DrawnInTurn>
        <WhereSection composite={composite} />
        <RulePanel composite={composite} />
        <WhyFiredChart composite={composite} />
        <ReplaySection compositeId={composite.id} />
        <Stack gap="sm" component="section" aria-labelledby="base-events-title">
          <Group justify="space-between">
            <Title order={3} size="h4" id="base-events-title">
              {t('detail.baseEvents')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('detail.baseEventsCount', { count: events.length })}
            </Text>
          </Group>
          <BaseEventsTable events={events} />
        </Stack>
        <MicsSection composite={composite} />
      </DrawnInTurn>
    </Stack>
  );
}
