import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { ConsoleDb } from '../db/database.js';
import { distanceMeters, offsetPlace } from '../insights/geo.js';
import { signedIn } from '../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { describeEachDatabase } from '../testing/databases.js';
import { WALL_COOKIE } from '../walls/wall-access.js';
import { createWallLink } from '../walls/wall-links.js';
import { SPEED_OF_SOUND_MPS } from './types.js';

const centre = { latitude: 37.4979, longitude: 127.0276 };
const source = offsetPlace(centre, 40, 30);
const mics = [0, 72, 144, 216, 288].map((bearing, i) => ({
  id: `mic-${i}`,
  location: offsetPlace(centre, 150, bearing),
  channel: { scheme: 'rtsp', port: 554, path: '/s', username: 'admin', password: 'hunter2' },
}));
const T0 = Date.parse('2026-11-25T12:00:00Z');

/** Two shots 4 s apart from `source`, as the edge's base events of one composite event. */
const composite = {
  id: 'ce-1',
  group_key: 'gunshot',
  started_at: new Date(T0).toISOString(),
  mics,
  labels: [{ id: 'gunshot', name: { ko: '총성', en: 'Gunshot' }, active: true }],
  events: [0, 4_000].flatMap((shot) =>
    mics.map((mic) => {
      const meters = distanceMeters(source, mic.location);
      return {
        id: `ev-${shot}-${mic.id}`,
        mic_id: mic.id,
        label_id: 'gunshot',
        created_at: new Date(Math.round(T0 + shot + (meters / SPEED_OF_SOUND_MPS) * 1000)).toISOString(),
        sound_level: Math.round((150 - 20 * Math.log10(meters)) * 10) / 10,
        microphone: mic,
      };
    }),
  ),
};

interface Edge {
  url: string;
  down: boolean;
  /** Requests that reached the edge, answered or not. */
  asked: number;
  authorizations: (string | undefined)[];
  close(): Promise<void>;
}

async function startEdge(): Promise<Edge> {
  const edge: Edge = { url: '', down: false, asked: 0, authorizations: [], close: async () => undefined };
  const server = http.createServer((req, res) => {
    edge.asked++;
    if (edge.down) return req.socket.destroy();
    edge.authorizations.push(req.headers.authorization);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    // Every `ce-…` id is the same composite: each test reads its own id, past the shared cache.
    const id = /^\/api\/v1\/composite-events\/(ce-[\w-]+)$/.exec(req.url ?? '')?.[1];
    if (id !== undefined) return send(200, { ...composite, id });
    return send(404, { detail: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  edge.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  edge.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return edge;
}

interface Setup {
  edge: Edge;
  console_: TestConsole;
  /** A session cookie for each role, and a wall link's cookie as `wall`. */
  cookies: Record<string, string>;
}

/**
 * An edge and a console of the block's own (one block's reads leave pooled connections and a
 * back-off behind), with a cookie for each role and for a wall link; the edge is up before each test.
 */
function setUp(getDb: () => ConsoleDb): Setup {
  const setup = { cookies: {} } as Setup;
  beforeAll(async () => {
    setup.edge = await startEdge();
    setup.console_ = await startTestConsole(getDb(), setup.edge.url);
    for (const role of ['viewer', 'operator', 'admin'] as const) {
      setup.cookies[role] = (await signedIn(getDb(), role)).cookie;
    }
    const { key } = await createWallLink(getDb(), { name: 'Lobby', query: '', createdBy: null });
    setup.cookies.wall = `${WALL_COOKIE}=${key}`;
  });
  afterAll(async () => {
    await setup.console_.close();
    await setup.edge.close();
  });
  beforeEach(() => {
    setup.edge.down = false;
  });
  return setup;
}

describeEachDatabase('GET /api/insights/composite-events/:id/source', (getDb) => {
  const setup = setUp(getDb);
  const path = '/api/insights/composite-events/ce-1/source';

  it('locates each shot for every role and for a wall link, and asks sign-in of anyone else', async () => {
    for (const who of ['viewer', 'operator', 'admin', 'wall']) {
      const response = await setup.console_.call(path, { cookie: setup.cookies[who] });
      expect(response.status, who).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = (await response.json()) as {
        composite_id: string;
        timestamp_resolution_ms: number;
        sources: {
          at: string;
          latitude: number;
          longitude: number;
          radius_m: number;
          method: string;
          mic_ids: string[];
        }[];
        tracks: unknown[];
      };
      expect(body).toMatchObject({ composite_id: 'ce-1', timestamp_resolution_ms: 1, tracks: [] });
      expect(body.sources.map((s) => s.method)).toEqual(['arrival-time', 'arrival-time']);
      expect(Date.parse(body.sources[1]!.at) - Date.parse(body.sources[0]!.at)).toBeCloseTo(4_000, -1);
      for (const s of body.sources) {
        expect(distanceMeters(source, s)).toBeLessThan(s.radius_m);
        expect(s.mic_ids).toHaveLength(5);
      }
      expect(JSON.stringify(body)).not.toContain('hunter2');
    }
    const anonymous = await setup.console_.call(path);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ detail: 'Sign in to use the console.' });
  });

  it('reads the composite from the edge with the server token, once for many asking at once', async () => {
    setup.edge.authorizations = [];
    const own = '/api/insights/composite-events/ce-token/source';
    const answers = await Promise.all(
      ['viewer', 'operator', 'wall', 'viewer'].map((who) => setup.console_.call(own, { cookie: setup.cookies[who] })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(setup.edge.authorizations).toEqual(['Bearer edge-token']);
  });

  it("with the token in the browser, passes the caller's edge token on, and asks for one when none came", async () => {
    const own = await startTestConsole(getDb(), setup.edge.url, { EDGE_API_TOKEN: '', EDGE_TOKEN_FROM_BROWSER: '1' });
    try {
      setup.edge.authorizations = [];
      const response = await own.call(path, {
        cookie: setup.cookies.viewer,
        headers: { authorization: 'Bearer mine' },
      });
      expect(response.status).toBe(200);
      expect(setup.edge.authorizations).toEqual(['Bearer mine']);
      const batch = '/api/insights/composite-events/sources?id=ce-1';
      const many = await own.call(batch, { cookie: setup.cookies.viewer, headers: { authorization: 'Bearer mine' } });
      expect(many.status).toBe(200);
      expect(setup.edge.authorizations.every((sent) => sent === 'Bearer mine')).toBe(true);
      expect((await own.call(batch, { cookie: setup.cookies.viewer })).status).toBe(401);
      const without = await own.call(path, { cookie: setup.cookies.viewer });
      expect(without.status).toBe(401);
      expect(await without.json()).toEqual({
        detail: 'The edge needs your edge token, and none came with the request.',
      });
    } finally {
      await own.close();
    }
  });

  it('answers 404 in the shared shape for an id the edge does not know', async () => {
    const response = await setup.console_.call('/api/insights/composite-events/nope/source', {
      cookie: setup.cookies.viewer,
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'No composite event nope' });
  });

  it('answers 502 in the shared shape, saying so, while the edge is down, and backs off asking it', async () => {
    setup.edge.down = true;
    setup.edge.asked = 0;
    const down = '/api/insights/composite-events/ce-down/source';
    const response = await setup.console_.call(down, { cookie: setup.cookies.operator });
    for (const id of ['ce-down-2', 'ce-down-3', 'ce-down-4']) {
      const again = await setup.console_.call(`/api/insights/composite-events/${id}/source`, {
        cookie: setup.cookies.viewer,
      });
      expect(again.status).toBe(502);
    }
    // One attempt (undici may retry a reset idempotent request once); the rest are answered at once.
    expect(setup.edge.asked).toBeLessThanOrEqual(2);
    expect(response.status).toBe(502);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { detail: string };
    expect(Object.keys(body)).toEqual(['detail']);
    expect(body.detail).toMatch(/^Edge server unreachable/);
  });
});

describeEachDatabase('GET /api/insights/composite-events/sources', (getDb) => {
  const setup = setUp(getDb);

  it('answers many at once to every role and a wall link: each place by id, an unknown id among the failures', async () => {
    const batch = '/api/insights/composite-events/sources?id=ce-b1&id=nope&id=ce-b2&id=ce-b1';
    for (const who of ['viewer', 'operator', 'admin', 'wall']) {
      const response = await setup.console_.call(batch, { cookie: setup.cookies[who] });
      expect(response.status, who).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = (await response.json()) as {
        sources: Record<
          string,
          { composite_id: string; sources: { method: string; radius_m: number; latitude: number; longitude: number }[] }
        >;
        failed: Record<string, unknown>;
      };
      expect(Object.keys(body.sources).sort()).toEqual(['ce-b1', 'ce-b2']);
      expect(body.sources['ce-b2']).toMatchObject({ composite_id: 'ce-b2' });
      for (const s of body.sources['ce-b1']!.sources) {
        expect(s.method).toBe('arrival-time');
        expect(distanceMeters(source, s)).toBeLessThan(s.radius_m);
      }
      expect(body.failed).toEqual({ nope: { status: 404, detail: 'No composite event nope' } });
      expect(JSON.stringify(body)).not.toContain('hunter2');
    }
    expect((await setup.console_.call(batch)).status).toBe(401);
    // No id, or more than the cap: refused in the shared shape.
    const many = Array.from({ length: 51 }, (_, i) => `id=ce-${i}`).join('&');
    for (const query of ['', `?${many}`, '?id=']) {
      const refused = await setup.console_.call(`/api/insights/composite-events/sources${query}`, {
        cookie: setup.cookies.viewer,
      });
      expect(refused.status, query).toBe(422);
      expect(((await refused.json()) as { detail: { loc: string[] }[] }).detail[0]!.loc).toEqual(['query', 'id']);
    }
    // The cap itself is taken: 50 ids, here one known and 49 the edge does not know.
    const fifty = ['id=ce-b3', ...Array.from({ length: 49 }, (_, i) => `id=none-${i}`)].join('&');
    const full = await setup.console_.call(`/api/insights/composite-events/sources?${fifty}`, {
      cookie: setup.cookies.viewer,
    });
    const answered = (await full.json()) as { sources: object; failed: object };
    expect([Object.keys(answered.sources).length, Object.keys(answered.failed).length]).toEqual([1, 49]);
  });

  it('answers each id as failed, at once and without asking the edge again, while the edge is down', async () => {
    setup.edge.down = true;
    const response = await setup.console_.call('/api/insights/composite-events/sources?id=ce-d1&id=ce-d2', {
      cookie: setup.cookies.wall,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      sources: object;
      failed: Record<string, { status: number; detail: string }>;
    };
    expect(body.sources).toEqual({});
    expect(Object.keys(body.failed).sort()).toEqual(['ce-d1', 'ce-d2']);
    for (const failure of Object.values(body.failed)) {
      expect(failure.status).toBe(502);
      expect(failure.detail).toMatch(/^Edge server unreachable/);
    }
  });
});
