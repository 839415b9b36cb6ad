import http from 'node:http';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { buildDemoEdge } from './demo/edge-app.js';
import type { FaultState } from './demo/faults.js';
import { DemoStore } from './demo/store.js';
import type { ConsoleDb } from './db/database.js';
import { PRE_REDACTED_HEADER, redactCredentials } from './redact.js';
import { freshDatabase } from './testing/databases.js';

/**
 * The console on its embedded demo edge, whose composite events come pre-redacted and are passed
 * through unparsed, against a standalone demo edge over the same seed that sends credentials.
 */
const TOKEN = 'embedded-token';
const CANARY = 'canary-embedded-5d2e';
const NOW = Date.parse('2026-11-21T00:00:00Z');
const storeOptions = { dataDir: null, mics: 60, events: 3000, now: NOW, credentialCanary: CANARY };

let embeddedStore: DemoStore;
let plainStore: DemoStore;
let faults: FaultState;
const apps: FastifyInstance[] = [];
let consoleBase: string;
let plainBase: string;
let db: ConsoleDb;

beforeAll(async () => {
  embeddedStore = new DemoStore({ ...storeOptions, redactCredentials: true });
  plainStore = new DemoStore(storeOptions);
  const edge = buildDemoEdge({ store: embeddedStore, token: TOKEN });
  faults = edge.faults;
  const plain = buildDemoEdge({ store: plainStore, token: TOKEN }).app;
  apps.push(edge.app, plain);
  const edgeBase = await edge.app.listen({ host: '127.0.0.1', port: 0 });
  plainBase = await plain.listen({ host: '127.0.0.1', port: 0 });
  const config = loadConfig({ QUIET: '1', STATIC_DIR: '/nonexistent' }, { staticDir: '/nonexistent' });
  db = await freshDatabase('sqlite');
  const app = buildApp({
    config,
    upstream: edgeBase,
    token: TOKEN,
    demo: { store: embeddedStore, faults, traffic: edge.traffic },
    db,
  });
  apps.push(app);
  consoleBase = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  embeddedStore.close();
  plainStore.close();
  await db.close();
});

afterEach(() => {
  faults.mode = 'normal';
});

const viaConsole = (path: string, init: RequestInit = {}) => fetch(`${consoleBase}${path}`, init);
/** The bytes on the wire, which fetch would decode. */
const rawGet = (path: string, acceptEncoding: string) =>
  new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${consoleBase}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
const direct = async (path: string) =>
  (await fetch(`${plainBase}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } })).json() as Promise<unknown>;

const PATHS = [
  '/api/v1/composite-events?size=100',
  '/api/v1/composite-events?size=5&page=2&order_by=asc',
  '/api/v1/composite-events?size=100&composite_rule_id=rule-repeated-scream',
];

describe('console on its embedded demo edge: composite events', () => {
  it.each(PATHS)('%s carries no credential and is otherwise what the edge holds', async (path) => {
    const response = await viaConsole(path);
    expect(response.status).toBe(200);
    expect(response.headers.get(PRE_REDACTED_HEADER)).toBeNull();
    const text = await response.text();
    expect(text).not.toContain(CANARY);
    // The plain edge over the same seed does send them: the redacted page is the only difference.
    const raw = await direct(path);
    expect(JSON.stringify(raw)).toContain(`${CANARY}-pass`);
    expect(JSON.parse(text)).toEqual(redactCredentials(raw));
  });

  it.each(['/api/v1/mics?size=100', '/api/v1/mics/mic-0001', '/api/v1/events?size=100'])(
    '%s carries no credential either',
    async (path) => {
      const response = await viaConsole(path);
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain(CANARY);
    },
  );

  it('nulls both credentials of every channel and console, in events and in mics', async () => {
    const page = (await (await viaConsole('/api/v1/composite-events?size=100')).json()) as {
      results: {
        id: string;
        events: { microphone: Record<string, { username: unknown; password: unknown }> }[];
        mics: Record<string, { username: unknown; password: unknown }>[];
      }[];
    };
    expect(page.results.length).toBeGreaterThan(0);
    const connections = page.results.flatMap((c) => [
      ...c.events.flatMap((e) => [e.microphone.channel!, e.microphone.console!]),
      ...c.mics.flatMap((m) => [m.channel!, m.console!]),
    ]);
    expect(connections.length).toBeGreaterThan(page.results.length * 4);
    for (const connection of connections) expect(connection).toMatchObject({ username: null, password: null });

    const one = await viaConsole(`/api/v1/composite-events/${page.results[0]!.id}`);
    const text = await one.text();
    expect(text).not.toContain(CANARY);
    expect(JSON.parse(text)).toEqual(page.results[0]);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'gzip'],
    ['br', 'br'],
    ['gzip;q=0, br', 'br'],
  ])(
    'compresses composite events for Accept-Encoding %s as %s, to the JSON sent uncompressed',
    async (accepted, encoding) => {
      for (const path of ['/api/v1/composite-events?size=25', '/api/v1/composite-events?size=3&page=4&order_by=asc']) {
        const plain = await viaConsole(path, { headers: { 'accept-encoding': 'identity' } });
        expect(plain.headers.get('content-encoding')).toBeNull();
        const expected = Buffer.from(await plain.arrayBuffer());
        const { headers, body } = await rawGet(path, accepted);
        expect(headers['content-encoding']).toBe(encoding);
        const decoded = encoding === 'gzip' ? zlib.gunzipSync(body) : zlib.brotliDecompressSync(body);
        expect(decoded.equals(expected)).toBe(true);
        expect(body.length).toBeLessThan(expected.length / 5);
      }
    },
  );

  it('sends one composite event gzipped as well', async () => {
    const first = (await (await viaConsole('/api/v1/composite-events?size=1')).json()).results[0];
    const { headers, body } = await rawGet(`/api/v1/composite-events/${first.id}`, 'gzip');
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.gunzipSync(body).toString())).toEqual(first);
  });

  it('still answers 502 for a malformed composite body from the embedded edge', async () => {
    faults.mode = 'malformed';
    const response = await viaConsole('/api/v1/composite-events?size=5');
    expect(response.status).toBe(502);
    expect((await response.json()).detail).toMatch(/malformed JSON/);
  });

  it('passes on a wrong-shaped composite page, still without credentials', async () => {
    faults.mode = 'wrong-shape';
    const text = await (await viaConsole('/api/v1/composite-events?size=5')).text();
    expect(text).not.toContain(CANARY);
    expect(JSON.parse(text).results[0].started_at).toBe(1_700_000_000);
  });

  it('shows a patched name and threshold in composite events it had already served', async () => {
    const before = (await (await viaConsole('/api/v1/composite-events?size=1')).json()).results[0];
    const micId = before.events[0].mic_id as string;
    const patched = await viaConsole(`/api/v1/mics/${micId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Patched while cached', thresholds: { scream: 0.2 } }),
    });
    expect(patched.status).toBe(200);
    const after = await (await viaConsole(`/api/v1/composite-events/${before.id}`)).json();
    const shown = after.events.filter((e: { mic_id: string }) => e.mic_id === micId);
    expect(shown.length).toBeGreaterThan(0);
    for (const e of shown) {
      expect(e.microphone.name).toBe('Patched while cached');
      expect(e.microphone.thresholds.scream).toEqual({ sound_level_ge: 50, confidence: 0.2 });
      expect(e.microphone.channel).toMatchObject({ username: null, password: null });
    }
    expect(after.mics.find((m: { id: string }) => m.id === micId).name).toBe('Patched while cached');
  });
});
