import { Anchor, Badge, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AUDIT_PAGE_SIZES, type AuditEntry } from '@/api';
import { actionLabel, actorLabel } from '@/components/audit/audit-changes';
import { AuditChanges } from '@/components/audit/audit-changes-list';
import { DateTime } from '@/components/date-time';
import { PlainTable } from '@/components/plain-table/plain-table';
import { translateData, useTranslation } from '@/lib/i18n';

interface AuditTableProps {
  entries: AuditEntry[];
  names: TargetNames;
  total: number;
  page: number;
  size: number;
  fetching: boolean;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
}

/** Names of what entries act on, as they are called now (accounts, wall links, mics); any may be missing. */
export interface TargetNames {
  accounts: ReadonlyMap<string, string>;
  walls: ReadonlyMap<string, string>;
  mics: ReadonlyMap<string, string>;
}

const recorded = (details: AuditEntry['details'], key: 'username' | 'name') =>
  typeof details?.[key] === 'string' ? details[key] : undefined;

/**
 * What an entry acted on, by name: the account, wall link or mic as it is called now, else as the
 * entry recorded it (a removed link, a deleted account); its id on hover. Text, never markup.
 */
function Target({ entry, names }: { entry: AuditEntry; names: TargetNames }) {
  const target = entry.target;
  if (target === null) return null;
  const kind = translateData('adminAudit', `targets.${target.type}`, target.type);
  const short = target.id.length > 12 ? `${target.id.slice(0, 8)}…` : target.id;
  let name: ReactNode;
  switch (target.type) {
    case 'account':
      name = names.accounts.get(target.id) ?? recorded(entry.details, 'username') ?? short;
      break;
    case 'wall':
      name = names.walls.get(target.id) ?? recorded(entry.details, 'name') ?? short;
      break;
    case 'mic':
      name = (
        <Anchor component={Link} to={`/mics/${encodeURIComponent(target.id)}`} size="sm">
          {names.mics.get(target.id) ?? target.id}
        </Anchor>
      );
      break;
    case 'composite_event':
      // Its rule's name is the edge's, not in the entry: the link says what it is and leads to it.
      return (
        <Anchor
          component={Link}
          to={`/composite-events/${encodeURIComponent(target.id)}`}
          size="sm"
          data-hint={target.id}
          style={{ whiteSpace: 'nowrap' }}
        >
          {kind}
        </Anchor>
      );
    case 'event':
      return (
        <Text size="sm" data-hint={target.id} style={{ whiteSpace: 'nowrap' }}>
          {kind}
        </Text>
      );
    default:
      name = short;
  }
  return (
    <Text size="sm" data-hint={target.id} style={{ overflowWrap: 'anywhere' }}>
      <Text span size="xs" c="dimmed">
        {kind}
      </Text>{' '}
      {name}
    </Text>
  );
}

const entryKey = (entry: AuditEntry) => String(entry.id);

export function AuditTable({
  entries,
  names,
  total,
  page,
  size,
  fetching,
  onPageChange,
  onSizeChange,
}: AuditTableProps) {
  const { t } = useTranslation('adminAudit');
  return (
    <PlainTable<AuditEntry>
      label={t('table.label')}
      alignTop
      records={entries}
      rowKey={entryKey}
      fetching={fetching}
      emptyText={t('table.empty')}
      paging={{
        total,
        page,
        size,
        sizes: AUDIT_PAGE_SIZES,
        onPageChange,
        onSizeChange,
        perPageLabel: t('table.perPage'),
        rangeText: (range) => t('table.pagination', range),
      }}
      columns={[
        { key: 'at', title: t('table.time'), render: (entry) => <DateTime value={entry.at} /> },
        {
          key: 'actor',
          title: t('table.who'),
          render: (entry) => <Text size="sm">{actorLabel(entry.actor)}</Text>,
        },
        {
          key: 'action',
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
        { key: 'target', title: t('table.target'), render: (entry) => <Target entry={entry} names={names} /> },
        {
          key: 'details',
          title: t('table.changes'),
          width: '40%',
          render: (entry) => <AuditChanges entry={entry} />,
        },
        {
          key: 'ip',
          title: t('table.address'),
          render: (entry) => (
            <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {entry.ip ?? ''}
            </Text>
          ),
        },
      ]}
    />
  );
}
