import { Alert, Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { accountQueries } from '@/api/accounts';
import { AUDIT_CSV_CAP, auditCsvUrl, auditQueries, micQueries, type AuditEntry } from '@/api';
import { wallLinkQueries } from '@/api/walls';
import { FilterDrawer } from '@/components/filter-drawer';
import { QueryView, StaleDataNotice } from '@/components/query-feedback';
import { useTranslation } from '@/lib/i18n';
import { useSearchParamsState } from '@/lib/search-params';
import { PageHeader } from '@/components/page-header';
import { AuditFilterBar } from './audit-filter-bar';
import { auditFilterQuery, auditListQuery, auditSearch, type AuditFilters } from './audit-filters';
import { AuditTable, type TargetNames } from './audit-table';
import './audit-locales';

/** The names the trail's targets go by now: accounts, wall links and mics, each when its list answers. */
function useTargetNames(entries: readonly AuditEntry[] | undefined): TargetNames {
  const accounts = useQuery(accountQueries.list()).data;
  // The wall screens' own list refreshes to show which screens are alive; names need no such pace.
  const walls = useQuery({ ...wallLinkQueries.list(), refetchInterval: false }).data?.results;
  // The mic inventory (a city's 2,400 mics) only when the page shows an entry about a mic.
  const namesMics = entries?.some((entry) => entry.target?.type === 'mic') ?? false;
  const mics = useQuery({ ...micQueries.inventory(), enabled: namesMics }).data?.mics;
  return useMemo(
    () => ({
      accounts: new Map((accounts ?? []).map((account) => [account.id, account.username])),
      walls: new Map((walls ?? []).map((link) => [link.id, link.name])),
      mics: new Map((mics ?? []).map((mic) => [mic.id, mic.name])),
    }),
    [accounts, walls, mics],
  );
}

/** Admin → Audit: the console's audit trail, filtered in the URL, paginated, exportable. */
export function Component() {
  const { t, i18n } = useTranslation('adminAudit');
  const [filters, setFilters] = useSearchParamsState(auditSearch);
  const list = useQuery(auditQueries.list(auditListQuery(filters)));
  const names = useTargetNames(list.data?.results);
  const total = list.isPlaceholderData ? undefined : list.data?.total_cnt;

  const update = (patch: Partial<AuditFilters>) => setFilters({ page: 1, ...patch });

  return (
    <Stack gap="md">
      <PageHeader
        level={3}
        title={t('title')}
        subtitle={
          <>
            {t('subtitle')}
            {list.data?.retention_days !== undefined && ` ${t('retention', { days: list.data.retention_days })}`}
          </>
        }
        actions={
          <Button
            component="a"
            href={auditCsvUrl(auditFilterQuery(filters))}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            data-hint={t('export.hint', { cap: AUDIT_CSV_CAP.toLocaleString(i18n.language) })}
          >
            {t('export.button')}
          </Button>
        }
      />

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

      <QueryView query={list}>
        {(page) => (
          <AuditTable
            entries={page.results}
            names={names}
            total={page.total_cnt}
            page={filters.page}
            size={filters.size}
            fetching={list.isPlaceholderData && list.isFetching}
            onPageChange={(page) => update({ page })}
            onSizeChange={(size) => update({ size })}
          />
        )}
      </QueryView>
    </Stack>
  );
}
