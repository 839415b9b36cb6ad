import fs from 'node:fs';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleDb } from '../db/database.js';
import { signedIn } from '../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { freshDatabase } from '../testing/databases.js';
import { eventFixture, FAKE_TOKEN, micFixture, startFakeEdge, type FakeEdge } from '../testing/fake-edge.js';
import { edgePathPattern } from './edge-requests.js';

const TOKEN = 'scrape-token-0123456789abcdef';

let edge: FakeEdge;
let db: ConsoleDb;
let consoles: TestConsole[] = [];

beforeAll(async () => {
  edge = await startFakeEdge();
  edge.mics = [micFixture(1), micFixture(2)];
  db = await freshDatabase('sqlite');
});
afterEach(async () => {
  await Promise.all(consoles.map((c) => c.close()));
  consoles = [];
});
afterAll(async () => {
  await edge.close();
  await db.close();
});

async function consoleWith(env: Record<string, string>): Promise<TestConsole> {
  const started = await startTestConsole(db, edge.url, { EDGE_API_TOKEN: FAKE_TOKEN, ...env });
  consoles.push(started);
  return started;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sample = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);

describe('who may read /metrics', () => {
  it('answers 404 on the console port when METRICS_TOKEN is unset, whoever asks', async () => {
    const console = await consoleWith({});
    const { cookie } = await signedIn(db, 'admin');
    expect((await console.call('/metrics')).status).toBe(404);
    const signedInCall = await console.call('/metrics', { cookie, headers: { authorization: 'Bearer anything' } });
    expect(signedInCall.status).toBe(404);
    expect(await signedInCall.text()).not.toContain('esc_');
  });

  it('answers 401 without the token, with a wrong one, and to a signed-in admin; the metrics to the token', async () => {
    const console = await consoleWith({ METRICS_TOKEN: TOKEN });
    const { cookie } = await signedIn(db, 'admin');
    const wrong: Record<string, string>[] = [{}, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }];
    for (const headers of wrong) {
      const refused = await console.call('/metrics', { headers });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await refused.text()).not.toContain('esc_');
    }
    expect((await console.call('/metrics', { cookie })).status).toBe(401);
    const allowed = await console.call('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await allowed.text()).toMatch(/^# TYPE esc_edge_requests_total counter$/m);
  });

  it('serves METRICS_PORT on loopback by a loopback name only; the console port still wants the token', async () => {
    const port = await freePort();
    const console = await consoleWith({ METRICS_PORT: String(port) });
    const local = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(local.status).toBe(200);
    expect(await local.text()).toContain('esc_live_subscribers');
    // A page on a DNS name rebound to 127.0.0.1 sends its own name as Host.
    const rebound = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write('GET /metrics HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
    });
    expect(rebound).toMatch(/^HTTP\/1\.1 421/);
    expect(rebound).not.toContain('esc_');
    expect((await console.call('/metrics')).status).toBe(404);
  });
});

describe('what /metrics counts', () => {
  it('edge requests by path and status, sign-ins and refusals, live subscribers and hub lag', async () => {
    const console = await consoleWith({ METRICS_TOKEN: TOKEN, HUB_EVENTS_INTERVAL_MS: '50' });
    const read = async () => (await console.call('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const { cookie } = await signedIn(db, 'viewer');
    expect((await console.call('/api/v1/mics?size=10', { cookie })).status).toBe(200);
    expect((await console.call('/api/v1/mics/nope', { cookie })).status).toBe(404);
    expect((await console.call('/api/v1/mics')).status).toBe(401);
    const refused = await console.call('/auth/login', {
      method: 'POST',
      body: JSON.stringify({ username: 'nobody', password: 'wrong password' }),
    });
    expect(refused.status).toBe(401);

    const controller = new AbortController();
    const live = await console.call('/live', { cookie, signal: controller.signal });
    const reader = live.body!.getReader();
    try {
      await vi.waitFor(async () => expect(sample(await read(), 'esc_live_subscribers')).toBe(1));
      // After the hub's priming read, a new event is broadcast and its lag measured.
      await vi.waitFor(() => expect(edge.requests.some((r) => r.path === '/api/v1/events')).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      edge.events.push(eventFixture('e-lag', new Date(Date.now() - 2000).toISOString()));
      await vi.waitFor(async () => expect(sample(await read(), 'esc_hub_lag_seconds_count')).toBe(1), 5000);
    } finally {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    }
    const text = await read();
    expect(sample(text, 'esc_hub_lag_seconds_sum')).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^esc_edge_requests_total\{path="\/api\/v1\/mics",method="GET",status="200"\} [1-9]/m);
    expect(text).toMatch(/^esc_edge_requests_total\{path="\/api\/v1\/mics\/:id",method="GET",status="404"\} 1$/m);
    expect(text).toMatch(/^esc_edge_request_duration_seconds_count\{path="\/api\/v1\/events",method="GET"\} [1-9]/m);
    expect(text).toMatch(/^esc_sign_ins_total\{outcome="refused"\} 1$/m);
    expect(text).toMatch(/^esc_access_refusals_total\{status="401"\} 1$/m);
    expect(text).toMatch(/^esc_cluster_leader 1$/m);
    expect(text).toMatch(/^esc_edge_status\{status="ok"\} 1$/m);
    expect(text).toMatch(/^esc_db_query_duration_seconds_count\{kind="select"\} [1-9]/m);
    // The mic's id is not a label: the series stay few whatever the edge holds.
    expect(text).not.toContain('nope');
  });

  it('the example Grafana dashboard and Prometheus alerts (deploy/) name only metrics the console exports', async () => {
    const console = await consoleWith({ METRICS_TOKEN: TOKEN });
    const text = await (await console.call('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const exported = new Set([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => m[1]!));
    const named = ['deploy/grafana-dashboard.json', 'deploy/esc-alerts.yml'].flatMap((file) => [
      ...fs.readFileSync(file, 'utf8').matchAll(/\besc_[a-z0-9_]+/g),
    ]);
    const missing = named.map((m) => m[0].replace(/_(bucket|count|sum)$/, '')).filter((name) => !exported.has(name));
    expect(named.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('names edge paths by pattern', () => {
    expect(edgePathPattern('/api/v1/mics?size=100&page=2')).toBe('/api/v1/mics');
    expect(edgePathPattern('/api/v1/composite-events/c-123')).toBe('/api/v1/composite-events/:id');
    expect(edgePathPattern('/api/v1/mics/a/b')).toBe('/api/v1/mics/:id/…');
    expect(edgePathPattern('/clips/2026/a.wav')).toBe('other');
  });
});
