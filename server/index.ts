import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { buildDemoEdge } from './demo/edge-app.js';
import { startLiveFeed } from './demo/live-feed.js';
import { DemoStore } from './demo/store.js';

const here = path.dirname(fileURLToPath(import.meta.url));
// Compiled to dist-server/server/, run from source by tsx: the build sits beside the repo root either way.
const repoRoot = here.includes(`${path.sep}dist-server${path.sep}`)
  ? path.resolve(here, '../..')
  : path.resolve(here, '..');

async function main(): Promise<void> {
  const config = loadConfig(process.env, { staticDir: path.join(repoRoot, 'dist') });
  const stops: (() => Promise<void> | void)[] = [];
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  stops.push(() => db.close());

  let upstream = config.edgeApiUrl;
  let token = config.edgeApiToken;
  let demo = null;
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
    console.log(`demo edge ready in ${Date.now() - started} ms (${config.demo.mics} mics, data in ${config.dataDir})`);
  }

  const app = buildApp({ config, upstream, token, demo, db });
  await app.listen({ host: config.host, port: config.port });
  console.log(
    `Edge Sound Console on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} ` +
      `(${demo === null ? `proxying ${config.edgeApiUrl}` : 'embedded demo edge'}${config.readOnly ? ', read-only' : ''})`,
  );

  const shutdown = async () => {
    await app.close();
    for (const stop of stops.reverse()) await stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
