import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { Link } from 'react-router-dom';
import { AUDIT_PAGE_SIZES, type AuditEntry } from '@/api';
import { actionLabel, actorLabel } from '@/components/audit/audit-changes';
import { AuditChanges } from '@/components/audit/audit-changes-list';
import { DateTime } from '@/components/date-time';
import { stackedColumns, stackedTableClass } from '@/components/stacked-table';
import { translateData, useTranslation } from '@/lib/i18n';

interface AuditTableProps {
  entries: AuditEntry[];
  total: number;
  page: number;
  size: number;
  fetching: boolean;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
}

function Target({ target }: { target: AuditEntry['target'] }) {
  if (target === null) return null;
  if (target.type === 'mic') {
    return (
      <Anchor component={Link} to={`/mics/${encodeURIComponent(target.id)}`} size="sm" ff="monospace">
        {target.id}
      </Anchor>
    );
  }
  // Other targets (accounts, wall links) are ids nobody reads: their kind, and the id on hover.
  return (
    <Text size="sm" c="dimmed" data-hint={target.id} style={{ whiteSpace: 'nowrap' }}>
      {target.type} ·{' '}
      <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{target.id.slice(0, 8)}</span>
    </Text>
  );
}

export function AuditTable({ entries, total, page, size, fetching, onPageChange, onSizeChange }: AuditTableProps) {
  const { t } = useTranslation('adminAudit');
  return (
    <DataTable<AuditEntry>
      aria-label={t('table.label')}
      className={stackedTableClass}
      withTableBorder
      borderRadius="sm"
      striped
      highlightOnHover
      verticalAlign="top"
      minHeight={entries.length === 0 ? 180 : undefined}
      records={entries}
      idAccessor="id"
      fetching={fetching}
      totalRecords={total}
      recordsPerPage={size}
      page={page}
      onPageChange={onPageChange}
      recordsPerPageOptions={[...AUDIT_PAGE_SIZES]}
      onRecordsPerPageChange={onSizeChange}
      recordsPerPageLabel={t('table.perPage')}
      paginationText={({ from, to, totalRecords }) => t('table.pagination', { from, to, total: totalRecords })}
      noRecordsText={t('table.empty')}
      loadingText={t('common:query.loading')}
      getPaginationControlProps={(control) => ({ 'aria-label': t(`common:pagination.${control}`) })}
      columns={stackedColumns<AuditEntry>([
        { accessor: 'at', title: t('table.time'), render: (entry) => <DateTime value={entry.at} /> },
        {
          accessor: 'actor',
          title: t('table.who'),
          render: (entry) => <Text size="sm">{actorLabel(entry.actor)}</Text>,
        },
        {
          accessor: 'action',
          title: t('table.action'),
          render: (entry) => (
            <Stack gap={2} align="flex-start">
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {actionLabel(entry.action)}
              </Text>
              {entry.outcome !== 'ok' && (
                <Badge size="sm" variant="light" color={entry.outcome === 'failed' ? 'orange' : 'red'}>
                  {translateData('audit', `outcomes.${entry.outcome}`, entry.outcome)}
                </Badge>
              )}
            </Stack>
          ),
        },
        { accessor: 'target', title: t('table.target'), render: (entry) => <Target target={entry.target} /> },
        {
          accessor: 'details',
          title: t('table.changes'),
          width: '40%',
          render: (entry) => <AuditChanges entry={entry} />,
        },
        {
          accessor: 'ip',
          title: t('table.address'),
          render: (entry) => (
            <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {entry.ip ?? ''}
            </Text>
          ),
        },
      ])}
    />
  );
}
