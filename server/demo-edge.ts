import { buildDemoEdge } from './demo/edge-app.js';
import { startLiveFeed } from './demo/live-feed.js';
import { DemoStore } from './demo/store.js';
import { loadConfig } from './config.js';

/** The demo edge alone, on the edge service's usual port, for trying the console's proxy mode. */
const config = loadConfig(process.env, { staticDir: 'dist' });
const token = config.demo.token ?? 'demo-token';
const store = new DemoStore({
  dataDir: config.dataDir,
  mics: config.demo.mics,
  events: config.demo.events,
  credentialCanary: config.demo.credentialCanary,
});
const { app } = buildDemoEdge({ store, token });
startLiveFeed(store, config.demo.eventIntervalMs);
const port = config.demo.port === 0 ? 8100 : config.demo.port;
await app.listen({ host: config.host, port });
console.log(`demo edge on http://${config.host}:${port} (token: DEMO_API_TOKEN or "demo-token")`);
