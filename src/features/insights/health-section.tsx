import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { HealthReason, MicHealth, SuspectMic } from '@/api/insights';
import type { LabelName } from '@/api';
import { DateTime } from '@/components/date-time';
import { EmptyState } from '@/components/query-feedback';
import { spanText } from '@/lib/insight-format';
import { useTranslation } from '@/lib/i18n';
import { labelText, micText } from './insight-text';
import classes from './insights.module.css';
import './locales';

/** How many missed events to list; the count says how many there were. */
const SHOWN_MISSED = 3;
/**
 * The most suspect mics shown first (the server lists them most reasons, then most missed, first);
 * the rest on request. A city's edge can have a hundred not reporting, each a card of a dozen parts.
 */
const FIRST_SHOWN = 8;

const REASON_COLOR: Record<HealthReason, string> = {
  missed: 'grape',
  silent: 'orange',
  disconnected: 'red',
  not_reporting: 'red',
};

function SuspectRow({ mic, labelNames }: { mic: SuspectMic; labelNames: ReadonlyMap<string, LabelName> }) {
  const { t, i18n } = useTranslation('insights');
  const name = micText(mic.mic_name, mic.mic_id);
  const hidden = mic.missed_count - Math.min(SHOWN_MISSED, mic.missed.length);
  return (
    <Paper component="li" withBorder p="xs" className={`${classes.row} ${classes.suspectRow}`} aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Anchor component={Link} to={`/mics/${encodeURIComponent(mic.mic_id)}`} fw={600} size="sm">
            {name}
          </Anchor>
          <Group gap={4}>
            {mic.reasons.map((reason) => (
              <Badge key={reason} size="sm" variant="light" color={REASON_COLOR[reason]}>
                {t(`health.reasons.${reason}`)}
              </Badge>
            ))}
          </Group>
        </Group>
        {mic.missed_count > 0 && (
          <div>
            <Text size="sm">{t('health.missed', { count: mic.missed_count })}</Text>
            <ul className={classes.missedList}>
              {mic.missed.slice(0, SHOWN_MISSED).map((event) => (
                <li key={event.event_id}>
                  <DateTime value={event.at} size="sm" /> ·{' '}
                  {labelText(labelNames.get(event.label_id) ?? null, event.label_id, i18n.language)} ·{' '}
                  {t('health.heardBy', { names: event.heard_by.map((by) => micText(by.name, by.id)).join(', ') })}
                </li>
              ))}
              {hidden > 0 && <li>{t('health.more', { count: hidden })}</li>}
            </ul>
          </div>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={2} className={classes.stats}>
          <Text size="sm">
            <span className={classes.statLabel}>{t('health.lastEvent')}: </span>
            {mic.last_event_at === null ? t('health.never') : <DateTime value={mic.last_event_at} relative size="sm" />}
          </Text>
          {mic.silent_for_s !== null && (
            <Text size="sm">
              {t('health.silentFor', { span: spanText(mic.silent_for_s) })}
              {mic.usual_gap_s !== null && ` (${t('health.usualGap', { span: spanText(mic.usual_gap_s) })})`}
            </Text>
          )}
          {mic.reported_at !== null && (
            <Text size="sm">
              <span className={classes.statLabel}>{t('health.reportedAt')}: </span>
              <DateTime value={mic.reported_at} relative size="sm" />
            </Text>
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** Mics that may be deaf, each with the evidence: what it missed and who heard it, its silence, its link. */
export function HealthSection({ data, labelNames }: { data: MicHealth; labelNames: ReadonlyMap<string, LabelName> }) {
  const { t } = useTranslation('insights');
  const [all, setAll] = useState(false);
  const shown = all ? data.mics : data.mics.slice(0, FIRST_SHOWN);
  return (
    <Stack gap="xs">
      <div>
        <Title order={3} size="h4">
          {t('health.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('health.description', { min: data.min_missed, hours: data.window_hours })}
        </Text>
      </div>
      {data.mics.length === 0 ? (
        <EmptyState title={t('health.empty')} description={t('health.emptyDescription')} />
      ) : (
        <>
          <ul className={classes.list} aria-label={t('health.title')}>
            {shown.map((mic) => (
              <SuspectRow key={mic.mic_id} mic={mic} labelNames={labelNames} />
            ))}
          </ul>
          {data.mics.length > FIRST_SHOWN && (
            <Button variant="subtle" size="compact-sm" onClick={() => setAll(!all)} style={{ alignSelf: 'flex-start' }}>
              {all ? t('health.showFewer', { count: FIRST_SHOWN }) : t('health.showAll', { count: data.mics.length })}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
