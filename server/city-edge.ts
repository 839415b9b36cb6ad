import { buildDemoEdge } from './demo/edge-app.js';
import { CITY, ensureCityDatabase } from './demo/city-profile.js';
import { Random } from './demo/random.js';
import { DemoStore } from './demo/store.js';
import { LABELS } from './demo/catalog.js';

/**
 * A city's edge for the benchmark (server/demo/city-profile.ts), on its own port: the console
 * reads it as it reads a real edge. New events arrive at the city's rate (50,000 a day).
 * CITY_EDGE_PORT, CITY_EDGE_DIR, DEMO_API_TOKEN.
 */
const dir = process.env.CITY_EDGE_DIR ?? 'bench/.tmp';
const port = Number(process.env.CITY_EDGE_PORT ?? 8120);
const token = process.env.DEMO_API_TOKEN ?? 'demo-token';
const file = ensureCityDatabase(dir);
const store = new DemoStore({ dataDir: null, file, mics: CITY.mics, events: 0 });
const { app } = buildDemoEdge({ store, token });
const mics = store.micIds();
const rng = new Random(Date.now() & 0xffffffff);
const meanMs = 86_400_000 / CITY.eventsPerDay;
const tick = () => {
  store.addEvent({ label_id: rng.pick(LABELS).id, mic_id: rng.pick(mics) });
  timer = setTimeout(tick, rng.exponential(meanMs));
};
let timer = setTimeout(tick, meanMs);
process.on('SIGTERM', () => {
  clearTimeout(timer);
  void app.close().then(() => store.close());
});
await app.listen({ host: '127.0.0.1', port });
console.log(`city edge on http://127.0.0.1:${port} (${mics.length} mics)`);
