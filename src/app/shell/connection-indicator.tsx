import { Badge } from '@mantine/core';
import { IconAccessPoint, IconAccessPointOff, IconLoader, IconLockX } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '@/lib/i18n';
import { edgeConnection, useLiveStatus } from '@/api';
import { clockTime } from '@/lib/clock-time';

/**
 * The edge connection in words and an icon: live (the hub's stream is open), polling (the edge
 * answers but changes are fetched every few seconds), stale since a time, unreachable, unauthorized.
 */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const state = useSyncExternalStore(edgeConnection.subscribe, edgeConnection.get);
  const live = useLiveStatus();
  let color = 'gray';
  let label = t('connection.connecting');
  let icon = <IconLoader size={14} aria-hidden />;
  let hint: string | null = null;
  switch (state.status) {
    case 'live': {
      // "Live" only while changes are pushed: the pages say the same (e.g. "checking every 10 s" without it).
      const pushed = live === 'live';
      color = pushed ? 'teal' : 'blue';
      label = pushed ? t('connection.live') : t('connection.polling');
      icon = <IconAccessPoint size={14} aria-hidden />;
      hint =
        state.lastOkAt === null
          ? null
          : t(pushed ? 'connection.liveHint' : 'connection.pollingHint', { time: clockTime(state.lastOkAt) });
      break;
    }
    case 'unreachable':
      color = state.lastOkAt === null ? 'red' : 'orange';
      label =
        state.lastOkAt === null
          ? t('connection.unreachable')
          : t('connection.staleSince', { time: clockTime(state.lastOkAt) });
      icon = <IconAccessPointOff size={14} aria-hidden />;
      hint = state.message;
      break;
    case 'unauthorized':
      color = 'red';
      label = t('connection.unauthorized');
      icon = <IconLockX size={14} aria-hidden />;
      hint = state.message;
      break;
    default:
      break;
  }
  return (
    <Badge
      color={color}
      variant="light"
      size="lg"
      leftSection={icon}
      role="status"
      aria-live="polite"
      aria-label={hint === null ? label : `${label}: ${hint}`}
      data-testid="connection-state"
      data-state={state.status}
      // Whether changes are pushed (the hub's stream) or polled: tests wait on it, people need not.
      data-live={live}
      data-hint={hint ?? undefined}
      style={{ textTransform: 'none' }}
    >
      {label}
    </Badge>
  );
}
