import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleDb } from '../db/database.js';
import { buildDemoEdge } from '../demo/edge-app.js';
import { DemoStore } from '../demo/store.js';
import { signedIn } from '../testing/accounts.js';
import { freshDatabase } from '../testing/databases.js';
import { registerAcousticInsights } from './acoustic-routes.js';
import { EdgeReader } from './edge-reader.js';
import { InsightsService } from './service.js';
import { UnusualWatch } from './unusual-watch.js';
import { registerTestAuth, TEST_WALL } from '../testing/route-auth.js';

/**
 * The acoustic insights behind the console's access rule, over a seeded demo edge (its week of
 * history, its deaf and noisy mics) read over HTTP by a real back-fill.
 */
const TOKEN = 'acoustic-token';
let store: DemoStore;
let edge: FastifyInstance;
let app: FastifyInstance;
let db: ConsoleDb;
let reader: EdgeReader;
let service: InsightsService;
let viewer: string;
const BURST_MIC = 'mic-0005';
const BURST = 60;

const ENDPOINTS = [
  '/api/insights/unusual',
  '/api/insights/health',
  '/api/insights/thresholds',
  '/api/insights/rate?mic_id=mic-0001&label_id=scream&at=2026-11-20T00:00:00Z',
  '/api/insights/replay/none',
];

beforeAll(async () => {
  store = new DemoStore({ dataDir: null, mics: 60, events: 30_000 });
  edge = buildDemoEdge({ store, token: TOKEN }).app;
  const upstream = await edge.listen({ host: '127.0.0.1', port: 0 });
  db = await freshDatabase('sqlite');
  app = Fastify();
  registerTestAuth(app, db);
  reader = new EdgeReader({ upstream, token: TOKEN, timeoutMs: 5_000 });
  service = new InsightsService(db.db, reader, {
    rules: { radiusM: 500, windowMs: 10_000 },
    backfillMaxRps: 1000,
    deafMinMissed: 3,
    log: () => {},
  });
  registerAcousticInsights(app, { service, reader });
  await app.ready();
  viewer = (await signedIn(db, 'viewer')).cookie;
  await service.backfill.walk();
  await reader.mics();
  await service.decide();
  // A burst after the back-fill: the first unusual request reads it from the edge (no hub here).
  // Large enough to stand out on its whole edge too at the busiest hour of the demo's day rhythm
  // (10 did not after 23:00 UTC, when the edge expects about 6.5 gunshots in a quarter hour).
  for (let k = 0; k < BURST; k++) store.addEvent({ mic_id: BURST_MIC, label_id: 'gunshot' });
}, 120_000);

afterAll(async () => {
  service.stop();
  await app.close();
  await edge.close();
  store.close();
  await db.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('who may read the acoustic insights', () => {
  it('answers 401 without a session, before asking the edge anything', async () => {
    const before = reader.requests;
    for (const url of ENDPOINTS) expect((await get(url)).statusCode, url).toBe(401);
    expect(reader.requests).toBe(before);
  });

  it('lets a viewer and a wall link read every one', async () => {
    for (const url of ENDPOINTS) {
      const expected = url.includes('/replay/') ? 404 : 200;
      expect((await get(url, { cookie: viewer })).statusCode, url).toBe(expected);
      expect((await get(url, TEST_WALL)).statusCode, url).toBe(expected);
    }
  });

  it('refuses writes: a wall link gets 403, a viewer finds no such method', async () => {
    for (const method of ['POST', 'PATCH'] as const) {
      const url = '/api/insights/unusual';
      expect((await app.inject({ method, url, headers: TEST_WALL })).statusCode).toBe(403);
      expect((await app.inject({ method, url, headers: { cookie: viewer } })).statusCode).toBe(404);
    }
  });

  it('says which query is wrong with a 422', async () => {
    const bad = await get('/api/insights/rate?mic_id=mic-0001&label_id=scream&at=yesterday', { cookie: viewer });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ detail: [{ loc: ['query', 'at'], msg: 'must be an ISO 8601 time' }] });
    const days = await get('/api/insights/rate?mic_id=a&label_id=b&at=2026-11-20T00:00:00Z&days=90', {
      cookie: viewer,
    });
    expect(days.json()).toEqual({ detail: [{ loc: ['query', 'days'], msg: expect.any(String) }] });
    expect((await get('/api/insights/thresholds?mic_id=', { cookie: viewer })).statusCode).toBe(422);
  });
});

describe('several screens at once', () => {
  it('share one computation of an answer: the edge is read once, not once per screen', async () => {
    const bare = Fastify();
    registerAcousticInsights(bare, { service, reader });
    await bare.ready();
    const before = reader.requests;
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => bare.inject({ method: 'GET', url: '/api/insights/health' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    // One read of the newest composite events per computation (the mic directory is cached).
    expect(reader.requests - before).toBe(1);
    await bare.close();
  });
});

describe('what the demo edge shows', () => {
  it('back-filled the whole history once, within the requests its size needs', () => {
    const state = service.backfill.state!;
    expect(state.status).toBe('done');
    expect(service.backfill.progress()).toBe(1);
    // 28 days of chunks, a day each while quiet, plus about 300 pages of 100 for 30,000 events.
    expect(state.requests).toBeGreaterThan(300);
    expect(state.requests).toBeLessThan(600);
  });

  it('finds the seeded deaf mic (silent and missing its neighbours’ incidents) among the suspects', async () => {
    const deaf = store.quirks().deaf!;
    const answer = (await get('/api/insights/health', { cookie: viewer })).json<{
      mics: { mic_id: string; reasons: string[]; missed_count: number; missed: { heard_by: unknown[] }[] }[];
    }>();
    const found = answer.mics.find((m) => m.mic_id === deaf.id);
    expect(found?.reasons).toContain('silent');
    expect(found?.reasons).toContain('missed');
    expect(found!.missed.length).toBeLessThanOrEqual(20);
    expect(found!.missed[0]!.heard_by.length).toBeGreaterThanOrEqual(2);
  });

  it('suggests raising at least one threshold, above the mic’s current one', async () => {
    const answer = (await get('/api/insights/thresholds', { cookie: viewer })).json<{
      suggestions: {
        mic_id: string;
        label_id: string;
        current: number;
        suggested: number;
        kept_real: number;
        real: number;
      }[];
    }>();
    expect(answer.suggestions.length).toBeGreaterThan(0);
    for (const s of answer.suggestions) {
      expect(s.suggested).toBeGreaterThan(s.current);
      expect(s.kept_real).toBeGreaterThanOrEqual(Math.ceil(0.95 * s.real));
      expect(s.current).toBe(store.getMic(s.mic_id)!.thresholds[s.label_id]!.confidence);
    }
  });

  it('flags a burst injected at one mic as unusual now, and its edge', async () => {
    const micId = BURST_MIC;
    const answer = (await get('/api/insights/unusual', { cookie: viewer })).json<{
      backfill: { status: string };
      mics: { mic_id: string; label_id: string; observed: number; p_value: number }[];
      edges: { edge_id: string; label_id: string }[];
    }>();
    expect(answer.backfill.status).toBe('done');
    const flagged = answer.mics.find((m) => m.mic_id === micId && m.label_id === 'gunshot');
    // The demo edge stores an event only above the mic's threshold: about half of the burst.
    expect(flagged?.observed).toBeGreaterThanOrEqual(10);
    expect(flagged!.p_value).toBeLessThan(0.001);
    expect(answer.edges.some((e) => e.edge_id === store.getMic(micId)!.edge_id && e.label_id === 'gunshot')).toBe(true);
  });

  it('tells priority the burst mic is in an area unusual now, and not the whole network', async () => {
    const found = await new UnusualWatch(service).look();
    expect(found.has(BURST_MIC)).toBe(true);
    expect(found.size).toBeLessThan(store.micIds().length / 2);
  });

  it('replays a composite event with its mics and neighbours, in time order, and says how it moved', async () => {
    const newest = store.compositePage({
      page: 1,
      size: 1,
      created_ge: null,
      created_le: null,
      rule_id: null,
      order: 'desc',
    });
    const id = (JSON.parse(newest.results[0]!.json.toString()) as { id: string }).id;
    const answer = (await get(`/api/insights/replay/${id}`, { cookie: viewer })).json<{
      events: { at: string }[];
      mics: { role: string }[];
      motion: { kind: string };
    }>();
    expect(answer.mics.some((m) => m.role === 'member')).toBe(true);
    const times = answer.events.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(['stationary', 'moving', 'unknown']).toContain(answer.motion.kind);
  });
});
