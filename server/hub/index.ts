import type { FastifyInstance } from 'fastify';
import { createEdgeReader } from './edge-reader.js';
import { Hub } from './hub.js';
import { registerHubRoutes } from './routes.js';
import type { HubSettings } from './settings.js';

export interface HubWiring {
  upstream: string;
  /** The server's edge token; null (the browser holds it) leaves the console without a hub. */
  token: string | null;
  timeoutMs: number;
  maxResponseBytes: number;
  settings: HubSettings;
}

/** Creates the process's one hub (when the server holds the token) and its routes; stops it with the app. */
export function registerHub(app: FastifyInstance, wiring: HubWiring): Hub | null {
  const hub =
    wiring.token === null
      ? null
      : new Hub({
          reader: createEdgeReader({
            upstream: wiring.upstream,
            token: wiring.token,
            timeoutMs: wiring.timeoutMs,
            maxResponseBytes: wiring.maxResponseBytes,
          }),
          settings: wiring.settings,
          log: (message) => console.error(message),
        });
  registerHubRoutes(app, { hub, maxMicPages: wiring.settings.maxMicPages });
  if (hub !== null) {
    app.addHook('preClose', async () => {
      hub.stop();
      hub.broadcaster.closeAll();
    });
  }
  return hub;
}
