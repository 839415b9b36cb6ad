import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { loadRuntimeConfig } from '@/lib/runtime-config';

const root = createRoot(document.getElementById('root')!);

loadRuntimeConfig().then(
  (config) =>
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  (error: unknown) => {
    // Without its runtime config the app cannot know how to reach the edge; say so plainly.
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.style.cssText = 'font: 16px system-ui, sans-serif; padding: 2rem; max-width: 40rem';
    message.textContent = `Edge Sound Console could not load its configuration: ${error instanceof Error ? error.message : String(error)}. Reload the page to try again.`;
    document.getElementById('root')!.replaceChildren(message);
  },
);
