import type { FastifyInstance } from 'fastify';
import { Cluster } from '../cluster/cluster.js';
import type { ConnectionLimits } from '../connection-limits.js';
import type { ConsoleDb } from '../db/database.js';
import type { EdgeClient } from '../edge/client.js';
import { Hub } from './hub.js';
import { ReplicaHub } from './replica-hub.js';
import { LiveStreams } from './live-streams.js';
import { registerHubRoutes } from './routes.js';
import type { HubSettings } from './settings.js';

export interface HubWiring {
  /** The console's edge client; without the server's token (the browser holds it) there is no hub. */
  edge: EdgeClient;
  settings: HubSettings;
  /** Where sessions and wall links are kept: every open stream's access is checked there again and again. */
  db: ConsoleDb;
  sessionIdleMinutes: number;
  limits: ConnectionLimits;
  /** Told how long after its creation at the edge each event went out (seconds). */
  lag?: (seconds: number) => void;
  /** DATABASE_URL: with PostgreSQL the replicas elect one reader of the edge (server/cluster/). */
  databaseUrl: string | null;
  /** Told each time this replica starts or stops reading the edge for the cluster. */
  onLeadership?: (leading: boolean) => void;
}

/**
 * Creates the process's one hub (when the server holds the token) and its routes, and on
 * PostgreSQL joins it to the cluster; stops both with the app.
 */
export function registerHub(app: FastifyInstance, wiring: HubWiring): { hub: Hub | null; cluster: Cluster | null } {
  const clustered = wiring.databaseUrl !== null && wiring.db.dialect === 'postgres';
  const options = !wiring.edge.holdsToken
    ? null
    : {
        reader: wiring.edge,
        settings: wiring.settings,
        log: (message: string) => app.log.warn(message),
        lag: wiring.lag,
      };
  const replica = options !== null && clustered ? new ReplicaHub(options) : null;
  const hub = replica ?? (options === null ? null : new Hub(options));
  const cluster =
    replica === null
      ? null
      : new Cluster({
          db: wiring.db,
          databaseUrl: wiring.databaseUrl!,
          hub: replica,
          log: (message) => app.log.info(message),
          onLeadership: wiring.onLeadership,
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
  if (cluster !== null) app.addHook('onReady', async () => cluster.start());
  if (hub !== null) {
    app.addHook('preClose', async () => {
      streams?.stop();
      hub.stop();
      hub.broadcaster.closeAll();
      // Let go of the reading at once: another replica takes it at its next beat, not at this one's death.
      await cluster?.stop();
    });
  }
  return { hub, cluster };
}
