import { createBrowserRouter, Navigate } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { AuthGate } from './auth-gate';
import { LiveFeedRoute } from './live-feed-route';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';
import { AppLayout } from './shell/app-layout';

/** A feature page: its own chunk (the module exports `Component`), fetched with the full component styles. */
function page<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([import('@/components/page-styles'), load()]))[1];
}

export type AppRouter = ReturnType<typeof createRouter>;

/** Every feature page is its own chunk (route modules export `Component`). */
export function createRouter() {
  return createBrowserRouter([
    {
      path: '/sign-in',
      lazy: async () => ({ Component: (await import('./sign-in/sign-in-page')).SignInPage }),
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoader />,
    },
    {
      path: '/setup',
      lazy: async () => ({ Component: (await import('./sign-in/setup-page')).SetupPage }),
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoader />,
    },
    {
      element: <AuthGate />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        {
          element: <LiveFeedRoute />,
          children: [
            // The wall uses only components whose styles the shell already has: it skips the full set.
            { path: '/wall', lazy: () => import('@/features/wall/wall-route') },
            {
              element: <AppLayout />,
              children: [
                {
                  errorElement: <RouteError />,
                  children: [
                    // A control room's first screen is what needs attention: the incident queue.
                    { index: true, element: <Navigate to="/composite-events" replace /> },
                    {
                      path: 'mics',
                      lazy: page(() => import('@/features/mics/mics-route')),
                      children: [{ path: ':micId', lazy: page(() => import('@/features/mics/mic-drawer-route')) }],
                    },
                    { path: 'map', lazy: page(() => import('@/features/map/map-route')) },
                    { path: 'events', lazy: page(() => import('@/features/events/events-route')) },
                    {
                      path: 'composite-events',
                      lazy: page(() => import('@/features/composite-events/composite-events-route')),
                    },
                    {
                      path: 'composite-events/:compositeEventId',
                      lazy: page(() => import('@/features/composite-events/composite-event-route')),
                    },
                    { path: 'handover', lazy: page(() => import('@/features/handover/handover-route')) },
                    { path: 'insights', lazy: page(() => import('@/features/insights/insights-route')) },
                    { path: 'alerts/:alertId', lazy: page(() => import('@/features/admin/alerts-alert-route')) },
                    {
                      path: 'admin',
                      lazy: page(() => import('@/features/admin/admin-route')),
                      children: [
                        { index: true, element: <Navigate to="accounts" replace /> },
                        { path: 'accounts', lazy: page(() => import('@/features/admin/accounts-route')) },
                        { path: 'walls', lazy: page(() => import('@/features/admin/walls-route')) },
                        { path: 'audit', lazy: page(() => import('@/features/admin/audit-route')) },
                        { path: 'alerts', lazy: page(() => import('@/features/admin/alerts-route')) },
                        { path: 'procedures', lazy: page(() => import('@/features/admin/procedures-route')) },
                        { path: 'priority', lazy: page(() => import('@/features/admin/priority-route')) },
                      ],
                    },
                    { path: '*', element: <NotFoundPage /> },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
