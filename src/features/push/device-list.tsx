import { ActionIcon, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pushQueries, removePushDevice } from '@/api/push';
import { formatDateTime } from '@/lib/format';
import { i18n, useTranslation } from '@/lib/i18n';
import { unsubscribeThisBrowser } from './push-browser';
import { useThisBrowser } from './use-this-browser';

/** One's devices, each removable; removing this browser's also lets go of its subscription. */
export function DeviceList() {
  const { t } = useTranslation('push');
  const queryClient = useQueryClient();
  const { devices, endpoint } = useThisBrowser();
  const remove = useMutation({
    mutationFn: async ({ id, here }: { id: string; here: boolean }) => {
      await removePushDevice(id);
      if (here) await unsubscribeThisBrowser();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushQueries.all() }),
  });
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('devices')}
      </Title>
      {devices !== undefined && devices.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('noDevices')}
        </Text>
      )}
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('devices')}>
        {devices?.map((device) => {
          const here = device.endpoint === endpoint;
          return (
            <li key={device.id}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {device.name}
                    </Text>
                    {here && (
                      <Badge size="xs" variant="light">
                        {t('current')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c={device.lastError === null ? 'dimmed' : 'red'}>
                    {device.lastError !== null
                      ? t('lastError', { error: device.lastError })
                      : device.lastSuccessAt === null
                        ? t('neverSent')
                        : t('lastOk', { when: formatDateTime(device.lastSuccessAt, i18n.language) })}
                  </Text>
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('remove', { name: device.name })}
                  loading={remove.isPending && remove.variables?.id === device.id}
                  onClick={() => remove.mutate({ id: device.id, here })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
