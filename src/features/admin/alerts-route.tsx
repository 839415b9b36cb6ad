import { Alert, Badge, Button, Group, Modal, Stack, Table, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  alertQueries,
  deleteAlertChannel,
  deleteAlertRule,
  testAlertChannel,
  type AlertChannel,
  type AlertRule,
} from '@/api/alerts';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/query-feedback';
import { useTranslation } from '@/lib/i18n';
import { AlertChannelForm } from './alerts-channel-form';
import { AlertDeliveries } from './alerts-deliveries';
import { AlertRuleForm } from './alerts-rule-form';
import './alerts-locales';

function target(channel: AlertChannel): string {
  const s = channel.settings;
  if (Array.isArray(s.to)) return s.to.map(String).join(', ');
  if (typeof s.topic === 'string') return `${String(s.url)} → ${s.topic}`;
  return typeof s.url === 'string' ? s.url : '—';
}

function Channels() {
  const { t } = useTranslation('adminAlerts');
  const queryClient = useQueryClient();
  const list = useQuery(alertQueries.channels());
  const [editing, setEditing] = useState<AlertChannel | 'new' | null>(null);
  const test = useMutation({
    mutationFn: (channel: AlertChannel) => testAlertChannel(channel.id),
    onSuccess: (result, channel) =>
      notifications.show(
        result.ok
          ? { color: 'teal', message: t('channels.testOk', { name: channel.name, ms: result.latencyMs }) }
          : { color: 'red', title: t('channels.testFailed', { name: channel.name }), message: result.detail ?? '' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertQueries.deliveries().queryKey }),
  });
  const remove = useMutation({
    mutationFn: (channel: AlertChannel) => deleteAlertChannel(channel.id),
    onSuccess: (_r, channel) => {
      void queryClient.invalidateQueries({ queryKey: alertQueries.all() });
      notifications.show({ color: 'teal', message: t('removed', { name: channel.name }) });
    },
    onError: (error) => notifications.show({ color: 'red', title: t('failed'), message: error.message }),
  });
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('channels.add')}
        </Button>
      </Group>
      <QueryView query={list}>
        {({ results, types }) => (
          <>
            <Table.ScrollContainer minWidth={560}>
              <Table aria-label={t('channels.label')} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('channels.name')}</Table.Th>
                    <Table.Th>{t('channels.type')}</Table.Th>
                    <Table.Th>{t('channels.target')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {results.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={4}>
                        <Text c="dimmed">{t('empty')}</Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {results.map((channel) => (
                    <Table.Tr key={channel.id}>
                      <Table.Td>
                        <Text fw={500}>{channel.name}</Text>
                        {!channel.enabled && <Badge color="gray">{t('off')}</Badge>}
                        {channel.source === 'file' && <Badge variant="light">{t('fromFile')}</Badge>}
                      </Table.Td>
                      <Table.Td>{channel.type}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{target(channel)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap" justify="flex-end">
                          <Button
                            size="xs"
                            variant="light"
                            loading={test.isPending && test.variables?.id === channel.id}
                            onClick={() => test.mutate(channel)}
                            aria-label={`${t('channels.test')}: ${channel.name}`}
                          >
                            {t('channels.test')}
                          </Button>
                          {channel.source !== 'file' && (
                            <>
                              <Button size="xs" variant="subtle" onClick={() => setEditing(channel)}>
                                {t('edit')}
                              </Button>
                              <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate(channel)}>
                                {t('remove')}
                              </Button>
                            </>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('channels.add')} size="lg">
              {editing !== null && (
                <AlertChannelForm
                  channel={editing === 'new' ? null : editing}
                  types={types}
                  onDone={() => setEditing(null)}
                />
              )}
            </Modal>
          </>
        )}
      </QueryView>
    </Stack>
  );
}

function Rules() {
  const { t } = useTranslation('adminAlerts');
  const queryClient = useQueryClient();
  const list = useQuery(alertQueries.rules());
  const channels = useQuery(alertQueries.channels());
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (rule: AlertRule) => deleteAlertRule(rule.id),
    onSuccess: (_r, rule) => {
      void queryClient.invalidateQueries({ queryKey: alertQueries.all() });
      notifications.show({ color: 'teal', message: t('removed', { name: rule.name }) });
    },
  });
  const names = channels.data?.results.map((c) => c.name) ?? [];
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('rules.add')}
        </Button>
      </Group>
      <QueryView query={list}>
        {({ results }) => (
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
                {results.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed">{t('empty')}</Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {results.map((rule) => (
                  <Table.Tr key={rule.id}>
                    <Table.Td>
                      <Text fw={500}>{rule.name}</Text>
                      {!rule.enabled && <Badge color="gray">{t('off')}</Badge>}
                      {rule.source === 'file' && <Badge variant="light">{t('fromFile')}</Badge>}
                    </Table.Td>
                    <Table.Td>{rule.settings.labels.join(', ') || t('rules.any')}</Table.Td>
                    <Table.Td>{t(`rules.priorities.${rule.settings.priority as 'high'}`)}</Table.Td>
                    <Table.Td>
                      {[
                        rule.settings.channels.join(', '),
                        ...rule.settings.escalate.map((s) => `+${s.after}s → ${s.channels.join(', ')}`),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Table.Td>
                    <Table.Td>
                      {rule.source !== 'file' && (
                        <Group gap="xs" wrap="nowrap" justify="flex-end">
                          <Button size="xs" variant="subtle" onClick={() => setEditing(rule)}>
                            {t('edit')}
                          </Button>
                          <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate(rule)}>
                            {t('remove')}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryView>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('rules.add')} size="lg">
        {editing !== null && (
          <AlertRuleForm rule={editing === 'new' ? null : editing} channels={names} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </Stack>
  );
}

/** Admin → Alerts: channels (with "send a test"), rules, and the delivery log; a banner when deliveries failed. */
export function Component() {
  const { t } = useTranslation('adminAlerts');
  const deliveries = useQuery(alertQueries.deliveries());
  const failed = deliveries.data?.failed ?? 0;
  return (
    <Stack gap="md">
      <PageHeader level={3} title={t('title')} subtitle={t('subtitle')} />
      {failed > 0 && (
        <Alert color="red" role="alert">
          {t('failedBanner', { count: failed, error: deliveries.data?.lastFailure?.last_error ?? '—' })}
        </Alert>
      )}
      <Tabs defaultValue="rules" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="rules">{t('tabs.rules')}</Tabs.Tab>
          <Tabs.Tab value="channels">{t('tabs.channels')}</Tabs.Tab>
          <Tabs.Tab value="deliveries">{t('tabs.deliveries')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rules" pt="sm">
          <Rules />
        </Tabs.Panel>
        <Tabs.Panel value="channels" pt="sm">
          <Channels />
        </Tabs.Panel>
        <Tabs.Panel value="deliveries" pt="sm">
          <AlertDeliveries query={deliveries} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
