import './shell-styles.css';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { HintHost } from '@/components/hint';
import { RuntimeConfigProvider, type RuntimeConfig } from '@/lib/runtime-config';
import type { AppRouter } from './router';
import { cssVariablesResolver, localizedTheme } from './theme';

// Toasts appear only after something happened, so their container loads after the first paint.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

export function App({
  config,
  router,
  queryClient,
}: {
  config: RuntimeConfig;
  router: AppRouter;
  queryClient: QueryClient;
}) {
  const { t, i18n } = useTranslation();
  // Built-in control names and date pickers follow the UI language, switching with it.
  const localized = useMemo(() => localizedTheme(t), [t]);
  const korean = i18n.language === 'ko';
  // The wall display is always dark (a control room), whatever the saved colour scheme says.
  const [onWall, setOnWall] = useState(() => router.state.location.pathname === '/wall');
  useEffect(() => router.subscribe((state) => setOnWall(state.location.pathname === '/wall')), [router]);
  return (
    <RuntimeConfigProvider value={config}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={localized}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="auto"
          forceColorScheme={onWall ? 'dark' : undefined}
        >
          <Suspense fallback={null}>
            {/* Bottom: at the top right a toast covered the drawers' close buttons right after a save. */}
            <Notifications position="bottom-right" limit={4} />
          </Suspense>
          <HintHost />
          <DatesProvider settings={{ locale: korean ? 'ko' : 'en', firstDayOfWeek: korean ? 0 : 1 }}>
            <RouterProvider router={router} />
          </DatesProvider>
        </MantineProvider>
      </QueryClientProvider>
    </RuntimeConfigProvider>
  );
}
