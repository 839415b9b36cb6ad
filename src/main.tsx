import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { sessionQueries, startSessionCheck } from '@/api/session';
import { startFirstData } from '@/app/first-data';
import { createQueryClient } from '@/app/query-client';
import { createRouter, type AppRouter } from '@/app/router';
import { loadRuntimeConfig } from '@/lib/runtime-config';

const root = createRoot(document.getElementById('root')!);
// Created before the runtime config arrives, so the page's chunk downloads alongside it.
const router = createRouter();
// Who is signed in is asked alongside the runtime config, not after it.
startSessionCheck();
const queryClient = createQueryClient();

/** Resolves once the router has loaded the page's own chunk. */
function pageLoaded(appRouter: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (appRouter.state.initialized) return resolve();
    const stop = appRouter.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

loadRuntimeConfig().then(
  async (config) => {
    startFirstData(queryClient, config, router.state.location.pathname);
    // The first frame the HTML painted stays until React can draw the page itself, rather than
    // a spinner in between: the page's chunk is here and who is signed in is known.
    const wall = router.state.location.pathname === '/wall';
    await Promise.all([pageLoaded(router), wall ? null : queryClient.prefetchQuery(sessionQueries.me())]);
    // A transition, so React draws the page in short slices instead of one long task.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App config={config} router={router} queryClient={queryClient} />
        </StrictMode>,
      ),
    );
  },
  (error: unknown) => {
    // Without its runtime config the app cannot know how to reach the edge; say so plainly.
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.style.cssText = 'font: 16px system-ui, sans-serif; padding: 2rem; max-width: 40rem';
    message.textContent = `Edge Sound Console could not load its configuration: ${error instanceof Error ? error.message : String(error)}. Reload the page to try again.`;
    document.getElementById('root')!.replaceChildren(message);
  },
);
