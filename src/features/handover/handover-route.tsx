import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDownload, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { handoverQueries } from '@/api/handover';
import { DateTimeField } from '@/components/date-time-field';
import { PageLoader } from '@/components/page-loader';
import { QueryError } from '@/components/query-feedback';
import { downloadBlob } from '@/lib/csv';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { PageHeader } from '@/components/page-header';
import { handoverCsvBlob } from './handover-csv';
import {
  handoverPeriodToSearch,
  parseHandoverPeriod,
  PERIOD_HOURS,
  periodBounds,
  type HandoverPeriod,
} from './handover-period';
import { FiredSection, OpenSection, ResolvedSection, SummaryStats } from './handover-sections';
import { useHandoverPlaces } from './use-handover-places';
import classes from './handover.module.css';
import './locales';

/** /handover: what the outgoing shift hands over, for a period in the URL; printable and exportable. */
export function Component() {
  const { t, i18n } = useTranslation('handover');
  const [searchParams, setSearchParams] = useSearchParams();
  const period = useMemo(() => parseHandoverPeriod(searchParams), [searchParams]);
  // "The last N hours" is pinned when the page opens; Refresh moves it to now.
  const [anchor, setAnchor] = useState(() => Date.now());
  const bounds = periodBounds(period, anchor);
  const report = useQuery({ ...handoverQueries.period(bounds.from, bounds.to), refetchOnWindowFocus: false });
  const now = useNow(60_000);
  const periodLabelId = useId();
  const places = useHandoverPlaces(report.data);
  // The report (a city's shift: a hundred open rows, the count tables) is drawn as a deferred
  // render, which yields to the browser every few milliseconds, and again when its places come:
  // drawn with the answer, it was one task of 1.3 s on a phone (Lighthouse, 4x CPU).
  const view = useMemo(
    () => (report.data === undefined ? undefined : { handover: report.data, places }),
    [report.data, places],
  );
  const shown = useDeferredValue(view);

  const choose = (next: HandoverPeriod) => {
    setAnchor(Date.now());
    setSearchParams(handoverPeriodToSearch(next));
  };
  const exportCsv = () => {
    if (report.data === undefined) return;
    const stamp = report.data.to.slice(0, 16).replace(/[:T]/g, '-');
    downloadBlob(handoverCsvBlob(report.data, i18n.language, places), `handover-${stamp}.csv`);
  };

  return (
    <Stack gap="lg" className={classes.page}>
      <PageHeader
        title={t('common:pages.handover.title')}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => {
                setAnchor(Date.now());
                void report.refetch();
              }}
              loading={report.isFetching}
            >
              {t('refresh')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} aria-hidden />}
              onClick={() => window.print()}
            >
              {t('print')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={exportCsv}
              disabled={report.data === undefined}
            >
              {t('csv')}
            </Button>
          </>
        }
      >
        {/* The paper copy keeps the period, not the page's description. */}
        <Text c="dimmed" size="sm" className={classes.noPrint}>
          {t('common:pages.handover.subtitle')}
        </Text>
        <Text size="sm" fw={500} data-testid="handover-period">
          {t('period.range', {
            from: formatDateTime(bounds.from, i18n.language),
            to: formatDateTime(bounds.to, i18n.language),
          })}
        </Text>
      </PageHeader>

      <Group align="flex-end" gap="md" wrap="wrap" className={classes.noPrint}>
        <Stack gap={4}>
          <Text id={periodLabelId} size="sm" fw={500}>
            {t('period.label')}
          </Text>
          <SegmentedControl
            aria-labelledby={periodLabelId}
            value={period.kind === 'range' ? 'custom' : String(period.hours)}
            onChange={(value) =>
              choose(value === 'custom' ? { kind: 'range', ...bounds } : { kind: 'last', hours: Number(value) })
            }
            data={[
              ...PERIOD_HOURS.map((hours) => ({ value: String(hours), label: t('period.last', { hours }) })),
              ...(period.kind === 'last' && !(PERIOD_HOURS as readonly number[]).includes(period.hours)
                ? [{ value: String(period.hours), label: t('period.last', { hours: period.hours }) }]
                : []),
              { value: 'custom', label: t('period.custom') },
            ]}
          />
        </Stack>
        {period.kind === 'range' && (
          <>
            <DateTimeField
              label={t('period.from')}
              value={period.from}
              onChange={(from) => from !== null && from < period.to && choose({ ...period, from })}
            />
            <DateTimeField
              label={t('period.to')}
              value={period.to}
              onChange={(to) => to !== null && to > period.from && choose({ ...period, to })}
            />
          </>
        )}
      </Group>

      {shown === undefined ? (
        report.isError ? (
          <QueryError error={report.error} onRetry={() => void report.refetch()} retrying={report.isFetching} />
        ) : (
          <PageLoader />
        )
      ) : (
        <>
          {shown.handover.capped && (
            <Alert color="yellow" variant="light" role="status">
              {t('capped')}
            </Alert>
          )}
          <SummaryStats handover={shown.handover} />
          <FiredSection handover={shown.handover} />
          <ResolvedSection handover={shown.handover} places={shown.places} />
          <OpenSection handover={shown.handover} now={now} places={shown.places} />
          <Text size="xs" className={classes.printOnly}>
            {t('printedAt', { time: formatDateTime(now, i18n.language) })}
          </Text>
        </>
      )}
    </Stack>
  );
}
