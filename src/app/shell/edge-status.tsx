import { Alert, Text } from '@mantine/core';
import { IconAlertOctagon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { edgeConnection, listMics, useLiveStatus } from '@/api';
import { useTranslation } from '@/lib/i18n';
import { useRuntimeConfig } from '@/lib/runtime-config';

// Components of their own, so the connection's changes (one with every answer) and the live
// stream's re-render them alone, not the whole layout with its navigation.

/**
 * A light heartbeat keeps the header's connection state true on pages that fetch rarely; the
 * live stream's health messages do that job while it is up, and while it is opening (a page load
 * would otherwise cost the edge a request every time).
 */
export function EdgeHeartbeat() {
  const config = useRuntimeConfig();
  const liveStatus = useLiveStatus();
  useQuery({
    queryKey: ['edge-heartbeat'],
    queryFn: ({ signal }) => listMics({ page: 1, size: 1 }, signal),
    enabled: !config.live || liveStatus === 'fallback',
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
    retry: false,
  });
  return null;
}

/** The edge refuses the server's token: every page says so above its content. */
export function TokenRejectedAlert() {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const status = useSyncExternalStore(edgeConnection.subscribe, () => edgeConnection.get().status);
  if (config.auth.browserToken || status !== 'unauthorized') return null;
  return (
    <Alert color="red" icon={<IconAlertOctagon aria-hidden />} mb="md" role="alert">
      <Text size="sm">{t('connection.tokenRejected')}</Text>
    </Alert>
  );
}
