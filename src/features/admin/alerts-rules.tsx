import { Badge, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { alertQueries, deleteAlertRule, type AlertRule } from '@/api/alerts';
import { QueryView } from '@/components/query-feedback';
import { useTranslation } from '@/lib/i18n';
import { AlertRuleForm } from './alerts-rule-form';
import './alerts-locales';

/** Where a rule sends: its own channels, then one line per escalation step. */
function Destinations({ rule }: { rule: AlertRule }) {
  const { t } = useTranslation('adminAlerts');
  const { channels, escalate } = rule.settings;
  return (
    <Stack gap={2}>
      <Text size="sm">{channels.join(', ') || '—'}</Text>
      {escalate.map((step, i) => (
        <Text key={i} size="sm" c="dimmed">
          {t('rules.stepLine', { after: step.after, channels: step.channels.join(', ') })}
        </Text>
      ))}
    </Stack>
  );
}

function Badges({ rule }: { rule: AlertRule }) {
  const { t } = useTranslation('adminAlerts');
  return (
    <>
      {!rule.enabled && <Badge color="gray">{t('off')}</Badge>}
      {rule.source === 'file' && <Badge variant="light">{t('fromFile')}</Badge>}
    </>
  );
}

/** Admin → Alerts → Rules: a table on a desk, a card per rule on a phone (where five columns would crush). */
export function AlertRules() {
  const { t } = useTranslation('adminAlerts');
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
  const list = useQuery(alertQueries.rules());
  const channels = useQuery(alertQueries.channels());
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (rule: AlertRule) => deleteAlertRule(rule.id),
    onSuccess: (_r, rule) => {
      void queryClient.invalidateQueries({ queryKey: alertQueries.all() });
      notifications.show({ color: 'teal', message: t('removed', { name: rule.name }) });
    },
    onError: (error) => notifications.show({ color: 'red', title: t('failed'), message: error.message }),
  });
  const names = channels.data?.results.map((c) => c.name) ?? [];
  const labels = (rule: AlertRule) => rule.settings.labels.join(', ') || t('rules.any');
  const priority = (rule: AlertRule) => t(`rules.priorities.${rule.settings.priority as 'high'}`);
  const actions = (rule: AlertRule) =>
    rule.source !== 'file' && (
      <Group gap="xs" wrap="nowrap" justify="flex-end">
        <Button size="xs" variant="subtle" onClick={() => setEditing(rule)} aria-label={`${t('edit')}: ${rule.name}`}>
          {t('edit')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => remove.mutate(rule)}
          aria-label={`${t('remove')}: ${rule.name}`}
        >
          {t('remove')}
        </Button>
      </Group>
    );
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('rules.add')}
        </Button>
      </Group>
      <QueryView query={list}>
        {({ results }) =>
          results.length === 0 ? (
            <Text c="dimmed">{t('empty')}</Text>
          ) : phone ? (
            <Stack gap="sm" role="list" aria-label={t('rules.label')}>
              {results.map((rule) => (
                <Paper key={rule.id} withBorder p="sm" role="listitem" aria-label={rule.name}>
                  <Stack gap={6}>
                    <Group gap="xs" justify="space-between" wrap="nowrap">
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {rule.name}
                      </Text>
                      <Badge variant="light">{priority(rule)}</Badge>
                    </Group>
                    <Badges rule={rule} />
                    <Text size="sm">{labels(rule)}</Text>
                    <Destinations rule={rule} />
                    {actions(rule)}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table aria-label={t('rules.label')} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('rules.name')}</Table.Th>
                    <Table.Th>{t('rules.labelsShort')}</Table.Th>
                    <Table.Th>{t('rules.priority')}</Table.Th>
                    <Table.Th>{t('rules.channels')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {results.map((rule) => (
                    <Table.Tr key={rule.id}>
                      <Table.Td>
                        <Text fw={500}>{rule.name}</Text>
                        <Badges rule={rule} />
                      </Table.Td>
                      <Table.Td>{labels(rule)}</Table.Td>
                      <Table.Td>{priority(rule)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Destinations rule={rule} />
                      </Table.Td>
                      <Table.Td>{actions(rule)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryView>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('rules.add') : t('rules.editTitle')}
        size="lg"
        fullScreen={phone}
      >
        {editing !== null && (
          <AlertRuleForm rule={editing === 'new' ? null : editing} channels={names} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </Stack>
  );
}
