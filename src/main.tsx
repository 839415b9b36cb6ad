import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { startSessionCheck } from '@/api/session';
import { startFirstData } from '@/app/first-data';
import { createQueryClient } from '@/app/query-client';
import { createRouter } from '@/app/router';
import { loadRuntimeConfig } from '@/lib/runtime-config';

const root = createRoot(document.getElementById('root')!);
// Created before the runtime config arrives, so the page's chunk downloads alongside it.
const router = createRouter();
// Who is signed in is asked alongside the runtime config, not after it.
startSessionCheck();
const queryClient = createQueryClient();

loadRuntimeConfig().then(
  (config) => {
    startFirstData(queryClient, config, router.state.location.pathname);
    root.render(
      <StrictMode>
        <App config={config} router={router} queryClient={queryClient} />
      </StrictMode>,
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
