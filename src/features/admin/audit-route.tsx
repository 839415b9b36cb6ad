import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AUDIT_CSV_CAP, auditCsvUrl, auditQueries } from '@/api';
import { FilterDrawer } from '@/components/filter-drawer';
import { PageLoader } from '@/components/page-loader';
import { QueryError, StaleDataNotice } from '@/components/query-feedback';
import { useTranslation } from '@/lib/i18n';
import { AuditFilterBar } from './audit-filter-bar';
import {
  auditFilterQuery,
  auditFiltersToSearch,
  auditListQuery,
  parseAuditFilters,
  type AuditFilters,
} from './audit-filters';
import { AuditTable } from './audit-table';
import './audit-locales';

/** Admin → Audit: the console's audit trail, filtered in the URL, paginated, exportable. */
export function Component() {
  const { t, i18n } = useTranslation('adminAudit');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseAuditFilters(searchParams), [searchParams]);
  const list = useQuery(auditQueries.list(auditListQuery(filters)));
  const total = list.isPlaceholderData ? undefined : list.data?.total_cnt;

  // From the address bar as it is when the change lands: the person box commits after a pause
  // (through a callback made in an earlier render), and an action picked meanwhile must survive.
  const update = (patch: Partial<AuditFilters>) =>
    setSearchParams(
      auditFiltersToSearch({
        ...parseAuditFilters(new URLSearchParams(window.location.search)),
        page: 1,
        ...patch,
      }),
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={3} size="h4">
            {t('title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('subtitle')}
            {list.data?.retention_days !== undefined && ` ${t('retention', { days: list.data.retention_days })}`}
          </Text>
        </div>
        <Button
          component="a"
          href={auditCsvUrl(auditFilterQuery(filters))}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          title={t('export.hint', { cap: AUDIT_CSV_CAP.toLocaleString(i18n.language) })}
        >
          {t('export.button')}
        </Button>
      </Group>

      <FilterDrawer active={Object.values(auditFilterQuery(filters)).filter((value) => value !== null).length}>
        <AuditFilterBar filters={filters} onChange={update} />
      </FilterDrawer>

      {total !== undefined && total > AUDIT_CSV_CAP && (
        <Alert color="blue" variant="light" role="status">
          {t('export.capWarning', {
            total: total.toLocaleString(i18n.language),
            cap: AUDIT_CSV_CAP.toLocaleString(i18n.language),
          })}
        </Alert>
      )}
      <StaleDataNotice query={list} />

      {list.data === undefined ? (
        list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : (
          <PageLoader />
        )
      ) : (
        <AuditTable
          entries={list.data.results}
          total={list.data.total_cnt}
          page={filters.page}
          size={filters.size}
          fetching={list.isPlaceholderData && list.isFetching}
          onPageChange={(page) => update({ page })}
          onSizeChange={(size) => update({ size })}
        />
      )}
    </Stack>
  );
}
