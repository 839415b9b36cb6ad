import { Group, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { micQueries, storeMic, updateMic, type Mic } from '@/api';
import { MicStatusBadge } from '@/components/mic-status-badge';

/**
 * Active/inactive straight from the row. The switch flips at once in every cached copy; if the
 * edge refuses, the device goes back to what it was and a notification says why.
 */
export function StatusToggle({ mic }: { mic: Mic }) {
  const { t } = useTranslation('mics');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (status: 'active' | 'inactive') => updateMic(mic.id, { status }),
    onMutate: async (status) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: micQueries.lists() }),
        queryClient.cancelQueries({ queryKey: micQueries.inventories() }),
      ]);
      storeMic(queryClient, { ...mic, status });
      return { previous: mic };
    },
    onError: (error, _status, context) => {
      if (context !== undefined) storeMic(queryClient, context.previous);
      notifications.show({
        color: 'red',
        title: t('toggle.refused', { name: mic.name }),
        message: error.message,
        autoClose: 10_000,
      });
    },
    onSuccess: (saved) => {
      storeMic(queryClient, saved);
      notifications.show({
        color: 'teal',
        message:
          saved.status === 'active'
            ? t('toggle.activated', { name: saved.name })
            : t('toggle.deactivated', { name: saved.name }),
        autoClose: 3000,
      });
    },
  });

  return (
    // A click on the switch is not a click on the row (which opens the drawer).
    <Group gap={8} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
      <Switch
        size="sm"
        checked={mic.status === 'active'}
        disabled={mutation.isPending}
        onChange={(event) => mutation.mutate(event.currentTarget.checked ? 'active' : 'inactive')}
        aria-label={t('toggle.label', { name: mic.name })}
      />
      <MicStatusBadge status={mic.status} />
    </Group>
  );
}
