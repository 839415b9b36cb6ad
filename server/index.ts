import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { bootstrapAccounts } from './auth/bootstrap.js';
import { demoAutoSignIn } from './auth/register.js';
import { edgeTokenProblem, loadConfig, publicUrlOf } from './config.js';
import { openDatabase } from './db/database.js';
import { buildDemoEdge } from './demo/edge-app.js';
import { startLiveFeed } from './demo/live-feed.js';
import { DemoStore } from './demo/store.js';

/** A stop takes at most this long (SIGTERM, SIGINT): an orchestrator's grace period is often 10 s. */
const STOP_DEADLINE_MS = 9_500;

const here = path.dirname(fileURLToPath(import.meta.url));
// Compiled to dist-server/server/, run from source by tsx: the build sits beside the repo root either way.
const repoRoot = here.includes(`${path.sep}dist-server${path.sep}`)
  ? path.resolve(here, '../..')
  : path.resolve(here, '..');

async function main(): Promise<void> {
  const config = loadConfig(process.env, { staticDir: path.join(repoRoot, 'dist') });
  const tokenProblem = edgeTokenProblem(config);
  if (tokenProblem !== null) throw new Error(tokenProblem);
  const stops: (() => Promise<void> | void)[] = [];
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  stops.push(() => db.close());
  const setupToken = await bootstrapAccounts(db, {
    adminUsername: config.auth.adminUsername,
    adminPassword: config.auth.adminPassword,
    demoAutoSignIn: demoAutoSignIn(config),
  });

  let upstream = config.edgeApiUrl;
  let token = config.edgeApiToken;
  let demo = null;
  let demoReady: string | null = null;
  if (upstream === null) {
    const started = Date.now();
    const store = new DemoStore({
      dataDir: config.dataDir,
      mics: config.demo.mics,
      events: config.demo.events,
      credentialCanary: config.demo.credentialCanary,
      redactCredentials: true,
    });
    const demoToken = config.demo.token ?? crypto.randomBytes(24).toString('base64url');
    const edge = buildDemoEdge({ store, token: demoToken });
    const address = await edge.app.listen({ host: '127.0.0.1', port: config.demo.port });
    upstream = address;
    token = demoToken;
    demo = { store, faults: edge.faults, traffic: edge.traffic };
    const stopFeed = startLiveFeed(store, config.demo.eventIntervalMs);
    stops.push(
      stopFeed,
      () => edge.app.close(),
      () => store.close(),
    );
    demoReady = `demo edge ready in ${Date.now() - started} ms (${config.demo.mics} mics, data in ${config.dataDir})`;
  }

  const app = buildApp({ config, upstream, token, demo, db, setupToken });
  if (demoReady !== null) app.log.info(demoReady);
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Edge Sound Console on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} ` +
      `(${demo === null ? `proxying ${config.edgeApiUrl}` : 'embedded demo edge'}${config.readOnly ? ', read-only' : ''})`,
  );
  if (demoAutoSignIn(config)) {
    app.log.info(`Demo mode: everyone on this machine is signed in as admin 'demo' (AUTH_REQUIRED=1 to turn off).`);
  }
  if (setupToken !== null) {
    // In the fragment: browsers never send it, so it stays out of request logs and Referer headers.
    // A warning, so QUIET=1 still shows it: nobody can sign in without it.
    app.log.warn(
      `No account yet. Create the first admin at ${publicUrlOf(config)}/setup#${setupToken} ` +
        '(valid until used, for this run of the server), or start with ADMIN_USERNAME and ADMIN_PASSWORD set.',
    );
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Whatever hangs (a socket that will not close, a database away), the process is gone in 10 s.
    setTimeout(() => {
      app.log.error(`${signal}: not stopped after ${STOP_DEADLINE_MS} ms; exiting anyway`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    app.log.info(`${signal}: refusing new requests, telling live screens to reconnect, finishing the rest`);
    try {
      // New requests get 503, live streams are ended with a short retry, in-flight ones finish,
      // and the cluster's leadership is released (onClose) so another replica reads the edge at once.
      await app.close();
      for (const stop of stops.reverse()) await stop();
    } catch (error) {
      app.log.error({ err: error }, `${signal}: stopping failed`);
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
