import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { alertDeliveriesSchema } from '@/api/alerts';
import { QueryView } from '@/components/query-feedback';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import type * as z from 'zod/mini';
import './alerts-locales';

type Attempt = z.infer<typeof alertDeliveriesSchema>['results'][number];

const COLOR: Record<string, string> = { ok: 'teal', retry: 'yellow', failed: 'red' };
const KINDS = new Set(['alert', 'update', 'escalation', 'summary', 'acknowledged', 'test']);

function Outcome({ row }: { row: Attempt }) {
  const { t } = useTranslation('adminAlerts');
  return (
    <Badge color={COLOR[row.outcome] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {t(`deliveries.outcomes.${row.outcome as 'ok'}`)}
      {row.status !== null ? ` · ${row.status}` : ''}
    </Badge>
  );
}

/** Every attempt: its channel, what it carried, the answer, how long it took, and why it failed. */
export function AlertDeliveries({ query }: { query: UseQueryResult<z.infer<typeof alertDeliveriesSchema>> }) {
  const { t, i18n } = useTranslation('adminAlerts');
  // Six columns do not fit a phone, and the outcome would hide past the scroll: one card per attempt there.
  const phone = useMediaQuery('(max-width: 36em)');
  const kind = (row: Attempt) => (KINDS.has(row.kind) ? t(`deliveries.kinds.${row.kind as 'alert'}`) : row.kind);
  return (
    <QueryView query={query}>
      {({ results }) =>
        results.length === 0 ? (
          <Text c="dimmed">{t('empty')}</Text>
        ) : phone ? (
          <Stack gap="xs" role="list" aria-label={t('deliveries.label')}>
            {results.map((row) => (
              <Paper key={row.id} withBorder p="xs" role="listitem">
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {row.channel_name} · {kind(row)}
                  </Text>
                  <Outcome row={row} />
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDateTime(row.at, i18n.language)} · {row.latency_ms} ms
                </Text>
                {row.detail !== null && (
                  <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                    {row.detail}
                  </Text>
                )}
              </Paper>
            ))}
          </Stack>
        ) : (
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
                {results.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{formatDateTime(row.at, i18n.language)}</Table.Td>
                    <Table.Td>{row.channel_name}</Table.Td>
                    <Table.Td>{kind(row)}</Table.Td>
                    <Table.Td>
                      <Outcome row={row} />
                    </Table.Td>
                    <Table.Td>{row.latency_ms} ms</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.detail ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      }
    </QueryView>
  );
}
