import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { pushSubject, registerPush } from './alerts/push/register.js';
import { registerAlerts } from './alerts/index.js';
import { registerAudio } from './audio/register.js';
import { registerAudit } from './audit/register.js';
import { demoAutoSignIn, registerAuth } from './auth/register.js';
import { limitConnections } from './connection-limits.js';
import type { ConsoleDb } from './db/database.js';
import { registerRequestGuards } from './gateway/host-origin.js';
import { serverOptions } from './gateway/limits.js';
import { createEdgeClient } from './edge/client.js';
import { CompositeCache } from './edge/composites.js';
import { browserStatusOf, EdgeError } from './edge/errors.js';
import { registerGateway } from './gateway/proxy.js';
import { ScreenActivity, trackScreens } from './gateway/screen-activity.js';
import { registerGracefulStop } from './graceful-stop.js';
import { inputRefusalOf } from './http/errors.js';
import { registerHub } from './hub/index.js';
import { ConsoleMetrics } from './metrics/console-metrics.js';
import { edgeRequestObserver } from './metrics/edge-requests.js';
import { timedDatabase } from './metrics/query-timing.js';
import { registerReadiness } from './metrics/readiness.js';
import { registerMetrics } from './metrics/routes.js';
import { registerNulGuard } from './nul-guard.js';
import { loggablePath, loggerOptions, registerRequestLog } from './request-log.js';
import { prioritizerFor } from './priority/index.js';
import { registerPriorityRoutes } from './priority/routes.js';
import { registerProcedures } from './procedures/index.js';
import { registerReview } from './review/index.js';
import { EdgeReader } from './insights/edge-reader.js';
import { registerInsights } from './insights/routes.js';
import { registerAcousticInsights } from './insights/acoustic-routes.js';
import { registerHeardBy } from './insights/heard-by-route.js';
import { registerLocation } from './location/routes.js';
import { registerLabels } from './labels/routes.js';
import { UnusualWatch } from './insights/unusual-watch.js';
import { InsightsService } from './insights/service.js';
import { bootScript } from './boot-script.js';
import { routePages } from './route-preload.js';
import { securityHeaders } from './security-headers.js';
import { registerWalls } from './walls/register.js';
import { publicUrlOf, type ServerConfig } from './config.js';
import type { DemoControl } from './demo-control.js';
import { registerDemoControl } from './demo-control.js';

export const BODY_LIMIT = 64 * 1024;

export interface RuntimeConfig {
  mode: 'demo' | 'proxy';
  serverHoldsToken: boolean;
  readOnly: boolean;
  mapTileUrl: string | null;
  mapTileAttribution: string | null;
  /** The server's hub answers /live and /api/inventory/mics (it needs the server to hold the token). */
  live: boolean;
  escalateAfterMinutes: number;
  auth: {
    /** Visitors are signed in as the `demo` admin (embedded demo on loopback). */
    demoAutoSignIn: boolean;
    /** Single sign-on is configured: the sign-in page offers "Sign in with <label>". */
    oidc: { label: string } | null;
    /** EDGE_TOKEN_FROM_BROWSER=1: after signing in, the browser supplies its own edge token. */
    browserToken: boolean;
  };
}

export interface AppOptions {
  config: ServerConfig;
  upstream: string;
  token: string | null;
  demo: DemoControl | null;
  /** The console's own database (accounts, sessions, audit); the caller opens and closes it. */
  db: ConsoleDb;
  /** The one-time setup token (bootstrapAccounts), while the console has no account. */
  setupToken?: string | null;
  /** Where the JSON log lines go (tests read them); stdout when absent. */
  logStream?: NodeJS.WritableStream;
  /** Sees every route as it is added (the test that every route taking input refuses it in one shape). */
  onRoute?: (route: RouteOptions) => void;
}

export function buildApp({
  config,
  upstream,
  token,
  demo,
  db: untimedDb,
  setupToken = null,
  logStream,
  onRoute,
}: AppOptions): FastifyInstance {
  const metrics = new ConsoleMetrics();
  const db = timedDatabase(untimedDb, metrics);
  const boot = bootScript(config.staticDir);
  const headers = securityHeaders(config.mapTileUrl, boot === null ? [] : [boot.hash]);
  const limits = serverOptions(config.gateway, config.edgeTimeoutMs, headers);
  // Only proxies named in TRUST_PROXY may say who the client is; anyone else could claim any address.
  const trustProxy = config.auth.trustedProxies ?? false;
  const app = Fastify({ ...loggerOptions(config.logLevel, logStream), bodyLimit: BODY_LIMIT, trustProxy, ...limits });
  limitConnections(app, config.connections, { headers, behindProxy: trustProxy !== false });
  if (onRoute !== undefined) app.addHook('onRoute', onRoute);

  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  registerRequestGuards(app, { allowedHosts: config.gateway.allowedHosts, listenHost: config.host });
  registerNulGuard(app);
  registerMetrics(app, metrics, config.metrics);
  // The console's one client of the edge: every concern reads the edge through it (server/edge/).
  const edge = createEdgeClient({
    upstream,
    token,
    timeoutMs: config.edgeTimeoutMs,
    maxResponseBytes: config.gateway.maxResponseBytes,
    log: app.log,
    observe: edgeRequestObserver(metrics),
  });
  // Composites read by id, shared by the location and audio routes (and backing off while the edge is down).
  const composites = new CompositeCache(edge);
  // Method, path and status only: no headers (Authorization), query string or wall key reach the log.
  registerRequestLog(app, config.logRequests);
  registerGracefulStop(app);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof EdgeError) {
      // The edge's failure, named for the browser; a line in the log, not a stack.
      request.log.warn(`${request.method} ${loggablePath(request.url)}: ${error.message}`);
      return reply.code(browserStatusOf(error)).header('cache-control', 'no-store').send({ detail: error.message });
    }
    // Every refused input, whoever refused it, answers 422 in the one shape (server/http/errors.ts).
    const refusal = inputRefusalOf(error as FastifyError);
    if (refusal !== null) return reply.code(422).header('cache-control', 'no-store').send(refusal);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 413)
      return reply.code(413).send({ detail: `Request body too large (limit ${BODY_LIMIT / 1024} KiB)` });
    if (status >= 500) request.log.error({ err: error }, `${request.method} ${loggablePath(request.url)} failed`);
    return reply.code(status).send({ detail: status >= 500 ? 'Internal Server Error' : (error as Error).message });
  });

  // Level 4 gzip costs a third of the default's time on large JSON pages for a few percent more bytes.
  app.register(fastifyCompress, { threshold: 1024, zlibOptions: { level: 4 } });

  // Before the gateway, so the hub's hook on successful mic PATCHes covers the gateway's routes.
  const { hub, cluster } = registerHub(app, {
    edge,
    settings: config.hub,
    db,
    sessionIdleMinutes: config.auth.sessionIdleMinutes,
    limits: config.connections,
    lag: (seconds) => metrics.hubLag.observe(seconds),
    databaseUrl: config.databaseUrl,
    onLeadership: () => metrics.leaderChanges.inc(),
  });
  const { pool } = untimedDb;
  metrics.watch({
    liveSubscribers: () => hub?.broadcaster.size ?? 0,
    edgeStatus: () => hub?.healthNow().status ?? 'starting',
    leader: () => (hub?.isLeading === true ? 1 : 0),
    pool: pool && (() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount })),
  });

  const runtime: RuntimeConfig = {
    mode: demo === null ? 'proxy' : 'demo',
    serverHoldsToken: token !== null,
    readOnly: config.readOnly,
    mapTileUrl: config.mapTileUrl,
    mapTileAttribution: config.mapTileAttribution,
    live: hub !== null,
    escalateAfterMinutes: config.review.escalateAfterMinutes,
    auth: {
      demoAutoSignIn: demoAutoSignIn(config),
      oidc: config.auth.oidc === null ? null : { label: config.auth.oidc.label },
      browserToken: token === null,
    },
  };
  app.get('/config.json', async (_request, reply) => reply.header('cache-control', 'no-store').send(runtime));
  app.get('/healthz', async () => ({ status: 'ok' }));
  registerReadiness(app, {
    db,
    leader: () => cluster?.leaderState() ?? 'self',
    edge: () => hub?.healthNow().status ?? null,
  });

  registerAuth(app, {
    db,
    config: config.auth,
    demoAutoSignIn: runtime.auth.demoAutoSignIn,
    setupToken,
    publicUrl: publicUrlOf(config),
  });
  registerPush(app, {
    db,
    subject: pushSubject(config.push.subject, config.auth.publicUrl),
    rules: { allowPrivate: config.push.allowPrivateEndpoints },
  });
  registerWalls(app, { db, cookieSecure: config.auth.cookieSecure, publicUrl: config.auth.publicUrl });
  registerAudit(app, {
    db,
    retentionDays: config.auditDays,
    edge,
    readOnly: config.readOnly,
  });
  // Screens' API requests, which the insights back-fill stands aside for.
  const screens = new ScreenActivity();
  trackScreens(app, screens);
  registerGateway(app, {
    edge,
    readOnly: config.readOnly,
    bodyLimit: BODY_LIMIT,
    embeddedEdge: demo !== null,
  });
  registerPriorityRoutes(app, { db });
  const reviewBus = registerReview(app, {
    db,
    databaseUrl: config.databaseUrl,
    edge,
    newWindowHours: config.review.newWindowHours,
    feed: hub ?? undefined,
  });
  registerAudio(app, {
    db,
    edge,
    composites,
    audioBase: config.edgeAudioUrl ?? upstream,
    maxClipBytes: config.edgeMaxAudioBytes,
  });
  registerProcedures(app, { db, bus: reviewBus, edge, composites, feed: hub ?? undefined });
  registerAlerts(app, { db, feed: hub, publicUrl: publicUrlOf(config) });
  // A composite the hub saw grow is read afresh when its place is asked for next.
  hub?.onComposites((items) => composites.forget(items.map((c) => c.id)));
  // Review changes ride the live stream, so every open screen sees them within a second.
  if (hub !== null) reviewBus.subscribe((change) => hub.broadcaster.publish({ type: 'review', data: change }));
  const insightsReader = new EdgeReader({
    edge,
    inventory: hub === null ? undefined : async () => (await hub.readyInventory()).mics(),
    peekInventory: hub === null ? undefined : () => (hub.inventory.ready ? hub.inventory.mics() : null),
  });
  const rules = {
    radiusM: config.insights.neighbourRadiusM,
    windowMs: config.insights.corroborationWindowS * 1000,
  };
  registerInsights(app, { reader: insightsReader, rules });
  // The acoustic insights read the edge on the console's own (back-fill, catch-up): only with the server's token.
  const insights =
    token === null
      ? null
      : new InsightsService(db.db, insightsReader, {
          rules,
          backfillMaxRps: config.insights.backfillMaxRps,
          deafMinMissed: config.insights.deafMinMissed,
          log: (message) => app.log.error(message),
          screensBusy: (quietMs) => screens.busy(quietMs),
        });
  registerAcousticInsights(app, { service: insights, reader: insightsReader });
  registerHeardBy(app, { service: insights, reader: insightsReader });
  // The names the insights keep of every event they read (hub, back-fill).
  registerLabels(app, { db, kept: insights !== null });
  registerLocation(app, {
    composites,
    holdsToken: edge.holdsToken,
    hearingRadiusM: config.insights.neighbourRadiusM,
  });
  if (insights !== null) {
    const log = (error: unknown) => app.log.error(`insights: ${(error as Error).message}`);
    if (hub !== null) {
      // The hub reads every new event once for every screen; the counts take them from it.
      hub.onEvents((events) => void insights.fromHub(events).catch(log));
      hub.onComposites((composites) => void insights.fromComposites(composites).catch(log));
    }
    // In a cluster only a replica that reads the edge back-fills (the state it resumes from is shared).
    if (cluster === null) app.addHook('onReady', async () => insights.start());
    else cluster.whenFirstLeading(() => insights.start());
    app.addHook('preClose', async () => insights.stop());
    // Every replica scores incidents, so every replica keeps its own view of the areas unusual now.
    const unusual = new UnusualWatch(insights, log);
    prioritizerFor(db).unusualMics = () => unusual.mics();
    app.addHook('onReady', async () => unusual.start());
    app.addHook('preClose', async () => unusual.stop());
  }
  if (demo !== null && config.demo.faults) registerDemoControl(app, demo);

  const indexFile = path.join(config.staticDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const pageFor = hasBuild
    ? routePages(config.staticDir, {
        demo: runtime.auth.demoAutoSignIn,
        serverHoldsToken: runtime.serverHoldsToken,
        boot,
        liveMark: () => hub?.broadcaster.lastId ?? null,
      })
    : null;
  if (hasBuild) {
    app.register(fastifyStatic, {
      root: path.resolve(config.staticDir),
      wildcard: false,
      // The build writes .br and .gz beside each asset (vite.config.ts); no per-request compression.
      preCompressed: true,
      cacheControl: false,
      index: false,
      // Source maps publish the whole source; the build keeps writing them for whoever serves them on purpose.
      allowedPath: (pathName) => config.gateway.serveSourceMaps || !pathName.endsWith('.map'),
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The body depends on Accept-Encoding (a precompressed .br or .gz): caches must key on it.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const [pathname = '/', query] = request.url.split('?', 2);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/assets/') &&
      !path.extname(pathname);
    if (wantsPage && pageFor !== null) {
      // Deep links land on the single page; the router decides what they show.
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(pageFor(pathname, request.principal?.kind === 'account', query === undefined ? '' : `?${query}`));
    }
    if (wantsPage) {
      return reply.code(503).type('text/plain').send('The dashboard is not built yet: run "npm run build".');
    }
    return reply.code(404).send({ detail: 'Not Found' });
  });

  return app;
}
