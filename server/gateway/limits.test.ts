import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, gatewaySuite, json, rawRequest } from '../testing/gateway-suite.js';

/** Sends `head` on a raw socket, then `dribble` one byte every `everyMs`; resolves with all it read and when. */
function rawExchange(port: number, head: string, dribble = '', everyMs = 100) {
  return new Promise<{ text: string; closedAfterMs: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let text = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < dribble.length && socket.writable) socket.write(dribble[sent++]!);
    }, everyMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`socket still open after 10 s; read so far: ${text}`));
    }, 10_000).unref();
  });
}

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);

describe.each(DATABASE_KINDS)('on %s', (database) => {
  const suite = gatewaySuite(database);

  describe('server: request and connection timeouts', () => {
    it('cuts a request whose body dribbles in past REQUEST_TIMEOUT_MS with a 408; the edge never sees it', async () => {
      suite.edge.answer = json(200, { data: {} });
      const { port, cookie } = await suite.start({ REQUEST_TIMEOUT_MS: '600', EDGE_API_TOKEN: 't' });
      const body = '{"status":"inactive","name":"a slow client"}';
      const head =
        `PATCH /api/v1/mics/mic-0001 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
      // One byte per 100 ms: the whole body would take 4.5 s.
      const { text, closedAfterMs } = await rawExchange(port, head, body, 100);
      expect(statusOf(text)).toBe(408);
      expect(text).toMatch(/content-security-policy: default-src 'self'/i);
      expect(text).toContain('{"detail":"The request was not received in time"}');
      expect(closedAfterMs).toBeGreaterThanOrEqual(550);
      expect(closedAfterMs).toBeLessThan(2500);
      expect(suite.edge.seen).toEqual([]);
    });

    it('cuts a client that never finishes its headers', async () => {
      const { port } = await suite.start({ REQUEST_TIMEOUT_MS: '600' });
      const { text, closedAfterMs } = await rawExchange(
        port,
        'GET /api/v1/mics HTTP/1.1\r\nHost: localhost\r\n',
        'X-Slow: yes',
        100,
      );
      expect(statusOf(text)).toBe(408);
      expect(closedAfterMs).toBeLessThan(2500);
    });

    it('lets a request that arrives in time through, and keeps its connection for the next one', async () => {
      suite.edge.answer = json(200, { page: 1, results: [] });
      const { port, cookie } = await suite.start({ REQUEST_TIMEOUT_MS: '600' });
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      const get = `GET /api/v1/mics HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\n\r\n`;
      socket.write(get);
      await expect.poll(() => text.match(/HTTP\/1\.1 200/g)?.length ?? 0).toBe(1);
      // Idle for longer than the request timeout: that is keep-alive, not a slow request.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      socket.write(get);
      await expect.poll(() => text.match(/HTTP\/1\.1 200/g)?.length ?? 0).toBe(2);
      socket.destroy();
    });

    it('defaults to 30 s for the request, longer than the edge timeout for an idle connection', async () => {
      const { app } = await suite.start({ EDGE_TIMEOUT_MS: '200000' });
      expect(app.server.requestTimeout).toBe(30_000);
      // Headers get 10 s of it (HEADERS_TIMEOUT_MS): a socket that never sends them holds a descriptor.
      expect(app.server.headersTimeout).toBe(10_000);
      expect(app.server.timeout).toBe(230_000);
      expect(app.server.keepAliveTimeout).toBe(72_000);
    });
  });

  describe("server: the console's own error answers carry the security headers", () => {
    const expectHeaders = (headers: Record<string, string | string[] | undefined> | Headers) => {
      const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]);
      expect(get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(get('x-content-type-options')).toBe('nosniff');
      expect(get('x-frame-options')).toBe('DENY');
      expect(get('content-type')).toMatch(/^application\/json/);
    };

    it.each([
      ['a URL that does not decode', 400, { path: '/%zz' }],
      ['a URL that does not decode, under /api', 400, { path: '/api/v1/mics/%E0%A4%A' }],
      [
        'a body that is not JSON',
        422,
        { method: 'POST', path: '/config.json', headers: { 'content-type': 'application/json' }, body: '{bad' },
      ],
      ['an unknown API path', 404, { path: '/api/v1/labels' }],
      ['an unknown file', 404, { path: '/nothing.js' }],
      [
        'a body over 64 KiB',
        413,
        {
          method: 'PATCH',
          path: '/api/v1/mics/m',
          headers: { 'content-type': 'application/json' },
          body: 'x'.repeat(70_000),
        },
      ],
      ['an unserved Host', 421, { path: '/', headers: { host: 'rebound.example' } }],
      ['an unreachable edge', 502, { path: '/api/v1/mics' }],
    ] as const)('%s: %i', async (_name, status, request) => {
      const { port } = await suite.start({}, { upstream: 'http://127.0.0.1:9' });
      const response = await rawRequest(port, request);
      expect(response.status).toBe(status);
      expectHeaders(response.headers);
      expect(JSON.parse(response.body)).toHaveProperty('detail');
    });

    it.each([
      ['a malformed header line', 400, 'GET / HTTP/1.1\r\nHost: localhost\r\nNo colon here\r\n\r\n'],
      ['an unknown method', 400, 'BREW / HTTP/1.1\r\nHost: localhost\r\n\r\n'],
      ['headers over the size limit', 431, `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
    ] as const)('%s, refused by Node before Fastify: %i', async (_name, status, head) => {
      const { port } = await suite.start();
      const { text } = await rawExchange(port, head);
      expect(statusOf(text)).toBe(status);
      const [headerBlock = '', body = ''] = text.split('\r\n\r\n');
      const headers = Object.fromEntries(
        headerBlock
          .split('\r\n')
          .slice(1)
          .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      expectHeaders(headers);
      expect(JSON.parse(body)).toHaveProperty('detail');
    });
  });

  describe('server: source maps', () => {
    let dir: string;
    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sourcemaps-'));
      fs.mkdirSync(path.join(dir, 'assets'));
      fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
      fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js'), 'export {};\n//# sourceMappingURL=app-1a2b.js.map\n');
      fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('are not served unless SERVE_SOURCEMAPS=1; the scripts are', async () => {
      const plain = await suite.start({ STATIC_DIR: dir });
      expect((await plain.call('/assets/app-1a2b.js')).status).toBe(200);
      const refused = await plain.call('/assets/app-1a2b.js.map');
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ detail: 'Not Found' });
      expect(refused.headers.get('content-security-policy')).toContain("default-src 'self'");

      const serving = await suite.start({ STATIC_DIR: dir, SERVE_SOURCEMAPS: '1' });
      const map = await serving.call('/assets/app-1a2b.js.map');
      expect(map.status).toBe(200);
      expect(await map.text()).toContain('src/secret.ts');
    });
  });
});
