import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildDemoEdge } from './edge-app.js';
import { DemoStore } from './store.js';

const TOKEN = 'test-token';
let store: DemoStore;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  store = new DemoStore({ dataDir: null, mics: 60, events: 3000, now: Date.parse('2026-11-21T00:00:00Z') });
  app = buildDemoEdge({ store, token: TOKEN }).app;
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  store.close();
});

const get = async (path: string) =>
  (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();

it("keeps each incident's true source beside its events, and serves none of it through the interface", async () => {
  const page = JSON.parse(await get('/api/v1/composite-events?size=100')) as {
    results: { events: { id: string; created_at: string; sound_level: number }[] }[];
  };
  const events = page.results.flatMap((c) => c.events);
  const truths = store.truths(events.map((e) => e.id));
  expect(truths.size).toBeGreaterThan(10);
  const served = `${JSON.stringify(page)}${await get('/api/v1/events?size=100')}`;
  for (const [id, truth] of truths) {
    expect(served).not.toContain(truth.incident);
    const event = events.find((e) => e.id === id)!;
    // Millisecond timestamps, and the level the physics gave it.
    expect(event.created_at).toMatch(/\.\d{3}Z$/);
    expect(event.sound_level).toBeGreaterThan(40);
  }
  expect(served).not.toMatch(/emitted|clock_offset|shade_db|incident_truths/);
});

it('keeps the truth of a live event too', () => {
  const truth = {
    incident: 'feedbeeffeedbeef',
    repeat: 0,
    latitude: 37.5,
    longitude: 127,
    emittedAt: Date.now(),
    clockOffsetMs: 0,
    shadeDb: 0,
  };
  const event = store.addEvent({ mic_id: 'mic-0001', label_id: 'scream', sound_level: 71.5, truth });
  expect(store.truths([event.id]).get(event.id)).toEqual(truth);
});
