import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../auth/sessions.js';
import type { ConsoleDb } from '../db/database.js';
import { buildDemoEdge } from '../demo/edge-app.js';
import { DemoStore } from '../demo/store.js';
import { freshDatabase } from '../testing/databases.js';
import { distanceMeters } from './geo.js';
import { EdgeReader } from './edge-reader.js';
import { MAX_NEIGHBOUR_PAGES, registerInsights } from './routes.js';
import { registerTestAuth, TEST_WALL } from '../testing/route-auth.js';

/** The insights routes behind the console's access rule, reading a seeded demo edge over HTTP. */
const TOKEN = 'insights-token';
const NOW = Date.parse('2026-11-21T00:00:00Z');
let store: DemoStore;
let edge: FastifyInstance;
let app: FastifyInstance;
let db: ConsoleDb;
let reader: EdgeReader;
let viewerCookie: string;

beforeAll(async () => {
  store = new DemoStore({ dataDir: null, mics: 60, events: 6000, now: NOW });
  edge = buildDemoEdge({ store, token: TOKEN }).app;
  const upstream = await edge.listen({ host: '127.0.0.1', port: 0 });
  db = await freshDatabase('sqlite');
  app = Fastify();
  registerTestAuth(app, db);
  reader = new EdgeReader({ upstream, token: TOKEN, timeoutMs: 5_000 });
  registerInsights(app, { reader, rules: { radiusM: 500, windowMs: 10_000 } });
  await app.ready();
  const now = new Date().toISOString();
  await db.db
    .insertInto('accounts')
    .values({
      id: 'id-viewer',
      username: 'viewer',
      password_hash: null,
      role: 'viewer',
      disabled: 0,
      oidc_subject: null,
      created_at: now,
      updated_at: now,
      last_login_at: null,
    })
    .execute();
  const request = { ip: '127.0.0.1', headers: {} } as Parameters<typeof createSession>[2];
  const token = await createSession(db, 'id-viewer', request, { idleMinutes: 60, maxHours: 1, cookieSecure: false });
  viewerCookie = `${SESSION_COOKIE}=${token}`;
});

afterAll(async () => {
  await app.close();
  await edge.close();
  store.close();
  await db.close();
});

interface Answer {
  complete: boolean;
  radius_m: number;
  window_s: number;
  events: Record<string, { heard_by: { id: string; name: string | null }[]; complete: boolean }>;
}

const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });

describe('GET /api/insights/corroboration', () => {
  it('answers 401 without a session, before asking the edge anything', async () => {
    const before = reader.requests;
    const response = await get('/api/insights/corroboration?size=10', {});
    expect(response.statusCode).toBe(401);
    expect(reader.requests).toBe(before);
  });

  it('lets any signed-in principal read, a wall link included', async () => {
    expect((await get('/api/insights/corroboration?size=5', { cookie: viewerCookie })).statusCode).toBe(200);
    expect((await get('/api/insights/corroboration?size=5', TEST_WALL)).statusCode).toBe(200);
  });

  it('refuses a page size the edge would refuse, saying which', async () => {
    const response = await get('/api/insights/corroboration?size=500', { cookie: viewerCookie });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: [{ loc: ['query', 'size'], msg: expect.any(String) }] });
  });

  it('tells for each event of the page which mics heard it, checked against the edge’s own data', async () => {
    reader.requests = 0;
    const response = await get('/api/insights/corroboration?size=100&page=3', { cookie: viewerCookie });
    expect(response.statusCode).toBe(200);
    const answer = response.json<Answer>();
    // The page, the mic directory (60 mics: one page) once, and the bounded neighbour walk.
    expect(reader.requests).toBeLessThanOrEqual(2 + MAX_NEIGHBOUR_PAGES);
    const page = store.listEvents({ page: 3, size: 100, start: null, end: null, mic_ids: [], label_ids: [] }).results;
    expect(Object.keys(answer.events).sort()).toEqual(page.map((e) => e.id).sort());
    const corroborated = page.filter((e) => answer.events[e.id]!.heard_by.length > 1);
    // The demo's incidents are heard by the mics around them.
    expect(corroborated.length).toBeGreaterThan(5);
    for (const event of corroborated) {
      const [own, ...others] = answer.events[event.id]!.heard_by;
      expect(own!.id).toBe(event.mic.id);
      for (const other of others) {
        const mic = store.getMic(other.id)!;
        expect(other.name).toBe(mic.name);
        expect(distanceMeters(event.mic.location, mic.location)).toBeLessThanOrEqual(500);
        const at = Date.parse(event.created_at);
        const theirs = store.listEvents({
          page: 1,
          size: 100,
          start: new Date(at - 10_000).toISOString(),
          end: new Date(at + 10_000).toISOString(),
          mic_ids: [other.id],
          label_ids: [event.label.id],
        });
        expect(theirs.results.length).toBeGreaterThan(0);
      }
    }
  });

  it('says an event whose window is still open is not complete, and one whose window closed is', async () => {
    const places = store.micPlaces();
    const mic = places.find((a) => places.some((b) => b.id !== a.id && distanceMeters(a, b) <= 300))!;
    // Just heard: a neighbour's report of the same sound may still come within the next 10 s.
    const fresh = store.addEvent({ mic_id: mic.id, label_id: 'gunshot', at: Date.now() - 1_000 });
    const answer = (
      await get(`/api/insights/corroboration?size=2&mic_id=${mic.id}`, { cookie: viewerCookie })
    ).json<Answer>();
    expect(answer.complete).toBe(true);
    expect(answer.events[fresh.id]).toEqual({
      heard_by: [{ id: mic.id, name: store.getMic(mic.id)!.name }],
      complete: false,
    });
    // The seeded history ended on 2026-11-21: its windows have long closed.
    const older = Object.keys(answer.events).find((id) => id !== fresh.id)!;
    expect(answer.events[older]!.complete).toBe(true);
  });
});
