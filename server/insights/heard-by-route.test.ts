import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedIn } from '../testing/accounts.js';
import { describeEachDatabase } from '../testing/databases.js';
import { EdgeReader, type InventoryMic } from './edge-reader.js';
import { offsetPlace } from './geo.js';
import { registerHeardBy } from './heard-by-route.js';
import { ingestEvents, type ReadEvent } from './insight-store.js';
import { InsightsService } from './service.js';
import { registerTestAuth, TEST_WALL } from '../testing/route-auth.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const origin = { latitude: 37.5, longitude: 127 };
const mic = (id: string, eastM: number): InventoryMic => ({
  id,
  name: `<b>Mic ${id}</b>`,
  edge_id: 'edge-1',
  status: 'active',
  location: offsetPlace(origin, eastM, 90),
});
// near is 300 m from a (inside the 500 m radius); far is 1,200 m from a and 900 m from near.
const inventory = [mic('a', 0), mic('near', 300), mic('far', 1200)];
const ev = (id: string, micId: string, at: number, labelId = 'scream'): ReadEvent => ({
  id,
  micId,
  labelId,
  at,
  confidence: 0.8,
});

interface Answer {
  radius_m: number;
  window_s: number;
  complete: boolean;
  events: Record<string, { heard_by: { id: string; name: string | null }[] }>;
}

describeEachDatabase('GET /api/insights/heard-by', (getDb) => {
  let app: FastifyInstance;
  let reader: EdgeReader;
  let viewer: string;
  let inventoryRead = true;

  beforeAll(async () => {
    const consoleDb = getDb();
    app = Fastify();
    registerTestAuth(app, consoleDb);
    // Nothing listens upstream: any edge request would fail the answer (and count in `requests`).
    reader = new EdgeReader({
      upstream: 'http://127.0.0.1:9',
      token: 't',
      timeoutMs: 500,
      peekInventory: () => (inventoryRead ? inventory : null),
    });
    const service = new InsightsService(consoleDb.db, reader, {
      rules: { radiusM: 500, windowMs: 10_000 },
      backfillMaxRps: 0,
      deafMinMissed: 3,
      log: () => {},
    });
    registerHeardBy(app, { service, reader });
    await app.ready();
    viewer = (await signedIn(consoleDb, 'viewer')).cookie;
    const at = NOW - 60_000;
    await ingestEvents(
      consoleDb.db,
      [
        ev('e1', 'a', at),
        // Within the radius and the window (10 s after): corroborates e1.
        ev('e2', 'near', at + 10_000),
        // Within the radius, 11 s after: outside the window.
        ev('e3', 'near', at - 11_000),
        // Within the window, outside the radius.
        ev('e4', 'far', at + 1_000),
        // Near and in time, another label.
        ev('e5', 'near', at + 2_000, 'glass_break'),
        ev('lone', 'a', at - 3_600_000),
      ],
      NOW,
    );
  });

  afterAll(async () => {
    await app.close();
  });

  const get = (query: string, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: `/api/insights/heard-by${query}`, headers });

  it('answers 401 signed out, and lets a viewer and a wall link read', async () => {
    const refused = await get('?id=e1', {});
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'Sign in to use the console.' });
    expect((await get('?id=e1', { cookie: viewer })).statusCode).toBe(200);
    expect((await get('?id=e1', TEST_WALL)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/insights/heard-by', headers: TEST_WALL })).statusCode).toBe(
      403,
    );
  });

  it('counts a same-label neighbour within the radius and the window, and no other', async () => {
    const response = await get('?id=e1&id=e2&id=e4', { cookie: viewer });
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = response.json<Answer>();
    expect(answer).toMatchObject({ radius_m: 500, window_s: 10, complete: true });
    expect(answer.events.e1!.heard_by).toEqual([
      { id: 'a', name: '<b>Mic a</b>' },
      { id: 'near', name: '<b>Mic near</b>' },
    ]);
    expect(answer.events.e2!.heard_by.map((m) => m.id)).toEqual(['near', 'a']);
    // far has no mic within the radius.
    expect(answer.events.e4!.heard_by.map((m) => m.id)).toEqual(['far']);
  });

  it('leaves out ids it does not hold, and asks the edge nothing', async () => {
    const answer = (await get('?id=lone&id=unknown&id=e3', { cookie: viewer })).json<Answer>();
    expect(Object.keys(answer.events).sort()).toEqual(['e3', 'lone']);
    expect(answer.events.lone!.heard_by.map((m) => m.id)).toEqual(['a']);
    expect(answer.events.e3!.heard_by.map((m) => m.id)).toEqual(['near']);
    expect(reader.requests).toBe(0);
  });

  it('knows nobody before the hub has read the mic inventory', async () => {
    inventoryRead = false;
    try {
      expect((await get('?id=e1', { cookie: viewer })).json<Answer>().events).toEqual({});
    } finally {
      inventoryRead = true;
    }
  });

  it('says which query is wrong with a 422: no id, an empty one, more than 100', async () => {
    const none = await get('', { cookie: viewer });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ detail: [{ loc: ['query', 'id'], msg: 'give 1 to 100 event ids' }] });
    expect((await get('?id=', { cookie: viewer })).json()).toEqual({
      detail: [{ loc: ['query', 'id', 0], msg: 'an event id is empty' }],
    });
    const many = Array.from({ length: 101 }, (_, i) => `id=e${i}`).join('&');
    const tooMany = await get(`?${many}`, { cookie: viewer });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toEqual({ detail: [{ loc: ['query', 'id'], msg: 'at most 100 event ids' }] });
    // The same id twice is one id.
    const same = Array.from({ length: 101 }, () => 'id=e1').join('&');
    expect((await get(`?${same}`, { cookie: viewer })).statusCode).toBe(200);
  });
});
