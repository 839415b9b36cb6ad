import { useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { accessToken, edgeConnection } from '@/api';
import { useRuntimeConfig } from '@/lib/runtime-config';

/**
 * When the browser must hold the token: sends the user to sign-in if it has none or the edge
 * rejects it, remembering where they were so sign-in brings them back. When the server holds
 * the token there is nothing to sign in to; the shell explains a rejected server token instead.
 */
export function AuthGate() {
  const config = useRuntimeConfig();
  const location = useLocation();
  const connection = useSyncExternalStore(edgeConnection.subscribe, edgeConnection.get);
  const from = `${location.pathname}${location.search}`;
  if (config.serverHoldsToken) return <Outlet />;
  if (connection.status === 'unauthorized') {
    // Idempotent, so safe in render: sign-in must know why the user arrived however it gets there.
    accessToken.reject();
    return <Navigate to="/sign-in" replace state={{ from, expired: true }} />;
  }
  if (accessToken.get() === null) return <Navigate to="/sign-in" replace state={{ from }} />;
  return <Outlet />;
}
