import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { CompositeEvent } from '@/api';
import { LabelName } from '@/components/label-name';
import { formatDuration } from '@/lib/format';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {term}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

export function RulePanel({ composite }: { composite: CompositeEvent }) {
  const { t } = useTranslation('composite-events');
  const { rule } = composite;
  // Label names are known only for labels that occur in this event; others show their id.
  const names = new Map(composite.labels.map((l) => [l.id, l.name]));
  const micNames = new Map(composite.mics.map((m) => [m.id, m.name]));

  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby="rule-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={3} size="h4" id="rule-title">
              {t('detail.rule')}
            </Title>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {rule.name}{' '}
              <Text span size="xs" c="dimmed">
                ({rule.id})
              </Text>
            </Text>
          </div>
          {rule.enabled ? (
            <Badge
              color="teal"
              variant="light"
              leftSection={<IconCircleCheck size={12} aria-hidden />}
              style={{ flex: 'none' }}
            >
              {t('detail.enabled')}
            </Badge>
          ) : (
            <Badge
              color="gray"
              variant="light"
              leftSection={<IconCircleOff size={12} aria-hidden />}
              style={{ flex: 'none' }}
            >
              {t('detail.disabled')}
            </Badge>
          )}
        </Group>
        <Text
          size="sm"
          c={rule.description === '' ? 'dimmed' : undefined}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {rule.description === '' ? t('detail.noDescription') : rule.description}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" component="dl" m={0}>
          <Fact term={t('detail.window')}>{formatDuration(rule.window_seconds * 1000)}</Fact>
          <Fact term={t('detail.minEvents')}>{t('detail.minEventsValue', { count: rule.min_events })}</Fact>
          <Fact term={t('detail.groupBy')}>
            {rule.group_by === 'label_id' ? t('detail.groupByLabel') : rule.group_by}
          </Fact>
        </SimpleGrid>
        <Stack gap="xs" component="dl" m={0}>
          <Fact term={t('detail.includedLabels')}>
            {rule.include_label_ids.length === 0 ? (
              t('detail.allLabels')
            ) : (
              <Group gap={6} component="span">
                {rule.include_label_ids.map((id) => {
                  const name = names.get(id);
                  return (
                    <Badge key={id} variant="outline" color="indigo" style={{ textTransform: 'none' }}>
                      {name === undefined ? id : <LabelName name={name} size="xs" strong />}
                    </Badge>
                  );
                })}
              </Group>
            )}
          </Fact>
          <Fact term={t('detail.includedMics')}>
            {rule.include_mic_ids.length === 0
              ? t('detail.allMics')
              : rule.include_mic_ids.map((id) => (micNames.has(id) ? `${micNames.get(id)} (${id})` : id)).join(', ')}
          </Fact>
        </Stack>
      </Stack>
    </Paper>
  );
}
