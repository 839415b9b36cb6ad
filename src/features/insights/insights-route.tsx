import { Button, Grid, Skeleton, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { insightQueries } from '@/api/insights';
import { DateTime } from '@/components/date-time';
import { PageHeader } from '@/components/page-header';
import { useLabelNames } from '@/components/labels/use-labels';
import { QueryView, StaleDataNotice } from '@/components/query-feedback';
import { useTranslation } from '@/lib/i18n';
import { BackfillNotice } from './backfill-notice';
import { HealthSection } from './health-section';
import { PrecisionSection } from './precision-section';
import { ThresholdSection } from './threshold-section';
import { UnusualSection } from './unusual-section';
import classes from './insights.module.css';
import './locales';

const loading = (
  <Stack gap="xs">
    <Skeleton height={28} width="40%" />
    <Skeleton height={56} />
    <Skeleton height={56} />
  </Stack>
);

/** Its answer is in, or its first try failed (the error, or the retries' placeholder, shows). */
const answered = (query: { data: unknown; isError: boolean; failureCount: number }) =>
  query.data !== undefined || query.isError || query.failureCount > 0;

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className={classes.row}>
      {children}
    </section>
  );
}

/** /insights: what is unusual now, which mics seem deaf, which thresholds to raise. Refreshes itself. */
export function Component() {
  const { t } = useTranslation('insights');
  const queryClient = useQueryClient();
  const unusual = useQuery(insightQueries.unusual());
  const health = useQuery(insightQueries.health());
  const thresholds = useQuery(insightQueries.thresholds());
  const fetching = useIsFetching({ queryKey: insightQueries.all() }) > 0;
  // Some answers name a label by id only: the names the other pages use (empty until they load, ids meanwhile).
  // The names alone: useLabels would also read the mic inventory (2,400 mics on a city's edge) for
  // categories no event has carried, which this page never lists.
  const { names: labelNames } = useLabelNames();
  // On a phone the sections stand one under the other: each comes once those above it have answered
  // (or failed), so an answer longer than its placeholder (a city's hundred suspect mics) never moves
  // a section already on screen. Every request still starts at once.
  const showHealth = answered(unusual);
  const showRest = showHealth && answered(health) && answered(thresholds);

  return (
    <Stack gap="lg" className={classes.page}>
      <PageHeader
        title={t('common:pages.insights.title')}
        subtitle={t('common:pages.insights.subtitle')}
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={fetching}
            onClick={() => void queryClient.invalidateQueries({ queryKey: insightQueries.all() })}
          >
            {t('refresh')}
          </Button>
        }
      >
        {/* Its line is kept from the start, so the answer does not push the page down. */}
        <Text size="xs" c="dimmed">
          {unusual.data === undefined ? (
            '\u00a0'
          ) : (
            <>
              {t('updated')} <DateTime value={unusual.data.computed_at} relative size="xs" />
            </>
          )}
        </Text>
      </PageHeader>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Section label={t('unusual.title')}>
            {unusual.data !== undefined && <BackfillNotice backfill={unusual.data.backfill} />}
            <StaleDataNotice query={unusual} />
            <QueryView query={unusual} loading={loading}>
              {(data) => <UnusualSection data={data} labelNames={labelNames} />}
            </QueryView>
          </Section>
        </Grid.Col>
        {showHealth && (
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Section label={t('health.title')}>
              <StaleDataNotice query={health} />
              <QueryView query={health} loading={loading}>
                {(data) => <HealthSection data={data} labelNames={labelNames} />}
              </QueryView>
            </Section>
          </Grid.Col>
        )}
        {showRest && (
          <>
            <Grid.Col span={12}>
              <Section label={t('thresholds.title')}>
                <StaleDataNotice query={thresholds} />
                <QueryView query={thresholds} loading={loading}>
                  {(data) => <ThresholdSection data={data} />}
                </QueryView>
              </Section>
            </Grid.Col>
            <Grid.Col span={12}>
              <Section label={t('precision:title')}>
                <PrecisionSection labelNames={labelNames} />
              </Section>
            </Grid.Col>
          </>
        )}
      </Grid>
    </Stack>
  );
}
