import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { HandoverItem } from '@/api/handover';
import { DateTime } from '@/components/date-time';
import { formatAge } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { describeItem, type HandoverPlaces } from './handover-csv';
import classes from './handover.module.css';
import '@/components/review/locales';
import './locales';

/** A small table of counts: a name column, then one or two number columns. */
export function CountTable<T>({
  caption,
  rows,
  name,
  columns,
}: {
  caption: string;
  rows: readonly T[];
  name: { title: string; value: (row: T) => ReactNode };
  columns: { title: string; value: (row: T) => number }[];
}) {
  return (
    <Table className={classes.table} striped withTableBorder verticalSpacing={4} fz="sm">
      <Table.Caption className={classes.caption}>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{name.title}</Table.Th>
          {columns.map((column) => (
            <Table.Th key={column.title} className={classes.number}>
              {column.title}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={index}>
            <Table.Td className={classes.name}>{name.value(row)}</Table.Td>
            {columns.map((column) => (
              <Table.Td key={column.title} className={classes.number}>
                {column.value(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ItemCell({ item, place }: { item: HandoverItem; place: string | undefined }) {
  const { t, i18n } = useTranslation('handover');
  const text = describeItem(item, i18n.language);
  return (
    <>
      {item.kind === 'composite' ? (
        <Anchor component={Link} to={`/composite-events/${encodeURIComponent(item.id)}`} size="sm">
          {text}
        </Anchor>
      ) : (
        <Text span size="sm">
          {text}
        </Text>
      )}
      {place !== undefined && (
        <Group gap={4} wrap="nowrap" align="flex-start" data-testid="handover-place">
          <IconMapPin size={14} aria-hidden className={classes.pin} />
          <Text size="xs">{place}</Text>
        </Group>
      )}
      <Text size="xs" c="dimmed" className={classes.kind}>
        {t(`kind.${item.kind}`)}
      </Text>
    </>
  );
}

const When = ({ at }: { at: string | null }) => (at === null ? <Text span>–</Text> : <DateTime value={at} />);

export function ResolvedTable({
  items,
  caption,
  places,
}: {
  items: readonly HandoverItem[];
  caption: string;
  places: HandoverPlaces;
}) {
  const { t } = useTranslation('handover');
  const { t: tr } = useTranslation('review');
  return (
    // Wide tables scroll inside themselves on a narrow window; on paper they are laid out whole.
    <Table.ScrollContainer minWidth={760} type="native" className={classes.scroll}>
      <Table className={classes.table} striped withTableBorder verticalSpacing={6} fz="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('resolved.item')}</Table.Th>
            <Table.Th>{t('resolved.firedAt')}</Table.Th>
            <Table.Th>{t('resolved.outcome')}</Table.Th>
            <Table.Th>{t('resolved.by')}</Table.Th>
            <Table.Th>{t('resolved.at')}</Table.Th>
            <Table.Th>{t('resolved.note')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={`${item.kind}:${item.id}`}>
              <Table.Td>
                <ItemCell item={item} place={item.kind === 'composite' ? places.get(item.id) : undefined} />
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                <When at={item.fired_at} />
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                {item.outcome === null ? '–' : tr(`outcome.${item.outcome}`)}
              </Table.Td>
              <Table.Td className={classes.nowrap}>{item.resolved_by ?? '–'}</Table.Td>
              <Table.Td className={classes.nowrap}>
                <When at={item.resolved_at} />
              </Table.Td>
              <Table.Td className={classes.note}>{item.note ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function OpenTable({
  items,
  caption,
  now,
  places,
}: {
  items: readonly HandoverItem[];
  caption: string;
  now: number;
  places: HandoverPlaces;
}) {
  const { t } = useTranslation('handover');
  const { t: tr } = useTranslation('review');
  return (
    // Wide tables scroll inside themselves on a narrow window; on paper they are laid out whole.
    <Table.ScrollContainer minWidth={760} type="native" className={classes.scroll}>
      <Table className={classes.table} striped withTableBorder verticalSpacing={6} fz="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('open.item')}</Table.Th>
            <Table.Th>{t('open.firedAt')}</Table.Th>
            <Table.Th>{t('open.state')}</Table.Th>
            <Table.Th>{t('open.owner')}</Table.Th>
            <Table.Th className={classes.number}>{t('open.age')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={`${item.kind}:${item.id}`}>
              <Table.Td>
                <ItemCell item={item} place={item.kind === 'composite' ? places.get(item.id) : undefined} />
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                <When at={item.fired_at} />
              </Table.Td>
              <Table.Td>
                <Badge
                  color={item.state === 'new' ? 'red.8' : 'blue'}
                  variant={item.state === 'new' ? 'filled' : 'light'}
                >
                  {tr(`state.${item.state}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                {item.assignee ?? (
                  <Text span size="sm" c="dimmed">
                    {t('open.nobody')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td className={classes.number}>
                {item.fired_at === null ? '–' : formatAge(now - Date.parse(item.fired_at))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
