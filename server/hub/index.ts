import type { FastifyInstance } from 'fastify';
import type { ConnectionLimits } from '../connection-limits.js';
import type { ConsoleDb } from '../db/database.js';
import { createEdgeReader } from './edge-reader.js';
import { Hub } from './hub.js';
import { LiveStreams } from './live-streams.js';
import { registerHubRoutes } from './routes.js';
import type { HubSettings } from './settings.js';

export interface HubWiring {
  upstream: string;
  /** The server's edge token; null (the browser holds it) leaves the console without a hub. */
  token: string | null;
  timeoutMs: number;
  maxResponseBytes: number;
  settings: HubSettings;
  /** Where sessions and wall links are kept: every open stream's access is checked there again and again. */
  db: ConsoleDb;
  sessionIdleMinutes: number;
  limits: ConnectionLimits;
  /** Told how long after its creation at the edge each event went out (seconds). */
  lag?: (seconds: number) => void;
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
            log: app.log,
          }),
          settings: wiring.settings,
          log: (message) => app.log.warn(message),
          lag: wiring.lag,
        });
  const { limits } = wiring;
  const streams =
    hub === null
      ? null
      : new LiveStreams(
          wiring.db,
          {
            perSession: limits.streamsPerSession,
            perAddress: limits.streamsPerAddress,
            total: limits.maxStreams,
            checkEveryMs: limits.accessCheckMs,
          },
          wiring.sessionIdleMinutes,
          (message) => app.log.warn(message),
        );
  registerHubRoutes(app, { hub, streams, maxMicPages: wiring.settings.maxMicPages });
  if (hub !== null) {
    app.addHook('preClose', async () => {
      streams?.stop();
      hub.stop();
      hub.broadcaster.closeAll();
    });
  }
  return hub;
}
