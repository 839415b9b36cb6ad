import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClockExclamation, IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { ApiError, usePushedHealth } from '@/api';
import { clockTime } from '@/lib/clock-time';
import { PageLoader } from './page-loader';

interface QueryLike<T = unknown> {
  data: T | undefined;
  error: Error | null;
  isError: boolean;
  dataUpdatedAt: number;
  refetch: () => unknown;
  isFetching: boolean;
}

/**
 * For a query that has data but whose latest refresh failed: the data stays on screen,
 * marked with the time it is from, while React Query keeps retrying.
 */
export function StaleDataNotice({ query }: { query: QueryLike }) {
  const { t } = useTranslation();
  // While pushed, the page asks nothing itself: the hub's word that it cannot read the edge marks it stale.
  const hub = usePushedHealth();
  const hubFailing = hub !== null && (hub.status === 'down' || hub.status === 'degraded') && hub.error !== null;
  if (query.data === undefined) return null;
  let time: number;
  let reason: string;
  if (query.isError && query.error !== null) {
    time = query.dataUpdatedAt;
    reason = query.error.message;
  } else if (hubFailing) {
    time = hub.lastOkAt === null ? query.dataUpdatedAt : Date.parse(hub.lastOkAt);
    reason = hub.error!;
  } else return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconClockExclamation aria-hidden />}
      role="status"
      aria-live="polite"
      data-testid="stale-notice"
    >
      {t('query.staleNotice', { time: clockTime(time), reason })}
    </Alert>
  );
}

/** For a query with nothing to show: says why, names the field of a contract mismatch, offers a retry. */
export function QueryError({
  error,
  onRetry,
  retrying = false,
}: {
  error: Error;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('query.errorTitle')}
      role="alert"
    >
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {error.message}
        </Text>
        {onRetry !== undefined && (
          <Group>
            <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
              {t('query.retry')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

export function NotFoundState({
  title,
  description,
  backTo,
  backLabel,
}: {
  title?: ReactNode;
  description: ReactNode;
  backTo: string;
  backLabel?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" py="xl" role="alert">
      <IconMoodEmpty size={48} aria-hidden opacity={0.6} />
      <Title order={2} size="h3">
        {title ?? t('query.notFoundTitle')}
      </Title>
      <Text c="dimmed" ta="center" maw={520} style={{ overflowWrap: 'anywhere' }}>
        {description}
      </Text>
      <Button component={Link} to={backTo} variant="light">
        {backLabel ?? t('query.back')}
      </Button>
    </Stack>
  );
}

/** Nothing to list: says so, why if known, and offers a way out (clear the filter, first page). */
export function EmptyState({
  title,
  description,
  action,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="xs" role="status">
        <IconMoodEmpty size={40} aria-hidden opacity={0.6} />
        <Text fw={600}>{title}</Text>
        {description !== undefined && (
          <Text size="sm" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
            {description}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}

/**
 * A query's data once it is there; until then its loading state, or why it failed with a retry.
 * A 404 shows `notFound` even over data already loaded: the thing is gone. `empty` replaces the
 * data when `isEmpty` says there is nothing to show.
 */
export function QueryView<T>({
  query,
  loading = <PageLoader />,
  notFound,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  loading?: ReactNode;
  notFound?: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (notFound !== undefined && query.error instanceof ApiError && query.error.isNotFound) return notFound;
  if (query.data === undefined) {
    if (query.isError && query.error !== null)
      return <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
    return loading;
  }
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}
