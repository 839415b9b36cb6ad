import { Badge, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { alertDeliveriesSchema } from '@/api/alerts';
import { QueryView } from '@/components/query-feedback';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import type * as z from 'zod/mini';
import './alerts-locales';

const COLOR: Record<string, string> = { ok: 'teal', retry: 'yellow', failed: 'red' };

/** Every attempt: its channel, what it carried, the answer, how long it took, and why it failed. */
export function AlertDeliveries({ query }: { query: UseQueryResult<z.infer<typeof alertDeliveriesSchema>> }) {
  const { t, i18n } = useTranslation('adminAlerts');
  return (
    <QueryView query={query}>
      {({ results }) => (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={t('deliveries.label')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('deliveries.at')}</Table.Th>
                <Table.Th>{t('deliveries.channel')}</Table.Th>
                <Table.Th>{t('deliveries.kind')}</Table.Th>
                <Table.Th>{t('deliveries.outcome')}</Table.Th>
                <Table.Th>{t('deliveries.latency')}</Table.Th>
                <Table.Th>{t('deliveries.detail')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed">{t('empty')}</Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {results.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{formatDateTime(row.at, i18n.language)}</Table.Td>
                  <Table.Td>{row.channel_name}</Table.Td>
                  <Table.Td>{row.kind}</Table.Td>
                  <Table.Td>
                    <Badge color={COLOR[row.outcome] ?? 'gray'} variant="light">
                      {t(`deliveries.outcomes.${row.outcome as 'ok'}`)}
                      {row.status !== null ? ` · ${row.status}` : ''}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.latency_ms} ms</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{row.detail ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryView>
  );
}
