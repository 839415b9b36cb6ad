import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig, type ServerConfig } from './config.js';
import { acceptsGzip, unsafeId, upstreamUrl } from './gateway.js';
import type { ConsoleDb } from './db/database.js';
import { PRE_REDACTED_HEADER, PRE_REDACTED_JSON } from './redact.js';
import { freshDatabase } from './testing/databases.js';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/** A throwaway upstream that records what reaches it and answers what the test sets. */
let seen: Seen[] = [];
let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void;
let upstream: http.Server;
let upstreamBase: string;
let db: ConsoleDb;

const CANARY = { username: 'canary-user-7f3a', password: 'canary-pass-91bd' };
const compositeBody = () => ({
  id: 'ce-1',
  group_key: 'scream',
  rule: {
    id: 'r',
    name: 'n',
    description: 'd',
    window_seconds: 60,
    min_events: 2,
    enabled: true,
    group_by: 'label_id',
    include_label_ids: [],
    include_mic_ids: [],
  },
  events: [
    {
      id: 'e1',
      extra_field_kept: 42,
      microphone: {
        id: 'm1',
        channel: { scheme: 'rtsp', port: 554, path: '/s', ...CANARY },
        console: { scheme: 'http', port: 80, path: '/', ...CANARY },
      },
    },
  ],
  mics: [
    {
      id: 'm1',
      channel: { scheme: 'rtsp', port: 554, path: '/s', ...CANARY },
      console: { scheme: 'http', port: 80, path: '/', ...CANARY },
    },
  ],
  labels: [],
  started_at: '2026-11-21T00:00:00Z',
});

beforeAll(async () => {
  db = await freshDatabase('sqlite');
  upstream = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
  await db.close();
});

const json = (status: number, body: unknown) => (_req: http.IncomingMessage, res: http.ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
  seen = [];
});

async function gateway(env: Record<string, string> = {}, upstreamOverride?: string) {
  const config: ServerConfig = loadConfig(
    { EDGE_API_URL: upstreamBase, QUIET: '1', STATIC_DIR: '/nonexistent', ...env },
    { staticDir: '/nonexistent' },
  );
  const app = buildApp({
    config,
    upstream: upstreamOverride ?? upstreamBase,
    token: config.edgeApiToken,
    demo: null,
    db,
  });
  apps.push(app);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init);
}

describe('gateway: what is forwarded', () => {
  it.each([
    ['GET', '/api/v1/mics?page=2&size=25&name=%ED%99%8D&edge_id=e1'],
    ['GET', '/api/v1/mics/mic-0001'],
    ['PATCH', '/api/v1/mics/mic-0001'],
    ['GET', '/api/v1/events?mic_id=a&mic_id=b&label_id=x&label_id=y&start=2026-11-21T00%3A00%3A00Z'],
    ['GET', '/api/v1/composite-events?order_by=asc&composite_rule_id=r'],
    ['GET', '/api/v1/composite-events/ce-1'],
  ])('forwards %s %s unchanged, query string included', async (method, path) => {
    answer = path.startsWith('/api/v1/composite-events') ? json(200, compositeBody()) : json(200, { data: {} });
    const call = await gateway({ EDGE_API_TOKEN: 'server-token' });
    const response = await call(path, {
      method,
      body: method === 'PATCH' ? '{"name":"x"}' : undefined,
      headers: method === 'PATCH' ? { 'content-type': 'application/json' } : {},
    });
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method, url: path, authorization: 'Bearer server-token' });
    if (method === 'PATCH') expect(seen[0]!.body).toBe('{"name":"x"}');
  });

  it.each([
    ['DELETE', '/api/v1/mics/mic-0001'],
    ['POST', '/api/v1/mics'],
    ['PUT', '/api/v1/mics/mic-0001'],
    ['PATCH', '/api/v1/events'],
    ['GET', '/api/v1/labels'],
    ['GET', '/api/v1/rules'],
    ['GET', '/api/v2/mics'],
    ['GET', '/api/v1/mics/mic-0001/secrets'],
    ['GET', '/api/v1/mics/..%2F..%2Fadmin'],
    ['GET', '/api/v1/mics/%2e%2e'],
    ['GET', '/api/v1/mics/a%5Cb'],
    ['GET', '/api/v1/composite-events/..%2Fmics'],
  ])('answers 404 to %s %s without contacting the upstream', async (method, path) => {
    answer = json(200, {});
    const call = await gateway();
    const response = await call(path, { method });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not Found' });
    expect(seen).toEqual([]);
  });

  it('never lets a raw ../ path escape to another upstream path', async () => {
    answer = json(200, {});
    await gateway();
    const { port } = apps[0]!.server.address() as AddressInfo;
    // fetch() would normalise the dot segments away, so send the raw request line.
    const status = await new Promise<number | undefined>((resolve) => {
      http
        .request({ host: '127.0.0.1', port, path: '/api/v1/mics/../../admin', method: 'GET' }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        })
        .end();
    });
    expect(status).toBe(404);
    expect(seen).toEqual([]);
  });

  it('keeps ? and # inside a mic id as part of that id', async () => {
    answer = json(200, { data: {} });
    const call = await gateway();
    await call(`/api/v1/mics/${encodeURIComponent('a?b#c')}`);
    expect(seen.map((s) => s.url)).toEqual(['/api/v1/mics/a%3Fb%23c']);
  });

  it('keeps a base path of EDGE_API_URL', () => {
    expect(upstreamUrl('http://edge:8100/prefix/', '/api/v1/mics', 'a=1')).toBe(
      'http://edge:8100/prefix/api/v1/mics?a=1',
    );
    expect(unsafeId('mic-1')).toBe(false);
    expect(unsafeId('a/b')).toBe(true);
  });

  it.each([
    ['gzip, deflate, br, zstd', true],
    ['GZIP;q=0.5', true],
    ['*', true],
    ['br', false],
    ['identity', false],
    ['gzip;q=0, *', false],
    ['gzip;q=0.0', false],
    [undefined, false],
  ])('reads Accept-Encoding %s as accepting gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it('does not ask a configured edge for pre-compressed composite events', async () => {
    let asked: http.IncomingHttpHeaders = {};
    answer = (req, res) => {
      asked = req.headers;
      json(200, compositeBody())(req, res);
    };
    const call = await gateway();
    const response = await call('/api/v1/composite-events/ce-1', { headers: { 'accept-encoding': 'gzip' } });
    expect(await response.json()).toMatchObject({ id: 'ce-1' });
    expect(Object.keys(asked).filter((name) => name.startsWith('x-demo'))).toEqual([]);
  });
});

describe('gateway: authorization', () => {
  it('passes the browser Authorization header through when the server holds no token', async () => {
    answer = json(200, {});
    const call = await gateway();
    await call('/api/v1/mics', { headers: { authorization: 'Bearer browser-token' } });
    expect(seen[0]!.authorization).toBe('Bearer browser-token');
  });

  it('replaces the browser header with the server token when it holds one', async () => {
    answer = json(200, {});
    const call = await gateway({ EDGE_API_TOKEN: 'server-token' });
    await call('/api/v1/mics', { headers: { authorization: 'Bearer browser-token' } });
    expect(seen[0]!.authorization).toBe('Bearer server-token');
  });

  it('passes the upstream 401 and its detail back', async () => {
    answer = json(401, { detail: 'Not authenticated' });
    const call = await gateway();
    const response = await call('/api/v1/mics');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: 'Not authenticated' });
  });
});

describe('gateway: failures', () => {
  it('answers 502 with a detail when the upstream is unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const call = await gateway({}, `http://127.0.0.1:${port}`);
    const response = await call('/api/v1/mics');
    expect(response.status).toBe(502);
    expect((await response.json()).detail).toMatch(/unreachable/i);
  });

  it('answers 504 with a detail when the upstream is slower than EDGE_TIMEOUT_MS', async () => {
    answer = (_req, res) => setTimeout(() => json(200, {})(_req, res), 500);
    const call = await gateway({ EDGE_TIMEOUT_MS: '100' });
    const response = await call('/api/v1/mics');
    expect(response.status).toBe(504);
    expect((await response.json()).detail).toMatch(/did not answer within 0\.1 s/);
  });

  it('answers 413 to a body over 64 KiB without contacting the upstream', async () => {
    answer = json(200, {});
    const call = await gateway();
    const response = await call('/api/v1/mics/mic-0001', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(70 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).detail).toMatch(/too large/i);
    expect(seen).toEqual([]);
  });

  it('passes a non-JSON upstream error body through for the UI to explain', async () => {
    answer = (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal Server Error');
    };
    const call = await gateway();
    const response = await call('/api/v1/mics');
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('Internal Server Error');
  });

  it('refuses PATCH with 403 in read-only mode, whatever the browser sends', async () => {
    answer = json(200, {});
    const call = await gateway({ READ_ONLY: '1', EDGE_API_TOKEN: 't' });
    const response = await call('/api/v1/mics/mic-0001', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"status":"inactive"}',
    });
    expect(response.status).toBe(403);
    expect((await response.json()).detail).toMatch(/read-only/i);
    expect(seen).toEqual([]);
  });
});

describe('gateway: credentials never reach the browser', () => {
  it('nulls username and password of every channel and console in a composite event, changing nothing else', async () => {
    answer = json(200, compositeBody());
    const call = await gateway();
    const text = await (await call('/api/v1/composite-events/ce-1')).text();
    expect(text).not.toContain(CANARY.username);
    expect(text).not.toContain(CANARY.password);
    const expected = compositeBody();
    for (const c of [
      expected.events[0]!.microphone.channel,
      expected.events[0]!.microphone.console,
      expected.mics[0]!.channel,
      expected.mics[0]!.console,
    ]) {
      Object.assign(c, { username: null, password: null });
    }
    expect(JSON.parse(text)).toEqual(expected);
  });

  it('redacts every item of a composite-event list', async () => {
    answer = json(200, { page: 1, size: 10, total_cnt: 2, max_page: 1, results: [compositeBody(), compositeBody()] });
    const call = await gateway();
    const text = await (await call('/api/v1/composite-events')).text();
    expect(text).not.toContain(CANARY.password);
    expect(JSON.parse(text).results).toHaveLength(2);
  });

  it("ignores the embedded edge's pre-redacted mark from a configured edge, and redacts", async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', [PRE_REDACTED_HEADER]: PRE_REDACTED_JSON });
      res.end(JSON.stringify(compositeBody()));
    };
    const call = await gateway();
    const response = await call('/api/v1/composite-events/ce-1');
    expect(response.headers.get(PRE_REDACTED_HEADER)).toBeNull();
    const text = await response.text();
    expect(text).not.toContain(CANARY.username);
    expect(text).not.toContain(CANARY.password);
  });

  it('does not forward a composite-event body it cannot parse (so cannot redact)', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"mics":[{"channel":{"password":"${CANARY.password}"`);
    };
    const call = await gateway();
    const response = await call('/api/v1/composite-events/ce-1');
    expect(response.status).toBe(502);
    expect(await response.text()).not.toContain(CANARY.password);
  });
});

describe('server: headers and config', () => {
  it('sets security headers on API responses and the runtime config', async () => {
    answer = json(200, {});
    const call = await gateway({
      MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      EDGE_API_TOKEN: 't',
      READ_ONLY: '1',
    });
    for (const path of ['/api/v1/mics', '/config.json', '/api/v1/nothing']) {
      const response = await call(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain('https://*.tiles.example.org');
      expect(csp).not.toMatch(/unsafe-eval/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
    const config = await (await call('/config.json')).json();
    expect(config).toEqual({
      mode: 'proxy',
      serverHoldsToken: true,
      readOnly: true,
      mapTileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      mapTileAttribution: null,
      live: true,
    });
    expect(JSON.stringify(config)).not.toContain('"t"');
  });
});
