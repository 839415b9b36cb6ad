import http from 'node:http';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { ConsoleDb } from '../db/database.js';
import { signedIn } from '../testing/accounts.js';
import { CANARY, HOSTILE_SECRET, hostileMic, micWithCredentials } from '../testing/credential-fixtures.js';
import { freshDatabase } from '../testing/databases.js';
import { eventFixture, FAKE_TOKEN, micFixture, startFakeEdge, type FakeEdge } from '../testing/fake-edge.js';

let edge: FakeEdge;
let db: ConsoleDb;
/** A signed-in admin: every /api and /live call needs a session (server/auth tests who may call). */
let cookie = '';
let apps: FastifyInstance[] = [];
const streams: http.ClientRequest[] = [];

beforeAll(async () => {
  edge = await startFakeEdge();
  db = await freshDatabase('sqlite');
  cookie = (await signedIn(db, 'admin')).cookie;
});

/** fetch with the session cookie. */
function call(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('cookie', cookie);
  return fetch(url, { ...init, headers });
}
afterAll(async () => {
  await edge.close();
  await db.close();
});
beforeEach(() => {
  edge.requests = [];
  edge.mode = 'normal';
  edge.mics = Array.from({ length: 250 }, (_, i) => micFixture(i + 1));
  edge.events = [];
  edge.composites = [];
});
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.destroy();
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

async function consoleOn(env: Record<string, string> = {}, upstream = edge.url) {
  const config = loadConfig(
    {
      EDGE_API_URL: upstream,
      EDGE_API_TOKEN: FAKE_TOKEN,
      QUIET: '1',
      HUB_EVENTS_INTERVAL_MS: '30',
      HUB_COMPOSITES_INTERVAL_MS: '30',
      HUB_MICS_INTERVAL_MS: '60000',
      ...env,
    },
    { staticDir: '/nonexistent' },
  );
  const app = buildApp({ config, upstream, token: config.edgeApiToken, demo: null, db });
  apps.push(app);
  return app.listen({ host: '127.0.0.1', port: 0 });
}

interface Stream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Parsed messages so far: event type, id and data. */
  messages: { type: string; id: string | null; data: Record<string, unknown> }[];
}

function openStream(url: string, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', cookie, ...headers } }, (response) => {
      const stream: Stream = { status: response.statusCode ?? 0, headers: response.headers, messages: [] };
      let pending = '';
      const body = response.headers['content-encoding'] === 'gzip' ? response.pipe(zlib.createGunzip()) : response;
      body.setEncoding('utf8');
      body.on('data', (chunk: string) => {
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf('\n\n')) !== -1) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .find((line) => line.startsWith(`${name}: `))
              ?.slice(name.length + 2) ?? null;
          const data = field('data');
          if (data !== null) {
            stream.messages.push({
              type: field('event') ?? 'message',
              id: field('id'),
              data: JSON.parse(data) as Record<string, unknown>,
            });
          }
        }
      });
      resolve(stream);
    });
    request.on('error', reject);
    streams.push(request);
  });
}

const ofType = (stream: Stream, type: string) => stream.messages.filter((m) => m.type === type);

describe('GET /live', () => {
  it('is an unbuffered event stream that starts with the edge health, gzipped for a screen that takes it', async () => {
    const base = await consoleOn();
    const zipped = await openStream(`${base}/live`, { 'accept-encoding': 'gzip, deflate, br' });
    const plain = await openStream(`${base}/live`, { 'accept-encoding': 'br, gzip;q=0' });
    for (const stream of [zipped, plain]) {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.headers['cache-control']).toMatch(/no-cache/);
      expect(stream.headers['x-accel-buffering']).toBe('no');
      expect(stream.headers.vary).toMatch(/accept-encoding/i);
    }
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    await expect.poll(() => ofType(zipped, 'health').length).toBeGreaterThan(0);
    await expect.poll(() => ofType(plain, 'health').length).toBeGreaterThan(0);
    // Each message is flushed as it is sent: a push is read while the stream stays open.
    await expect.poll(() => ofType(zipped, 'reset').length).toBeGreaterThan(0);
    edge.events.push(eventFixture('e-zip', new Date().toISOString(), 'mic-0002', 'scream'));
    await expect
      .poll(() => ofType(zipped, 'event').flatMap((m) => (m.data.events as { id: string }[]).map((e) => e.id)))
      .toEqual(['e-zip']);
  });

  it('has no HEAD, which would hold a stream slot while sending nothing', async () => {
    const base = await consoleOn();
    // Held as a stream, it would send no headers at all, and this would time out.
    const head = await call(`${base}/live`, { method: 'HEAD', signal: AbortSignal.timeout(5_000) });
    expect(head.status).not.toBe(200);
    expect(head.headers.get('content-type') ?? '').not.toMatch(/event-stream/);
  });

  it('carries new events, filtered per screen by label, mic and edge', async () => {
    const base = await consoleOn();
    const all = await openStream(`${base}/live`);
    const screams = await openStream(`${base}/live?label_id=scream&edge_id=edge-a`);
    const glass = await openStream(`${base}/live?label_id=glass_break`);
    await expect.poll(() => ofType(all, 'reset').length).toBeGreaterThan(0);
    const now = new Date().toISOString();
    // mic-0002 is on edge-a, mic-0003 on edge-b.
    edge.events.push(eventFixture('e-a', now, 'mic-0002', 'scream'), eventFixture('e-b', now, 'mic-0003', 'scream'));
    await expect.poll(() => ofType(all, 'event').flatMap((m) => m.data.events as { id: string }[]).length).toBe(2);
    await expect
      .poll(() => ofType(screams, 'event').flatMap((m) => (m.data.events as { id: string }[]).map((e) => e.id)))
      .toEqual(['e-a']);
    expect(ofType(glass, 'event')).toEqual([]);
  });

  it('resumes from Last-Event-ID, and tells a screen too far behind to refetch', async () => {
    const base = await consoleOn({ HUB_BUFFER_SIZE: '3' });
    const first = await openStream(`${base}/live`);
    await expect.poll(() => ofType(first, 'reset').length).toBeGreaterThan(0);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      edge.events.push(eventFixture(`e-${i}`, new Date().toISOString()));
      await expect.poll(() => ofType(first, 'event').length).toBe(i + 1);
      ids.push(ofType(first, 'event')[i]!.id!);
    }
    const resumed = await openStream(`${base}/live`, { 'last-event-id': ids[2]! });
    await expect
      .poll(() => ofType(resumed, 'event').flatMap((m) => (m.data.events as { id: string }[]).map((e) => e.id)))
      .toEqual(['e-3', 'e-4']);
    expect(ofType(resumed, 'reset')).toEqual([]);

    const behind = await openStream(`${base}/live?last_event_id=${encodeURIComponent(ids[0]!)}`);
    await expect.poll(() => ofType(behind, 'reset').map((m) => m.data.reason)).toEqual(['resume-too-old']);
    const elsewhere = await openStream(`${base}/live`, { 'last-event-id': 'abcdef01-3' });
    await expect.poll(() => ofType(elsewhere, 'reset').map((m) => m.data.reason)).toEqual(['unknown-id']);
  });

  it('gives a screen that has heard no numbered message yet a place to resume from', async () => {
    // A quiet wall (no events in its window) hears only the greeting; when its stream drops, what
    // happened meanwhile (a review change, an event) must still reach it on the next stream.
    const base = await consoleOn();
    const first = await openStream(`${base}/live`);
    await expect.poll(() => ofType(first, 'reset').length).toBeGreaterThan(0);
    const quiet = await openStream(`${base}/live`);
    await expect.poll(() => ofType(quiet, 'health').length).toBe(1);
    const resumeFrom = ofType(quiet, 'health')[0]!.id;
    expect(resumeFrom).toMatch(/^[0-9a-f]+-\d+$/);
    streams.at(-1)!.destroy();

    edge.events.push(eventFixture('e-away', new Date().toISOString()));
    await expect.poll(() => ofType(first, 'event').length).toBe(1);
    const back = await openStream(`${base}/live`, { 'last-event-id': resumeFrom! });
    await expect
      .poll(() => ofType(back, 'event').flatMap((m) => (m.data.events as { id: string }[]).map((e) => e.id)))
      .toEqual(['e-away']);
    expect(ofType(back, 'reset')).toEqual([]);
  });

  it('tells each list it merges into where the stream stood when the list was asked for', async () => {
    const base = await consoleOn();
    const first = await openStream(`${base}/live`);
    await expect.poll(() => ofType(first, 'reset').length).toBeGreaterThan(0);
    const mark = async (path: string) => (await call(`${base}${path}`)).headers.get('live-id');
    const before = await mark('/api/v1/events?page=1&size=25');
    expect(before).toMatch(/^[0-9a-f]+-\d+$/);
    expect(await mark('/api/v1/composite-events?page=1&size=20')).toBe(before);
    // Not a list the stream's messages go into.
    expect(await mark('/api/v1/mics?page=1&size=25')).toBeNull();

    edge.events.push(eventFixture('e-after', new Date().toISOString()));
    await expect.poll(() => ofType(first, 'event').length).toBe(1);
    expect(await mark('/api/v1/events')).toBe(ofType(first, 'event')[0]!.id);
    // A fresh screen's stream starting from its list's mark brings what that list could not hold,
    // and its greeting says where it starts.
    const filling = await openStream(`${base}/live?since=${encodeURIComponent(before!)}`);
    await expect
      .poll(() => ofType(filling, 'event').flatMap((m) => (m.data.events as { id: string }[]).map((e) => e.id)))
      .toEqual(['e-after']);
    expect(ofType(filling, 'health')[0]!.id).toBe(before);
    expect(ofType(filling, 'reset')).toEqual([]);
    // A mark it cannot start from (another hub's): a fresh stream from the newest id, no reset.
    const elsewhere = await openStream(`${base}/live?since=abcdef01-1`);
    await expect.poll(() => ofType(elsewhere, 'health').length).toBe(1);
    expect(ofType(elsewhere, 'health')[0]!.id).toBe(ofType(first, 'event')[0]!.id);
    expect(ofType(elsewhere, 'reset')).toEqual([]);
    expect(ofType(elsewhere, 'event')).toEqual([]);
  });

  it('refuses a malformed filter with a reason', async () => {
    const base = await consoleOn();
    const response = await call(`${base}/live?window=forever`);
    expect(response.status).toBe(422);
    const { detail } = (await response.json()) as { detail: { loc: string[]; msg: string }[] };
    expect(detail).toEqual([{ loc: ['query'], msg: expect.stringMatching(/window/) }]);
  });

  it('an edit through the console reaches every screen before the next walk', async () => {
    const base = await consoleOn();
    const other = await openStream(`${base}/live`);
    await expect.poll(() => ofType(other, 'mics').length).toBe(1);
    const patched = await call(`${base}/api/v1/mics/mic-0007`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Edited elsewhere' }),
    });
    expect(patched.status).toBe(200);
    await expect
      .poll(() => ofType(other, 'mics').at(-1)?.data, { timeout: 1000 })
      .toMatchObject({ upserts: [{ id: 'mic-0007', name: 'Edited elsewhere' }], removals: [] });
  });
});

describe('GET /api/inventory/mics', () => {
  it('answers the whole inventory in one compressed response, then 304 while nothing changed', async () => {
    const base = await consoleOn();
    const first = await new Promise<http.IncomingMessage & { body: Buffer }>((resolve) => {
      http.get(`${base}/api/inventory/mics`, { headers: { 'accept-encoding': 'gzip', cookie } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Object.assign(response, { body: Buffer.concat(chunks) })));
      });
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(zlib.gunzipSync(first.body).toString()) as Record<string, unknown>;
    expect(body).toMatchObject({ complete: true, count: 250, reported_total: 250, stale: null });
    expect(body.mics as unknown[]).toHaveLength(250);
    // Three pages for the whole inventory; the browser asked once.
    expect(edge.requests.filter((r) => r.path === '/api/v1/mics')).toHaveLength(3);

    const etag = first.headers.etag!;
    const again = await call(`${base}/api/inventory/mics`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const oneEdge = await call(`${base}/api/inventory/mics?edge_id=edge-a`);
    expect(((await oneEdge.json()) as { mics: { edge_id: string }[] }).mics.every((m) => m.edge_id === 'edge-a')).toBe(
      true,
    );
    expect(oneEdge.headers.get('etag')).not.toBe(etag);
  });

  it('serves each mic as the screens read it: no host, thresholds, timestamps or anything else the edge adds', async () => {
    edge.mics = [
      micFixture(1, {
        thresholds: { scream: { sound_level_ge: 70, confidence: 0.6 }, siren: { sound_level_ge: 80, confidence: 0.5 } },
        battery: 81,
      }),
      micFixture(2, { thresholds: { glass_break: { sound_level_ge: 75, confidence: 0.7 } } }),
      micWithCredentials('mic-0003'),
      hostileMic('mic-0004'),
    ];
    const base = await consoleOn();
    const text = await (await call(`${base}/api/inventory/mics`)).text();
    for (const secret of [CANARY.username, CANARY.password, HOSTILE_SECRET]) expect(text).not.toContain(secret);
    const body = JSON.parse(text) as { categories: string[]; mics: Record<string, unknown>[] };
    expect(body.categories).toEqual(['glass_break', 'scream', 'siren']);
    expect(body.mics).toHaveLength(4);
    for (const mic of body.mics) {
      expect(Object.keys(mic).sort()).toEqual(['edge_id', 'id', 'location', 'name', 'status']);
      expect(Object.keys(mic.location as object).sort()).toEqual(['latitude', 'longitude']);
    }
    expect(body.mics[0]).toEqual({
      id: 'mic-0001',
      name: 'Mic 1',
      edge_id: 'edge-b',
      status: 'active',
      location: { latitude: 37.501, longitude: 127 },
    });
  });

  it('says when HUB_MAX_MIC_PAGES cut the walk short, whatever max_page and total_cnt claim', async () => {
    edge.maxPageLie = Number.MAX_SAFE_INTEGER;
    edge.mics = Array.from({ length: 500 }, (_, i) => micFixture(i + 1));
    const base = await consoleOn({ HUB_MAX_MIC_PAGES: '2' });
    const body = (await (await call(`${base}/api/inventory/mics`)).json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      complete: false,
      count: 200,
      reported_total: Number.MAX_SAFE_INTEGER * 100,
      max_pages: 2,
    });
    expect(edge.requests.filter((r) => r.path === '/api/v1/mics')).toHaveLength(2);
  });

  it('answers the edge failure as the gateway would when it has nothing yet', async () => {
    edge.mode = 'malformed';
    const base = await consoleOn();
    const response = await call(`${base}/api/inventory/mics`);
    expect(response.status).toBe(502);
    expect(((await response.json()) as { detail: string }).detail).toBe(
      'The edge sent a response that is not valid JSON (GET /api/v1/mics)',
    );
  });
});

describe('GET /api/inventory/levels', () => {
  it('answers each mic’s threshold for one category and whether all read as dB; refuses no category', async () => {
    edge.mics = [
      micFixture(1, { thresholds: { scream: { sound_level_ge: 72.5, confidence: 0.6 } } }),
      micFixture(2, { thresholds: { siren: { sound_level_ge: 90, confidence: 0.5 } } }),
      micFixture(3, { id: '__proto__', thresholds: { scream: { sound_level_ge: 60, confidence: 0.5 } } }),
    ];
    const base = await consoleOn();
    const response = await call(`${base}/api/inventory/levels?category=scream`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const body = (await response.json()) as { levels: Record<string, number> };
    expect(body).toMatchObject({ category: 'scream', in_db: true });
    expect(Object.entries(body.levels)).toEqual([
      ['mic-0001', 72.5],
      ['__proto__', 60],
    ]);

    edge.mics = [micFixture(1, { thresholds: { scream: { sound_level_ge: 0.7, confidence: 0.6 } } })];
    const fractions = await consoleOn();
    expect(await (await call(`${fractions}/api/inventory/levels?category=siren`)).json()).toMatchObject({
      in_db: false,
      levels: {},
    });

    const refused = await call(`${base}/api/inventory/levels`);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      detail: [{ loc: ['query', 'category'], msg: 'Name the category whose thresholds to read' }],
    });
  });

  it('who may: anyone signed in, a viewer too; nobody without a session (401)', async () => {
    const base = await consoleOn();
    const viewer = (await signedIn(db, 'viewer')).cookie;
    for (const path of ['/api/inventory/levels?category=scream', '/api/inventory/mics']) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(401);
      expect((await fetch(`${base}${path}`, { headers: { cookie: viewer } })).status, path).toBe(200);
    }
  });
});

describe('without a server-held token', () => {
  it('has no hub: /live and the inventory answer 503, and the config says so', async () => {
    // An edge of its own: a read of an earlier test's hub (polling every 30 ms) can still be on its way to the shared one.
    const own = await startFakeEdge();
    const base = await consoleOn({ EDGE_API_TOKEN: '' }, own.url);
    expect((await call(`${base}/live`)).status).toBe(503);
    expect((await call(`${base}/api/inventory/mics`)).status).toBe(503);
    expect((await call(`${base}/api/inventory/levels?category=scream`)).status).toBe(503);
    expect(((await (await call(`${base}/config.json`)).json()) as { live: boolean }).live).toBe(false);
    expect(own.requests).toEqual([]);
    await own.close();
  });
});
