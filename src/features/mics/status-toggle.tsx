import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { micQueries, storeMic, updateMic, type Mic } from '@/api';
import { MicStatusBadge } from '@/components/mic-status-badge';
import { PlainSwitch } from '@/components/plain-controls/plain-switch';
import classes from './mics.module.css';

/**
 * Active/inactive straight from the row. Switching a device off asks first (one stray click would
 * silence a security microphone); switching it on does not. The switch flips at once in every
 * cached copy; if the edge refuses, the device goes back to what it was and a notification says why.
 */
export function StatusToggle({ mic }: { mic: Mic }) {
  const { t } = useTranslation('mics');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // The dialog joins the row when first asked for: one closed Modal in each of 25 rows cost a
  // phone's first draw of the table its hooks and transitions; once there, it stays to animate out
  // and hand focus back to the switch.
  const [asked, setAsked] = useState(false);
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

  const deactivate = () => {
    setConfirming(false);
    mutation.mutate('inactive');
  };

  return (
    // A click on the switch, or in its dialog (portalled, but React events still bubble here), is
    // not a click on the row (which opens the drawer).
    // A plain row, not a Group: one per table row, and Group's style resolution bought nothing here.
    <div className={classes.statusCell} onClick={(event) => event.stopPropagation()}>
      <PlainSwitch
        checked={mic.status === 'active'}
        disabled={mutation.isPending}
        onChange={(event) => {
          if (event.currentTarget.checked) return mutation.mutate('active');
          setAsked(true);
          setConfirming(true);
        }}
        aria-label={t('toggle.label', { name: mic.name })}
      />
      <MicStatusBadge status={mic.status} />
      {asked && (
        <Modal
          opened={confirming}
          onClose={() => setConfirming(false)}
          title={t('toggle.confirmTitle', { name: mic.name })}
          centered
        >
          <Text size="sm">{t('toggle.confirmBody')}</Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t('toggle.keep')}
            </Button>
            <Button color="red" onClick={deactivate}>
              {t('toggle.confirm')}
            </Button>
          </Group>
        </Modal>
      )}
    </div>
  );
}
