import './shell-styles';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { RuntimeConfigProvider, type RuntimeConfig } from '@/lib/runtime-config';
import { createQueryClient } from './query-client';
import { createRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

// Toasts appear only after something happened, so their container loads after the first paint.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

export function App({ config }: { config: RuntimeConfig }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  // The wall display is always dark (a control room), whatever the saved colour scheme says.
  const [onWall, setOnWall] = useState(() => router.state.location.pathname === '/wall');
  useEffect(() => router.subscribe((state) => setOnWall(state.location.pathname === '/wall')), [router]);
  return (
    <RuntimeConfigProvider value={config}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="auto"
          forceColorScheme={onWall ? 'dark' : undefined}
        >
          <Suspense fallback={null}>
            <Notifications position="top-right" limit={4} />
          </Suspense>
          <RouterProvider router={router} />
        </MantineProvider>
      </QueryClientProvider>
    </RuntimeConfigProvider>
  );
}
