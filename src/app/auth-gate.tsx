import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { accessToken, edgeConnection } from '@/api';
import { useRuntimeConfig } from '@/lib/runtime-config';

/**
 * Sends the user to sign-in when the browser must hold the token and has none, or when the
 * edge rejects it; remembers where they were so sign-in brings them back.
 */
function useAuthRedirect(): string | null {
  const config = useRuntimeConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const connection = useSyncExternalStore(edgeConnection.subscribe, edgeConnection.get);
  const from = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (!config.serverHoldsToken && connection.status === 'unauthorized') {
      accessToken.clear();
      edgeConnection.reset();
      queryClient.clear();
      navigate('/sign-in', { replace: true, state: { from, expired: true } });
    }
  }, [config.serverHoldsToken, connection.status, from, navigate, queryClient]);

  return !config.serverHoldsToken && accessToken.get() === null ? from : null;
}

export function AuthGate() {
  const signInFrom = useAuthRedirect();
  if (signInFrom !== null) return <Navigate to="/sign-in" replace state={{ from: signInFrom }} />;
  return <Outlet />;
}
