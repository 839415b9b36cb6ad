import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { sessionQueries, startSessionCheck } from '@/api/session';
import { startFirstData } from '@/app/first-data';
import { nextTask } from '@/lib/next-task';
import { createQueryClient } from '@/app/query-client';
import { createRouter, type AppRouter } from '@/app/router';
import { loadRuntimeConfig, type RuntimeConfig } from '@/lib/runtime-config';

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

/** Says plainly that the app cannot know how to reach the edge without its runtime config. */
function configFailed(error: unknown): void {
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.style.cssText = 'font: 16px system-ui, sans-serif; padding: 2rem; max-width: 40rem';
  message.textContent = `Edge Sound Console could not load its configuration: ${error instanceof Error ? error.message : String(error)}. Reload the page to try again.`;
  document.getElementById('root')!.replaceChildren(message);
}

/**
 * Starts the app in tasks of its own rather than in the one that evaluates the modules: on a phone
 * at 4x CPU that task took ~250 ms, of which the router's first match (and the page chunk's import
 * it starts) was ~80 ms and the first Intl formatter ~70 ms (issue 32's profile; public/boot.js now
 * has a worker load ICU's data while this script downloads). The requests go first, so the network
 * works while the main thread does the rest.
 */
async function start(): Promise<void> {
  // Who is signed in is asked alongside the runtime config, not after it.
  startSessionCheck();
  const configLoaded = loadRuntimeConfig();
  configLoaded.catch(() => undefined);
  await nextTask();
  // public/boot.js has already asked for the page's chunk; the router imports it.
  const router = createRouter();
  const queryClient = createQueryClient();
  await nextTask();
  let config: RuntimeConfig;
  try {
    config = await configLoaded;
  } catch (error) {
    configFailed(error);
    return;
  }
  startFirstData(queryClient, config, router.state.location.pathname);
  // The first frame the HTML painted stays until React can draw the page itself, rather than
  // a spinner in between: the page's chunk is here and who is signed in is known.
  const wall = router.state.location.pathname === '/wall';
  await Promise.all([pageLoaded(router), wall ? null : queryClient.prefetchQuery(sessionQueries.me())]);
  const root = createRoot(document.getElementById('root')!);
  // A transition, so React draws the page in short slices instead of one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App config={config} router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}

void start();
