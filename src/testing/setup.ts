import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetStores } from '@/lib/store';
import { server } from './msw-server';

// jsdom lacks these; Mantine reads them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => undefined;

// jsdom has no 2D canvas; Leaflet's canvas renderer only needs calls that do nothing.
HTMLCanvasElement.prototype.getContext = function getContext() {
  return new Proxy({} as CanvasRenderingContext2D, {
    get: (target, key) => (key in target ? target[key as keyof CanvasRenderingContext2D] : () => undefined),
    set: (target, key, value) => Reflect.set(target, key, value),
  });
} as unknown as typeof HTMLCanvasElement.prototype.getContext;

// findBy… and waitFor give up after 1 s by default, which a loaded two-core machine misses; waiting
// longer only costs time when a test is failing anyway.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  sessionStorage.clear();
  // Files share one window (vite.config.ts): what one leaves there (a notification still queued, a
  // stored choice, another URL) must not reach the next.
  notifications.clean();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  // Every tab-wide store (the edge's connection, the live stream, the session's end…) starts afresh.
  resetStores();
});
afterAll(() => server.close());
