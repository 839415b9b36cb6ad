import { Alert, Button, Center, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { accessToken, edgeConnection, sessionQueries, useSessionEnded } from '@/api';
import { PageLoader } from '@/components/page-loader';
import { useTranslation } from '@/lib/i18n';
import { useRuntimeConfig } from '@/lib/runtime-config';

/**
 * Pages need a console session: without one (or once a call says it ended) the person goes to
 * sign-in, which brings them back here. With EDGE_TOKEN_FROM_BROWSER the browser must also hold
 * an edge token the edge accepts. The wall display answers for itself (wall links, its own views).
 */
export function AuthGate() {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const location = useLocation();
  const ended = useSessionEnded();
  const onWall = location.pathname === '/wall';
  const me = useQuery({ ...sessionQueries.me(), enabled: !onWall });
  const connection = useSyncExternalStore(edgeConnection.subscribe, edgeConnection.get);
  const from = `${location.pathname}${location.search}`;

  if (!onWall) {
    if (ended) return <Navigate to="/sign-in" replace state={{ from, ended: true }} />;
    if (me.isPending) return <PageLoader />;
    if (me.isError) {
      return (
        <Center mih="100vh" p="md">
          <Stack maw={480}>
            <Alert color="red" role="alert">
              {t('session.checkFailed', { reason: me.error.message })}
            </Alert>
            <Button onClick={() => void me.refetch()}>{t('query.retry')}</Button>
          </Stack>
        </Center>
      );
    }
    if (me.data === null) return <Navigate to="/sign-in" replace state={{ from }} />;
  }
  if (!config.auth.browserToken) return <Outlet />;
  if (connection.status === 'unauthorized') {
    // Idempotent, so safe in render: sign-in must know why the user arrived however it gets there.
    accessToken.reject();
    return <Navigate to="/sign-in" replace state={{ from, expired: true }} />;
  }
  if (accessToken.get() === null) return <Navigate to="/sign-in" replace state={{ from }} />;
  return <Outlet />;
}
