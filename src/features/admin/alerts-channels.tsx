import { Badge, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { alertQueries, deleteAlertChannel, testAlertChannel, type AlertChannel } from '@/api/alerts';
import { QueryView } from '@/components/query-feedback';
import { useTranslation } from '@/lib/i18n';
import { AlertChannelForm } from './alerts-channel-form';
import './alerts-locales';

function target(channel: AlertChannel): string {
  const s = channel.settings;
  if (Array.isArray(s.to)) return s.to.map(String).join(', ');
  if (typeof s.topic === 'string') return `${String(s.url)} → ${s.topic}`;
  return typeof s.url === 'string' ? s.url : '—';
}

function Badges({ channel }: { channel: AlertChannel }) {
  const { t } = useTranslation('adminAlerts');
  return (
    <>
      {!channel.enabled && <Badge color="gray">{t('off')}</Badge>}
      {channel.source === 'file' && <Badge variant="light">{t('fromFile')}</Badge>}
    </>
  );
}

/** Admin → Alerts → Channels, each with "send a test": a table on a desk, a card per channel on a phone. */
export function AlertChannels() {
  const { t } = useTranslation('adminAlerts');
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
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
    onError: (error) => notifications.show({ color: 'red', title: t('failed'), message: error.message }),
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
  const actions = (channel: AlertChannel) => (
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
          <Button
            size="xs"
            variant="subtle"
            onClick={() => setEditing(channel)}
            aria-label={`${t('edit')}: ${channel.name}`}
          >
            {t('edit')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => remove.mutate(channel)}
            aria-label={`${t('remove')}: ${channel.name}`}
          >
            {t('remove')}
          </Button>
        </>
      )}
    </Group>
  );
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
            {results.length === 0 ? (
              <Text c="dimmed">{t('empty')}</Text>
            ) : phone ? (
              <Stack gap="sm" role="list" aria-label={t('channels.label')}>
                {results.map((channel) => (
                  <Paper key={channel.id} withBorder p="sm" role="listitem" aria-label={channel.name}>
                    <Stack gap={6}>
                      <Group gap="xs" justify="space-between" wrap="nowrap">
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {channel.name}
                        </Text>
                        <Badge variant="outline">{channel.type}</Badge>
                      </Group>
                      <Badges channel={channel} />
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {target(channel)}
                      </Text>
                      {actions(channel)}
                    </Stack>
                  </Paper>
                ))}
              </Stack>
            ) : (
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
                    {results.map((channel) => (
                      <Table.Tr key={channel.id}>
                        <Table.Td>
                          <Text fw={500}>{channel.name}</Text>
                          <Badges channel={channel} />
                        </Table.Td>
                        <Table.Td>{channel.type}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{target(channel)}</Table.Td>
                        <Table.Td>{actions(channel)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Modal
              opened={editing !== null}
              onClose={() => setEditing(null)}
              title={editing === 'new' ? t('channels.add') : t('channels.editTitle')}
              size="lg"
              fullScreen={phone}
            >
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
