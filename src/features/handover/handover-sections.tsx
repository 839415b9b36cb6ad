import { Alert, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { REVIEW_OUTCOMES } from '@/api';
import { type Handover } from '@/api/handover';
import { formatAge } from '@/lib/format';
import { localName, useTranslation } from '@/lib/i18n';
import type { HandoverPlaces } from './handover-csv';
import { CountTable, OpenTable, ResolvedTable } from './handover-tables';
import classes from './handover.module.css';
import './locales';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={classes.section}>
      <Title order={3} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

function Stat({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Paper withBorder p="sm" radius="sm" className={classes.stat}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} className={classes.statValue}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Paper>
  );
}

export function SummaryStats({ handover }: { handover: Handover }) {
  const { t, i18n } = useTranslation('handover');
  const n = (value: number) => value.toLocaleString(i18n.language);
  const { acknowledge, resolve } = handover.response_times;
  const median = (time: typeof acknowledge) => (time.median_ms === null ? '–' : formatAge(time.median_ms));
  const over = (time: typeof acknowledge) =>
    time.count === 0 ? t('summary.none') : t('summary.basedOn', { count: time.count });
  const fired = handover.fired;
  return (
    <SimpleGrid cols={{ base: 2, lg: 5 }} spacing="sm" role="group" aria-label={t('summary.label')}>
      <Stat
        label={t('summary.fired')}
        value={fired === null ? '–' : n(fired.composites + fired.events)}
        detail={
          fired === null ? '' : t('summary.firedValue', { composites: n(fired.composites), events: n(fired.events) })
        }
      />
      <Stat label={t('summary.resolved')} value={n(handover.resolved.total)} detail="" />
      <Stat label={t('summary.toAcknowledge')} value={median(acknowledge)} detail={over(acknowledge)} />
      <Stat label={t('summary.toResolve')} value={median(resolve)} detail={over(resolve)} />
      <Stat
        label={t('summary.open')}
        value={n(handover.open.total)}
        detail={t('summary.openValue', { unowned: n(handover.open.unowned) })}
      />
    </SimpleGrid>
  );
}

export function FiredSection({ handover }: { handover: Handover }) {
  const { t, i18n } = useTranslation('handover');
  const fired = handover.fired;
  const events = { title: t('fired.events'), value: (row: { events: number }) => row.events };
  const composites = { title: t('fired.composites'), value: (row: { composites: number }) => row.composites };
  return (
    <Section title={t('fired.title')}>
      {fired === null ? (
        <Alert color="yellow" variant="light" role="status">
          {t('fired.edgeError', { error: handover.edge_error ?? '' })}
        </Alert>
      ) : fired.composites + fired.events === 0 ? (
        <Text c="dimmed">{t('fired.nothing')}</Text>
      ) : (
        <>
          {!fired.complete && (
            <Alert color="yellow" variant="light" role="status" mb="sm">
              {t('fired.incomplete')}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 2, xl: 4 }} spacing="md" className={classes.countGrid}>
            <CountTable
              caption={t('fired.byLabel')}
              rows={fired.by_label}
              name={{ title: t('fired.label'), value: (row) => localName(row.name, i18n.language) }}
              columns={[events, composites]}
            />
            <CountTable
              caption={t('fired.byRule')}
              rows={fired.by_rule}
              name={{ title: t('fired.rule'), value: (row) => row.name }}
              columns={[composites]}
            />
            <CountTable
              caption={t('fired.byEdge')}
              rows={fired.by_edge}
              name={{ title: t('fired.edge'), value: (row) => row.edge_id ?? t('fired.unknownEdge') }}
              columns={[events, composites]}
            />
            <CountTable
              caption={t('fired.busiest')}
              rows={fired.busiest_mics}
              name={{ title: t('fired.mic'), value: (row) => row.name }}
              columns={[events]}
            />
          </SimpleGrid>
        </>
      )}
    </Section>
  );
}

export function ResolvedSection({ handover, places }: { handover: Handover; places: HandoverPlaces }) {
  const { t } = useTranslation('handover');
  const { t: tr } = useTranslation('review');
  const { resolved } = handover;
  return (
    <Section title={t('resolved.title')}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="md" className={classes.countGrid}>
        <CountTable
          caption={t('resolved.outcomes')}
          rows={REVIEW_OUTCOMES.map((outcome) => ({ outcome, count: resolved.by_outcome[outcome] ?? 0 }))}
          name={{ title: t('resolved.outcome'), value: (row) => tr(`outcome.${row.outcome}`) }}
          columns={[{ title: t('resolved.count'), value: (row) => row.count }]}
        />
        <CountTable
          caption={t('resolved.people')}
          rows={handover.people}
          name={{ title: t('resolved.person'), value: (row) => row.name }}
          columns={[
            { title: t('resolved.acknowledged'), value: (row) => row.acknowledged },
            { title: t('resolved.resolvedCount'), value: (row) => row.resolved },
          ]}
        />
      </SimpleGrid>
      {resolved.items.length === 0 ? (
        <Text c="dimmed">{t('resolved.none')}</Text>
      ) : (
        <>
          {resolved.items.length < resolved.total && (
            <Text size="sm" c="dimmed" mb="xs">
              {t('resolved.more', { shown: resolved.items.length, total: resolved.total })}
            </Text>
          )}
          <ResolvedTable items={resolved.items} caption={t('resolved.title')} places={places} />
        </>
      )}
    </Section>
  );
}

export function OpenSection({ handover, now, places }: { handover: Handover; now: number; places: HandoverPlaces }) {
  const { t } = useTranslation('handover');
  const { open } = handover;
  return (
    <Section title={t('open.title')}>
      {open.items.length === 0 ? (
        <Text c="dimmed">{t('open.none')}</Text>
      ) : (
        <>
          {open.items.length < open.total && (
            <Text size="sm" c="dimmed" mb="xs">
              {t('open.more', { shown: open.items.length, total: open.total })}
            </Text>
          )}
          <OpenTable items={open.items} caption={t('open.title')} now={now} places={places} />
        </>
      )}
    </Section>
  );
}
