import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.js';
import { createAccount } from './auth/accounts.js';
import { loadConfig } from './config.js';
import type { ConsoleDb } from './db/database.js';
import { freshDatabase } from './testing/databases.js';
import { FAKE_TOKEN, micFixture, startFakeEdge, type FakeEdge } from './testing/fake-edge.js';
import { createWallLink } from './walls/wall-links.js';

const PASSWORD = 'correct horse battery staple 7';
const BROWSER_BEARER = 'browser-bearer-secret-4711';
const OLD_COOKIE = 'stale-session-cookie-0815';
const QUERY_TOKEN = 'query-token-secret-2323';

let edge: FakeEdge;
let db: ConsoleDb;
let app: FastifyInstance;
let output = '';

beforeAll(async () => {
  edge = await startFakeEdge();
  edge.mics = [micFixture(1)];
  db = await freshDatabase('sqlite');
  await createAccount(db, { username: 'kim', role: 'operator', password: PASSWORD });
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const config = loadConfig(
    { EDGE_API_URL: edge.url, EDGE_API_TOKEN: FAKE_TOKEN, LOG_LEVEL: 'debug', BACKFILL_MAX_RPS: '0' },
    { staticDir: '/nonexistent' },
  );
  app = buildApp({ config, upstream: edge.url, token: FAKE_TOKEN, demo: null, db, logStream: stream });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
  await edge.close();
});

const lines = () =>
  output
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { level: number; reqId?: string; msg: string; edge?: { path: string } });

describe('the JSON log', () => {
  it('names a sign-in, a wall-link visit and an edge call without any of their secrets', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: `/auth/login?token=${QUERY_TOKEN}`,
      headers: { cookie: `esc_session=${OLD_COOKIE}`, authorization: `Bearer ${BROWSER_BEARER}` },
      payload: { username: 'kim', password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(204);
    const session = signIn.cookies.find((c) => c.name === 'esc_session')!.value;
    const { key } = await createWallLink(db, { name: 'Lobby', query: 'window=15m', createdBy: 'kim' });
    const wall = await app.inject({ method: 'GET', url: `/w/${key}?sig=${QUERY_TOKEN}` });
    expect(wall.statusCode).toBe(303);
    const proxied = await app.inject({
      method: 'GET',
      url: `/api/v1/mics?size=10&api_key=${QUERY_TOKEN}`,
      headers: { cookie: `esc_session=${session}`, authorization: `Bearer ${BROWSER_BEARER}` },
    });
    expect(proxied.statusCode).toBe(200);
    // The hub's own edge read, logged at debug.
    const inventory = await app.inject({
      method: 'GET',
      url: '/api/inventory/mics',
      headers: { cookie: `esc_session=${session}` },
    });
    expect(inventory.statusCode).toBe(200);
    await vi.waitFor(() => expect(lines().some((l) => l.edge?.path === '/api/v1/mics')).toBe(true));

    const logged = lines();
    const requestLine = (text: string) => logged.find((l) => l.msg.startsWith(`request completed: ${text}`));
    for (const text of ['POST /auth/login 204', 'GET /w/… 303', 'GET /api/v1/mics 200']) {
      expect(requestLine(text)?.reqId, text).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(proxied.headers['x-request-id']).toBe(requestLine('GET /api/v1/mics 200')?.reqId);
    for (const secret of [PASSWORD, BROWSER_BEARER, OLD_COOKIE, QUERY_TOKEN, session, key, FAKE_TOKEN]) {
      expect(output).not.toContain(secret);
    }
  });

  it('keeps a request id a proxy sends, and makes one when it is unusable', async () => {
    const given = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a9c21' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a9c21');
    const odd = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a"}\n{"forged' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
