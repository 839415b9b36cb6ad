import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS, gatewaySuite, json, rawRequest } from '../testing/gateway-suite.js';
import { defaultAllowedHosts, hostAllowerFor, isOwnOrigin, parseHost } from './host-origin.js';

describe('Host and Origin rules', () => {
  it.each([
    ['localhost', { name: 'localhost', port: null }],
    ['LocalHost:8080', { name: 'localhost', port: '8080' }],
    ['console.example.org.:443', { name: 'console.example.org', port: '443' }],
    ['[::1]:8080', { name: '[::1]', port: '8080' }],
    ['::1', { name: '[::1]', port: null }],
    ['a@b', null],
    ['', null],
  ])('parses the host %s', (text, expected) => {
    expect(parseHost(text)).toEqual(expected);
  });

  it('allows an entry without a port on any port, one with a port on that port only', () => {
    const allowed = hostAllowerFor(['console.example.org', 'wall.example.org:8443']);
    expect(allowed('console.example.org')).toBe(true);
    expect(allowed('CONSOLE.example.org:9000')).toBe(true);
    expect(allowed('wall.example.org:8443')).toBe(true);
    expect(allowed('wall.example.org')).toBe(false);
    expect(allowed('console.example.org.evil.example')).toBe(false);
    expect(allowed(undefined)).toBe(false);
    expect(hostAllowerFor(['*'])('anything')).toBe(true);
  });

  it('serves the loopback names and HOST by default, and this machine’s addresses when listening on all', () => {
    const allowed = hostAllowerFor(defaultAllowedHosts('10.1.2.3'));
    for (const host of ['localhost:8080', '127.0.0.1:1', '[::1]:8080', '10.1.2.3:8080'])
      expect(allowed(host)).toBe(true);
    expect(allowed('10.1.2.4')).toBe(false);
    expect(allowed('rebound.example:8080')).toBe(false);
    expect(defaultAllowedHosts('0.0.0.0').length).toBeGreaterThan(4);
  });

  it.each([
    ['http://127.0.0.1:8080', '127.0.0.1:8080', true],
    ['https://console.example.org', 'console.example.org', true],
    ['https://console.example.org', 'console.example.org:443', true],
    ['http://console.example.org', 'console.example.org', true],
    ['http://console.example.org:8080', 'console.example.org', false],
    ['http://127.0.0.1:8081', '127.0.0.1:8080', false],
    ['http://evil.example', '127.0.0.1:8080', false],
    ['null', '127.0.0.1:8080', false],
    ['file://', 'localhost', false],
  ])('takes Origin %s for Host %s as its own: %s', (origin, host, expected) => {
    expect(isOwnOrigin(origin, host)).toBe(expected);
  });
});

const PATCH = { method: 'PATCH', body: '{"status":"inactive"}', headers: { 'content-type': 'application/json' } };

for (const database of DATABASE_KINDS) {
  describe(`server: a rebound Host or another site's page gets nowhere (${database})`, () => {
    const suite = gatewaySuite(database);

    it.each(['/', '/mics/mic-0001', '/config.json', '/api/v1/mics', '/api/v1/mics/mic-0001', '/healthz'])(
      'answers 421 to %s under a name it does not serve, before any handler',
      async (path) => {
        suite.edge.answer = json(200, { data: {} });
        const { port } = await suite.start({ EDGE_API_TOKEN: 't' });
        for (const [method, body] of [
          ['GET', undefined],
          ['PATCH', '{"status":"inactive"}'],
        ] as const) {
          const response = await rawRequest(port, {
            method,
            path,
            body,
            headers: { host: `rebound.example:${port}`, 'content-type': 'application/json' },
          });
          expect(response.status).toBe(421);
          expect(response.headers['content-type']).toMatch(/^application\/json/);
          expect(response.headers['content-security-policy']).toContain("default-src 'self'");
          expect(JSON.parse(response.body).detail).toMatch(
            /Host "rebound\.example:\d+" is not served here.*ALLOWED_HOSTS/,
          );
        }
        expect(suite.edge.seen).toEqual([]);
      },
    );

    it('serves the loopback names on any port, and only the names of ALLOWED_HOSTS when set', async () => {
      suite.edge.answer = json(200, { page: 1, results: [] });
      const loopback = await suite.start();
      for (const host of ['localhost', `127.0.0.1:${loopback.port}`, '[::1]:1234', 'LOCALHOST.']) {
        expect((await rawRequest(loopback.port, { path: '/api/v1/mics', headers: { host } })).status).toBe(200);
      }
      const listed = await suite.start({ ALLOWED_HOSTS: 'console.example.org, wall.example.org:8443' });
      const status = async (host: string) =>
        (await rawRequest(listed.port, { path: '/api/v1/mics', headers: { host } })).status;
      expect(await status('console.example.org')).toBe(200);
      expect(await status('wall.example.org:8443')).toBe(200);
      expect(await status('wall.example.org:8080')).toBe(421);
      expect(await status(`127.0.0.1:${listed.port}`)).toBe(421);
    });

    it("refuses a PATCH from another site's page with 403; the edge never receives it", async () => {
      suite.edge.answer = json(200, { data: {} });
      const { call, base } = await suite.start({ EDGE_API_TOKEN: 't' });
      const refused: Record<string, string>[] = [
        { origin: 'http://evil.example' },
        { origin: 'null' },
        { origin: base.replace(/\d+$/, (port) => String(Number(port) + 1)) },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
      ];
      for (const headers of refused) {
        const response = await call('/api/v1/mics/mic-0001', { ...PATCH, headers: { ...PATCH.headers, ...headers } });
        expect(response.status).toBe(403);
        expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
        expect((await response.json()).detail).toMatch(/^Cross-site request refused/);
      }
      expect(suite.edge.seen).toEqual([]);
    });

    it("lets a PATCH from the console's own page through, and one from a client that is not a browser", async () => {
      suite.edge.answer = json(200, { data: { id: 'mic-0001' } });
      const { call, base } = await suite.start({ EDGE_API_TOKEN: 't' });
      const variants: Record<string, string>[] = [
        { origin: base },
        { origin: base, 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'same-origin' },
        {}, // curl, scripts: no Origin, no Sec-Fetch-Site
      ];
      for (const headers of variants) {
        const response = await call('/api/v1/mics/mic-0001', { ...PATCH, headers: { ...PATCH.headers, ...headers } });
        expect(response.status).toBe(200);
      }
      // The audit trail reads the mic before each write; the writes are what count here.
      expect(suite.edge.seen.filter((seen) => seen.method === 'PATCH')).toHaveLength(variants.length);
    });

    it('takes an https Origin on the same host as its own (TLS ended in front of the console)', async () => {
      suite.edge.answer = json(200, { data: { id: 'mic-0001' } });
      const { port } = await suite.start({ ALLOWED_HOSTS: 'console.example.org' });
      const response = await rawRequest(port, {
        ...PATCH,
        path: '/api/v1/mics/mic-0001',
        headers: { ...PATCH.headers, host: 'console.example.org', origin: 'https://console.example.org' },
      });
      expect(response.status).toBe(200);
    });

    it('lets reads from anywhere through: the browser keeps their answers from other sites', async () => {
      suite.edge.answer = json(200, { page: 1, results: [] });
      const { call } = await suite.start();
      const response = await call('/api/v1/mics', { headers: { origin: 'http://evil.example' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    });
  });
}
