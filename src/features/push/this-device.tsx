import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBell, IconBellOff, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { addPushDevice, pushQueries, removePushDevice, testPushDevice } from '@/api/push';
import { i18n, useTranslation, type TFunction } from '@/lib/i18n';
import {
  guessDeviceName,
  PushRefusal,
  pushSupport,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from './push-browser';
import { useThisBrowser } from './use-this-browser';

function refusalText(error: unknown, t: TFunction<'push'>): string {
  if (error instanceof PushRefusal) {
    if (error.reason === 'service') return t('service', { reason: error.message });
    return t(error.reason);
  }
  return t('failed', { reason: error instanceof Error ? error.message : String(error) });
}

/** This browser: turn notifications on or off, and send itself a test. */
export function ThisDevice() {
  const { t } = useTranslation('push');
  const queryClient = useQueryClient();
  const support = pushSupport();
  const { device } = useThisBrowser();
  const [name, setName] = useState(guessDeviceName);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: pushQueries.all() });

  const subscribe = useMutation({
    mutationFn: async () => {
      const { publicKey } = await queryClient.fetchQuery(pushQueries.key());
      const subscription = await subscribeThisBrowser(publicKey);
      return addPushDevice({ ...subscription, name: name.trim() || guessDeviceName(), language: i18n.language });
    },
    onMutate: () => setMessage(null),
    onSuccess: () => void refresh(),
    onError: (error) => {
      setMessage({ ok: false, text: refusalText(error, t) });
      void refresh();
    },
  });
  const unsubscribe = useMutation({
    mutationFn: async (id: string) => {
      await removePushDevice(id);
      await unsubscribeThisBrowser();
    },
    onMutate: () => setMessage(null),
    onSettled: () => void refresh(),
    onError: (error) => setMessage({ ok: false, text: refusalText(error, t) }),
  });
  const test = useMutation({
    mutationFn: testPushDevice,
    onMutate: () => setMessage(null),
    onSuccess: () => setMessage({ ok: true, text: t('testSent') }),
    onError: (error) => {
      setMessage({ ok: false, text: refusalText(error, t) });
      void refresh();
    },
  });

  if (support !== 'supported') {
    return (
      <Alert color="yellow" title={t('thisDevice')}>
        {t(support)}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Title order={3} size="h5">
          {t('thisDevice')}
        </Title>
        {device !== null && (
          <Badge color="teal" variant="light">
            {device.name}
          </Badge>
        )}
      </Group>
      <Text size="sm">{device === null ? t('notSubscribed') : t('subscribed')}</Text>
      {message !== null && (
        <Alert color={message.ok ? 'teal' : 'red'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      )}
      {device === null ? (
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('deviceName')}
            value={name}
            maxLength={80}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ flex: '1 1 12rem' }}
          />
          <Button
            leftSection={<IconBell size={16} aria-hidden />}
            loading={subscribe.isPending}
            onClick={() => subscribe.mutate()}
          >
            {t('subscribe')}
          </Button>
        </Group>
      ) : (
        <Group wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={test.isPending}
            onClick={() => test.mutate(device.id)}
          >
            {t('sendTest')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconBellOff size={16} aria-hidden />}
            loading={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(device.id)}
          >
            {t('unsubscribe')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
