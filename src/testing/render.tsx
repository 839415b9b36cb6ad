import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { sessionQueries, type Me } from '@/api';
import { theme } from '@/app/theme';
import { HintHost } from '@/components/hint';
import { RuntimeConfigProvider, type RuntimeConfig } from '@/lib/runtime-config';

export const demoConfig: RuntimeConfig = {
  mode: 'demo',
  serverHoldsToken: true,
  live: false,
  readOnly: false,
  mapTileUrl: null,
  mapTileAttribution: null,
  escalateAfterMinutes: 3,
  auth: { demoAutoSignIn: true, oidc: null, browserToken: false },
};

export const demoAdmin: Me = { kind: 'account', username: 'demo', role: 'admin' };

/** A query client that already knows who is signed in (the app's AuthGate waits for that too). */
export function testQueryClient(me: Me | null = demoAdmin): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionQueries.me().queryKey, me);
  return queryClient;
}

export function Providers({
  children,
  queryClient = testQueryClient(),
  config = demoConfig,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  config?: RuntimeConfig;
}) {
  return (
    <RuntimeConfigProvider value={config}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme}>
          <Notifications />
          <HintHost />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </RuntimeConfigProvider>
  );
}

/** Renders routes in a memory router inside the app's providers, starting at `path`. */
export function renderRoutes(
  routes: RouteObject[],
  {
    path = '/',
    queryClient = testQueryClient(),
    config = demoConfig,
  }: { path?: string; queryClient?: QueryClient; config?: RuntimeConfig } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <Providers queryClient={queryClient} config={config}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, queryClient };
}

export function renderWithProviders(
  ui: ReactElement,
  options: Omit<RenderOptions, 'wrapper'> & { queryClient?: QueryClient } = {},
) {
  const { queryClient = testQueryClient(), ...rest } = options;
  return {
    ...render(ui, { wrapper: ({ children }) => <Providers queryClient={queryClient}>{children}</Providers>, ...rest }),
    queryClient,
  };
}
