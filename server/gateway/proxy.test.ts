import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { edgeUrl, unsafeId } from '../edge/url.js';
import { acceptsGzip } from './proxy.js';
import { gatewaySuite, json, rawRequest } from '../testing/gateway-suite.js';
import { compositeBody } from '../testing/credential-fixtures.js';

const suite = gatewaySuite();

async function gateway(env: Record<string, string> = {}, upstreamOverride?: string) {
  return (await suite.start(env, { upstream: upstreamOverride })).call;
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
    suite.edge.answer = path.startsWith('/api/v1/composite-events')
      ? json(200, compositeBody())
      : json(200, { data: {} });
    const call = await gateway({ EDGE_API_TOKEN: 'server-token' });
    const response = await call(path, {
      method,
      body: method === 'PATCH' ? '{"name":"x"}' : undefined,
      headers: method === 'PATCH' ? { 'content-type': 'application/json' } : {},
    });
    expect(response.status).toBe(200);
    // A PATCH is preceded by one GET of its mic: the audit trail's "before" (server/audit).
    const forwarded = suite.edge.seen.filter((request) => request.method === method);
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]).toMatchObject({ method, url: path, authorization: 'Bearer server-token' });
    if (method === 'PATCH') expect(forwarded[0]!.body).toBe('{"name":"x"}');
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
    suite.edge.answer = json(200, {});
    const call = await gateway();
    const response = await call(path, { method });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not Found' });
    expect(suite.edge.seen).toEqual([]);
  });

  it('never lets a raw ../ path escape to another upstream path', async () => {
    suite.edge.answer = json(200, {});
    const { port, cookie } = await suite.start();
    // fetch() would normalise the dot segments away, so send the raw request line.
    const { status } = await rawRequest(port, { path: '/api/v1/mics/../../admin', headers: { cookie } });
    expect(status).toBe(404);
    expect(suite.edge.seen).toEqual([]);
  });

  it('keeps ? and # inside a mic id as part of that id', async () => {
    suite.edge.answer = json(200, { data: {} });
    const call = await gateway();
    await call(`/api/v1/mics/${encodeURIComponent('a?b#c')}`);
    expect(suite.edge.seen.map((s) => s.url)).toEqual(['/api/v1/mics/a%3Fb%23c']);
  });

  it('keeps a base path of EDGE_API_URL', () => {
    expect(edgeUrl('http://edge:8100/prefix/', '/api/v1/mics', 'a=1').href).toBe(
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
    suite.edge.answer = (req, res) => {
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
    suite.edge.answer = json(200, {});
    const call = await gateway();
    await call('/api/v1/mics', { headers: { authorization: 'Bearer browser-token' } });
    expect(suite.edge.seen[0]!.authorization).toBe('Bearer browser-token');
  });

  it('replaces the browser header with the server token when it holds one', async () => {
    suite.edge.answer = json(200, {});
    const call = await gateway({ EDGE_API_TOKEN: 'server-token' });
    await call('/api/v1/mics', { headers: { authorization: 'Bearer browser-token' } });
    expect(suite.edge.seen[0]!.authorization).toBe('Bearer server-token');
  });

  it('passes the upstream 401 and its detail back', async () => {
    suite.edge.answer = json(401, { detail: 'Not authenticated' });
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
    suite.edge.answer = (_req, res) => setTimeout(() => json(200, {})(_req, res), 500);
    const call = await gateway({ EDGE_TIMEOUT_MS: '100' });
    const response = await call('/api/v1/mics');
    expect(response.status).toBe(504);
    expect((await response.json()).detail).toMatch(/did not answer within 0\.1 s/);
  });

  it('answers 413 to a body over 64 KiB without contacting the upstream', async () => {
    suite.edge.answer = json(200, {});
    const call = await gateway();
    const response = await call('/api/v1/mics/mic-0001', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(70 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).detail).toMatch(/too large/i);
    expect(suite.edge.seen).toEqual([]);
  });

  it('passes a plain-text upstream error on as a JSON detail, its status kept, for the UI to explain', async () => {
    suite.edge.answer = (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal Server Error');
    };
    const call = await gateway();
    const response = await call('/api/v1/mics');
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ detail: 'Internal Server Error' });
  });

  it('refuses PATCH with 403 in read-only mode, whatever the browser sends', async () => {
    suite.edge.answer = json(200, {});
    const call = await gateway({ READ_ONLY: '1', EDGE_API_TOKEN: 't' });
    const response = await call('/api/v1/mics/mic-0001', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"status":"inactive"}',
    });
    expect(response.status).toBe(403);
    expect((await response.json()).detail).toMatch(/read-only/i);
    expect(suite.edge.seen).toEqual([]);
  });
});

describe('server: headers and config', () => {
  it('sets security headers on API responses and the runtime config', async () => {
    suite.edge.answer = json(200, {});
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
      escalateAfterMinutes: 3,
      auth: { demoAutoSignIn: false, oidc: null, browserToken: false },
    });
    expect(JSON.stringify(config)).not.toContain('"t"');
  });
});
