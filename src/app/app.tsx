import './shell-styles';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { i18n } from '@/lib/i18n';
import { RuntimeConfigProvider, type RuntimeConfig } from '@/lib/runtime-config';
import { createQueryClient } from './query-client';
import { createRouter } from './router';
import { theme } from './theme';

export function App({ config }: { config: RuntimeConfig }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  // The wall display is always dark (a control room), whatever the saved colour scheme says.
  const [onWall, setOnWall] = useState(() => router.state.location.pathname === '/wall');
  useEffect(() => router.subscribe((state) => setOnWall(state.location.pathname === '/wall')), [router]);
  return (
    <RuntimeConfigProvider value={config}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <MantineProvider theme={theme} defaultColorScheme="auto" forceColorScheme={onWall ? 'dark' : undefined}>
            <Notifications position="top-right" limit={4} />
            <RouterProvider router={router} />
          </MantineProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </RuntimeConfigProvider>
  );
}
