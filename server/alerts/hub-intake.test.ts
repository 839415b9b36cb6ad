import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { ConsoleDb } from '../db/database.js';
import { buildDemoEdge } from '../demo/edge-app.js';
import { DemoStore } from '../demo/store.js';
import { distanceMeters } from '../insights/geo.js';
import { freshDatabase } from '../testing/databases.js';
import { ruleSettingsSchema } from './model.js';
import { registerSenders } from './senders.js';
import { saveChannel, saveRule } from './store.js';
import { startHttpReceiver, type HttpReceiver } from './test-receivers.js';

/** The whole path on a real demo edge: the hub's reads, the alerts' intake, the webhook. */
const TOKEN = 'alerts-hub-token';
registerSenders({ url: null, from: null }, () => 'UTC');
let store: DemoStore;
let db: ConsoleDb;
let hook: HttpReceiver;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  // The seeded history ends an hour ago: its last minutes would otherwise hold explosions, depending
  // on the hour, which the alerts take from the hub's first read as news and count with these.
  store = new DemoStore({ dataDir: null, mics: 60, events: 0, now: Date.now() - 3_600_000 });
  const edge = buildDemoEdge({ store, token: TOKEN });
  apps.push(edge.app);
  const edgeBase = await edge.app.listen({ host: '127.0.0.1', port: 0 });
  hook = await startHttpReceiver();
  db = await freshDatabase('sqlite');
  await saveChannel(
    db,
    { name: 'hook', type: 'webhook', enabled: true, language: 'en', settings: { url: hook.url }, secrets: {} },
    null,
  );
  await saveRule(
    db,
    {
      name: 'explosions',
      enabled: true,
      settings: ruleSettingsSchema.parse({ labels: ['explosion'], channels: ['hook'], radius_m: 5000 }),
    },
    null,
  );
  const config = loadConfig({ QUIET: '1', STATIC_DIR: '/nonexistent' }, { staticDir: '/nonexistent' });
  const app = buildApp({ config, upstream: edgeBase, token: TOKEN, demo: null, db });
  apps.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await hook.close();
  store.close();
  await db.close();
});

it('a burst of 20 detections on 4 mics reaches one alert whole: 20 detections, heard by 4', async () => {
  // Four mics of one place: the demo's first mics in the list lie 6-17 km apart, beyond a 5 km
  // radius, so a burst on them is four incidents (four alerts of 5), not one that lost detections.
  const first = store.getMic(store.micIds()[0]!)!;
  const mics = store
    .micIds()
    .map((id) => store.getMic(id)!)
    .sort((a, b) => distanceMeters(first.location, a.location) - distanceMeters(first.location, b.location))
    .slice(0, 4);
  for (const mic of mics) expect(distanceMeters(first.location, mic.location)).toBeLessThan(5000);
  // Let the hub read where the feed stands first (its priming read), as in a running console.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  // One at a time, as an edge hears them: the burst straddles several of the hub's reads.
  for (let i = 0; i < 20; i += 1) {
    store.addEvent({ mic_id: mics[i % 4]!.id, label_id: 'explosion' });
    await new Promise((resolve) => setTimeout(resolve, 120));
  }
  const deadline = Date.now() + 15_000;
  let detections = 0;
  while (Date.now() < deadline) {
    const row = await db.db.selectFrom('alerts').select(['detections', 'mics']).executeTakeFirst();
    detections = row?.detections ?? 0;
    if (detections >= 20) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(detections).toBe(20);
  const alerts = await db.db.selectFrom('alerts').selectAll().execute();
  expect(alerts).toHaveLength(1);
  expect(JSON.parse(alerts[0]!.mics)).toHaveLength(4);
  // And the last word the receiver got says so.
  const last = () => (hook.received.at(-1)?.json as { alert?: { detections: number } } | undefined)?.alert;
  while (Date.now() < deadline + 10_000 && last()?.detections !== 20) await new Promise((r) => setTimeout(r, 200));
  expect(last()).toMatchObject({ detections: 20, heardBy: 4 });
}, 40_000);
