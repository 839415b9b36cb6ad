import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { auditQueries, type AuditEntry } from '@/api';
import { actionLabel, actorLabel, changesOf } from '@/components/audit/audit-changes';
import { AuditChanges } from '@/components/audit/audit-changes-list';
import { DateTime } from '@/components/date-time';
import { QueryView } from '@/components/query-feedback';
import { translateData, useTranslation } from '@/lib/i18n';
import { RateChange } from './rate-change';
import './history-locales';

const FIRST = 10;
const STEP = 30;
/** The server's largest page. */
const MOST = 100;

function HistoryEntry({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('micHistory');
  // Only a change that went through moved the rate; each changed category gets its before/after.
  const thresholdChanges =
    entry.outcome === 'ok' && entry.target !== null
      ? changesOf(entry.details).filter((change) => change.field === 'thresholds' && change.category !== undefined)
      : [];
  return (
    <li>
      <Paper withBorder p="xs" radius="sm">
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {actionLabel(entry.action)}
            </Text>
            {entry.outcome !== 'ok' && (
              <Badge size="sm" variant="light" color={entry.outcome === 'failed' ? 'orange' : 'red'}>
                {translateData('audit', `outcomes.${entry.outcome}`, entry.outcome)}
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {t('by', { actor: actorLabel(entry.actor) })}
            </Text>
          </Group>
          <DateTime value={entry.at} size="xs" dimmed />
        </Group>
        <AuditChanges entry={entry} />
        {thresholdChanges.map((change) => (
          <RateChange key={change.category} micId={entry.target!.id} category={change.category!} at={entry.at} />
        ))}
      </Paper>
    </li>
  );
}

/** The drawer's History section: who changed this mic, when, and each field's old → new. Read-only. */
export function MicHistory({ micId }: { micId: string }) {
  const { t } = useTranslation('micHistory');
  const [size, setSize] = useState(FIRST);
  const query = useQuery(auditQueries.history(micId, { page: 1, size }));
  const titleId = useId();
  const entries = query.data?.results;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <div>
        <Title order={3} size="h5" id={titleId}>
          {t('title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('description')}
        </Text>
      </div>
      <QueryView
        query={query}
        loading={<Skeleton height={48} />}
        isEmpty={(page) => page.results.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {t('empty')}
          </Text>
        }
      >
        {(page) => (
          <Stack gap={6} component="ol" aria-label={t('list')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {page.results.map((entry) => (
              <HistoryEntry key={entry.id} entry={entry} />
            ))}
          </Stack>
        )}
      </QueryView>
      {entries !== undefined && (query.data?.total_cnt ?? 0) > entries.length && size < MOST && (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            loading={query.isFetching}
            onClick={() => setSize((current) => Math.min(MOST, current + STEP))}
          >
            {t('more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
