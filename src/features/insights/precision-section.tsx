import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { priorityQueries, type PrecisionReport } from '@/api/priority';
import { type LabelName } from '@/api';
import { QueryView } from '@/components/query-feedback';
import { formatPercent } from '@/lib/format';
import { localName, useTranslation } from '@/lib/i18n';
import './precision-locales';

type Row = Pick<PrecisionReport['by_label'][number], 'real' | 'false_alarms' | 'tests' | 'precision'>;

/** /insights → Precision: what resolved outcomes say of each category, mic and hour (server/priority). */
export function PrecisionSection({ labelNames }: { labelNames: ReadonlyMap<string, LabelName> }) {
  const { t } = useTranslation('precision');
  const report = useQuery(priorityQueries.precision());
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <QueryView query={report}>{(data) => <PrecisionTables data={data} labelNames={labelNames} />}</QueryView>
    </Stack>
  );
}

function PrecisionTables({ data, labelNames }: { data: PrecisionReport; labelNames: ReadonlyMap<string, LabelName> }) {
  const { t, i18n } = useTranslation('precision');
  if (data.resolved === 0) return <Text size="sm">{t('empty')}</Text>;
  const label = (id: string) => {
    const name = labelNames.get(id);
    return name === undefined ? id : localName(name, i18n.language);
  };
  const shown = (row: Row) => (row.precision === null ? t('none') : formatPercent(row.precision));
  const counts = (row: Row) => (
    <>
      <Table.Td>{row.real}</Table.Td>
      <Table.Td>{row.false_alarms}</Table.Td>
      <Table.Td>{row.tests}</Table.Td>
      <Table.Td fw={600}>{shown(row)}</Table.Td>
    </>
  );
  const heads = (
    <>
      <Table.Th>{t('real')}</Table.Th>
      <Table.Th>{t('falseAlarms')}</Table.Th>
      <Table.Th>{t('tests')}</Table.Th>
      <Table.Th>{t('precision')}</Table.Th>
    </>
  );
  const leastFirst = (a: Row, b: Row) => (a.precision ?? 2) - (b.precision ?? 2);
  const days = t('days').split(' ');
  const hours = data.by_hour
    .filter((row) => row.precision !== null && row.real + row.false_alarms >= 3)
    .sort(leastFirst)
    .slice(0, 3);
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={420}>
        <Table striped withTableBorder aria-label={t('byLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('label')}</Table.Th>
              {heads}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.by_label.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Td>{label(row.label)}</Table.Td>
                {counts(row)}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Table.ScrollContainer minWidth={520}>
        <Table striped withTableBorder aria-label={t('byMic')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('mic')}</Table.Th>
              <Table.Th>{t('label')}</Table.Th>
              {heads}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...data.by_mic]
              .sort(leastFirst)
              .slice(0, 10)
              .map((row) => (
                <Table.Tr key={`${row.mic_id}:${row.label}`}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.mic_id}</Table.Td>
                  <Table.Td>{label(row.label)}</Table.Td>
                  {counts(row)}
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {hours.length > 0 && (
        <Text size="sm">
          <Text span fw={600}>
            {t('byHour')}:{' '}
          </Text>
          {hours
            .map(
              (row) =>
                `${t('hour', { day: days[Math.floor(row.hour_of_week / 24)] ?? '', hour: String(row.hour_of_week % 24).padStart(2, '0') })} ${shown(row)}`,
            )
            .join(' · ')}
        </Text>
      )}
    </Stack>
  );
}
