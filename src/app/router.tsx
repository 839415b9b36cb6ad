import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { AuthGate } from './auth-gate';
import { LiveFeedRoute } from './live-feed-route';
import { nextTask } from '@/lib/next-task';
import { RouteError } from './route-error';
import { REDIRECTS, ROUTES, type RouteEntry, type Shell } from './routes';
import { AppLayout } from './shell/app-layout';

/**
 * The page modules, each a chunk of its own, by their path from the repository's root (the
 * table's `module`). ./routes.test.ts checks that each is in the table and each entry has one.
 */
export const PAGE_MODULES = import.meta.glob<{ Component: ComponentType }>([
  '/src/features/**/*-route.tsx',
  '/src/app/sign-in/*-page.tsx',
]);

/** A page's lazy loader: its chunk, and in the console's layout the full component styles too. */
function lazyPage({ module, shell }: RouteEntry): RouteObject['lazy'] {
  const load = PAGE_MODULES[`/${module}`];
  if (load === undefined) throw new Error(`${module}: no page module there (src/app/routes.ts)`);
  return async () => {
    // The router asks for the page inside its first match, in the task that starts the app: the
    // chunk's import and the stylesheet it attaches (~30 ms at 4x CPU) get a task of their own.
    await nextTask();
    const [, page] = await Promise.all([shell === 'console' ? import('@/components/page-styles') : null, load()]);
    return { Component: page.Component };
  };
}

/** The router's routes of one shell, nested under their parents, with the redirects to their first child. */
function routesOf(shell: Shell, parent?: RouteEntry): RouteObject[] {
  const base = parent === undefined ? '' : `${parent.path}/`;
  const children = ROUTES.filter((entry) => entry.shell === shell && entry.parent === parent?.path);
  const redirect = REDIRECTS.find(({ from }) => from === (parent?.path ?? '/'));
  return [
    ...(redirect === undefined || (parent === undefined && shell !== 'console')
      ? []
      : [{ index: true, element: <Navigate to={redirect.to} replace /> }]),
    ...children.map((entry) => {
      const nested = routesOf(shell, entry);
      const sections = ROUTES.filter(({ parent, nav }) => parent === entry.path && nav.menu === 'admin').map(
        ({ path }) => path,
      );
      return {
        path: parent === undefined ? entry.path : entry.path.slice(base.length),
        lazy: lazyPage(entry),
        // The admin page links its sections, read from here (useMatches): features never import the app.
        ...(sections.length === 0 ? {} : { handle: { sections } }),
        ...(nested.length === 0 ? {} : { children: nested }),
      };
    }),
  ];
}

/** The router's tree: the shells around the pages of src/app/routes.ts. */
export function routeTree(): RouteObject[] {
  const fallback = { errorElement: <RouteError />, hydrateFallbackElement: <PageLoader /> };
  return [
    ...routesOf('bare').map((route) => ({ ...route, ...fallback })),
    {
      element: <AuthGate />,
      ...fallback,
      children: [
        {
          element: <LiveFeedRoute />,
          children: [
            ...routesOf('wall'),
            {
              element: <AppLayout />,
              children: [
                {
                  errorElement: <RouteError />,
                  children: [
                    ...routesOf('console'),
                    { path: '*', lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }) },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export type AppRouter = ReturnType<typeof createRouter>;

export function createRouter() {
  return createBrowserRouter(routeTree());
}
