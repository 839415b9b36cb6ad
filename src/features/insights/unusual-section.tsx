import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { LabelName } from '@/api';
import type { Unusual } from '@/api/insights';
import { EmptyState } from '@/components/query-feedback';
import { chanceOdds, pValueText, usually } from '@/lib/insight-format';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { labelText, micText } from './insight-text';
import classes from './insights.module.css';
import './locales';

interface Row {
  key: string;
  place: ReactNode;
  label: string;
  observed: number;
  expected: number;
  pValue: number;
  note?: string;
}

function chance(t: TFunction<'insights'>, pValue: number, language: string): string {
  const odds = chanceOdds(pValue, language);
  return odds.kind === 'tiny' ? t('unusual.chanceTiny') : t('unusual.chance', { odds: odds.value });
}

/** "Gangnam Exit 11: Car horn ×12 in 15 min, usually 1", the odds beside it, the p-value as a hint. */
function UnusualRow({ row, minutes }: { row: Row; minutes: number }) {
  const { t, i18n } = useTranslation('insights');
  const usual = usually(row.expected, i18n.language);
  // The place is a link; the sentence around it is built from the same catalogue string.
  const [before, after] = (
    usual.kind === 'never'
      ? t('unusual.micNever', { place: '\u0000', label: row.label, count: row.observed, minutes })
      : t('unusual.mic', { place: '\u0000', label: row.label, count: row.observed, minutes, usual: usual.value })
  ).split('\u0000');
  return (
    <Paper component="li" withBorder p="xs" className={`${classes.row} ${classes.unusualRow}`}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={500} className={classes.count}>
          {before}
          {row.place}
          {after}
        </Text>
        <Group gap={6} wrap="wrap">
          {row.note !== undefined && (
            <Badge size="sm" variant="light" color="gray">
              {row.note}
            </Badge>
          )}
          <Text size="xs" c="dimmed" data-hint={pValueText(row.pValue)} tabIndex={0}>
            {chance(t, row.pValue, i18n.language)}
          </Text>
        </Group>
      </Group>
    </Paper>
  );
}

function RowGroup({ title, rows, minutes }: { title: string; rows: Row[]; minutes: number }) {
  if (rows.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} component="h4" m={0}>
        {title}
      </Text>
      <ul className={classes.list} aria-label={title}>
        {rows.map((row) => (
          <UnusualRow key={row.key} row={row} minutes={minutes} />
        ))}
      </ul>
    </Stack>
  );
}

/** Mics, areas and edge servers hearing a label far more often than they usually do at this hour. */
export function UnusualSection({ data, labelNames }: { data: Unusual; labelNames: ReadonlyMap<string, LabelName> }) {
  const { t, i18n } = useTranslation('insights');
  const language = i18n.language;
  const minutes = data.window_minutes;
  const mics: Row[] = data.mics.map((mic) => ({
    key: `${mic.mic_id}/${mic.label_id}`,
    place: (
      <Anchor component={Link} to={`/mics/${encodeURIComponent(mic.mic_id)}`} inherit>
        {micText(mic.mic_name, mic.mic_id)}
      </Anchor>
    ),
    label: labelText(mic.label_name, mic.label_id, language),
    observed: mic.observed,
    expected: mic.expected,
    pValue: mic.p_value,
    ...(mic.borrowed ? { note: t('unusual.borrowed') } : {}),
  }));
  const areas: Row[] = data.areas.map((area) => ({
    key: `${area.area_id}/${area.label_id}`,
    place: area.name,
    label: labelText(area.label_name, area.label_id, language),
    observed: area.observed,
    expected: area.expected,
    pValue: area.p_value,
  }));
  const edges: Row[] = data.edges.map((edge) => ({
    key: `${edge.edge_id}/${edge.label_id}`,
    place: t('unusual.edge', { edge: edge.edge_id, mics: edge.mics }),
    label: labelText(labelNames.get(edge.label_id) ?? null, edge.label_id, language),
    observed: edge.observed,
    expected: edge.expected,
    pValue: edge.p_value,
  }));
  const odds = chanceOdds(data.p_threshold, language);
  return (
    <Stack gap="xs">
      <div>
        <Title order={3} size="h4">
          {t('unusual.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('unusual.description', { minutes, odds: odds.kind === 'odds' ? odds.value : '1,000,000' })}
        </Text>
      </div>
      {mics.length + areas.length + edges.length === 0 ? (
        <EmptyState title={t('unusual.empty')} description={t('unusual.emptyDescription')} />
      ) : (
        <>
          <RowGroup title={t('unusual.mics')} rows={mics} minutes={minutes} />
          <RowGroup title={t('unusual.areas')} rows={areas} minutes={minutes} />
          <RowGroup title={t('unusual.edges')} rows={edges} minutes={minutes} />
        </>
      )}
    </Stack>
  );
}
