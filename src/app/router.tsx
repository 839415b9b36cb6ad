import { createBrowserRouter, Navigate } from 'react-router-dom';
import { AuthGate } from './auth-gate';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';
import { AppLayout } from './shell/app-layout';
import { SignInPage } from './sign-in-page';

/** Every feature page is its own chunk (route modules export `Component`). */
export function createRouter() {
  return createBrowserRouter([
    { path: '/sign-in', element: <SignInPage />, errorElement: <RouteError /> },
    {
      element: <AuthGate />,
      errorElement: <RouteError />,
      children: [
        { path: '/wall', lazy: () => import('@/features/wall/wall-route') },
        {
          element: <AppLayout />,
          children: [
            {
              errorElement: <RouteError />,
              children: [
                { index: true, element: <Navigate to="/mics" replace /> },
                {
                  path: 'mics',
                  lazy: () => import('@/features/mics/mics-route'),
                  children: [{ path: ':micId', lazy: () => import('@/features/mics/mic-drawer-route') }],
                },
                { path: 'map', lazy: () => import('@/features/map/map-route') },
                { path: 'events', lazy: () => import('@/features/events/events-route') },
                { path: 'composite-events', lazy: () => import('@/features/composite-events/composite-events-route') },
                {
                  path: 'composite-events/:compositeEventId',
                  lazy: () => import('@/features/composite-events/composite-event-route'),
                },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
