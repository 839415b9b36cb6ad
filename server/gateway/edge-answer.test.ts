import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../edge/read-capped.js';
import { DATABASE_KINDS, gatewaySuite, json, raw } from '../testing/gateway-suite.js';

const PATHS = [
  '/api/v1/mics',
  '/api/v1/mics/m',
  '/api/v1/events',
  '/api/v1/composite-events',
  '/api/v1/composite-events/c',
];

/**
 * An edge that sends `prefix` bytes of an answer of `total`, then holds the rest back for a
 * second (long enough for the console to answer and hang up), recording whether it got to finish.
 */
function holdingEdge(prefix: number, total: number, declareLength: boolean) {
  const outcome = { finished: false, hungUp: false, written: 0 };
  let onClose = () => {};
  const closed = new Promise<void>((resolve) => (onClose = resolve));
  const answer = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    const length = declareLength ? { 'content-length': String(total) } : {};
    res.writeHead(200, { 'content-type': 'application/json', ...length });
    res.on('close', () => {
      outcome.hungUp = !outcome.finished;
      onClose();
    });
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const pump = () => {
      while (outcome.written < prefix && !res.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, prefix - outcome.written));
        outcome.written += part.length;
        if (!res.write(part)) return void res.once('drain', pump);
      }
      setTimeout(() => {
        if (res.destroyed) return;
        outcome.finished = true;
        res.end(Buffer.alloc(total - outcome.written, 0x20));
      }, 1000);
    };
    pump();
  };
  return { answer, closed, outcome };
}

describe.each(DATABASE_KINDS)('on %s', (database) => {
  const suite = gatewaySuite(database);
  const gateway = async (env: Record<string, string> = {}) => (await suite.start(env)).call;

  describe('gateway: /api answers are always JSON', () => {
    it.each([
      [200, 'text/html; charset=utf-8'],
      [404, 'text/html'],
      [500, 'text/html'],
      [200, 'application/xhtml+xml'],
      [200, 'image/svg+xml'],
      [200, 'application/octet-stream'],
    ])('turns a %i %s answer into a 502 naming the type, never serving its markup', async (status, type) => {
      suite.edge.answer = raw(status, type, '<html><script>alert(document.cookie)</script></html>');
      const call = await gateway();
      for (const path of PATHS) {
        const response = await call(path);
        expect(response.status).toBe(502);
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        const text = await response.text();
        expect(text).not.toContain('<');
        expect(JSON.parse(text)).toEqual({ detail: `Edge server answered ${type.split(';')[0]}, not JSON` });
      }
    });

    it('names text/html exactly as the issue quotes it', async () => {
      suite.edge.answer = raw(200, 'text/html', '<p>hi</p>');
      const call = await gateway();
      expect(await (await call('/api/v1/mics')).json()).toEqual({ detail: 'Edge server answered text/html, not JSON' });
    });

    it.each([
      ['application/json', 200],
      ['application/problem+json', 422],
      [null, 200],
      ['text/plain', 200],
    ])('passes JSON sent as %s with its status %i, as application/json', async (type, status) => {
      suite.edge.answer = raw(status, type, '{"page":1,"results":[]}');
      const call = await gateway();
      for (const path of PATHS) {
        const response = await call(path);
        expect(response.status).toBe(status);
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(await response.json()).toEqual({ page: 1, results: [] });
      }
    });

    it('answers 502 (not 500) to a composite body that is not JSON, and to plain text where JSON was due', async () => {
      suite.edge.answer = raw(200, 'text/plain', 'OK');
      const call = await gateway();
      const composite = await call('/api/v1/composite-events');
      expect(composite.status).toBe(502);
      expect(await composite.json()).toEqual({ detail: 'Edge server answered text/plain, not JSON' });
      suite.edge.answer = raw(200, 'application/json', 'not json');
      const malformed = await call('/api/v1/composite-events/c');
      expect(malformed.status).toBe(502);
      expect(await malformed.json()).toEqual({ detail: 'Edge server sent malformed JSON for a composite event' });
    });

    it('gives an empty answer a JSON detail: 502 where data was due, the status text otherwise; 204 stays empty', async () => {
      const call = await gateway();
      suite.edge.answer = raw(200, 'application/json', '');
      expect(await (await call('/api/v1/mics')).json()).toEqual({
        detail: 'Edge server sent a response that is not valid JSON (GET /api/v1/mics)',
      });
      suite.edge.answer = raw(404, null, '');
      const notFound = await call('/api/v1/mics/m');
      expect(notFound.status).toBe(404);
      expect(await notFound.json()).toEqual({ detail: 'Not Found' });
      suite.edge.answer = raw(204, null, '');
      const empty = await call('/api/v1/mics/m', { method: 'PATCH', body: '{}' });
      expect(empty.status).toBe(204);
      expect(await empty.text()).toBe('');
    });
  });

  describe('gateway: EDGE_MAX_RESPONSE_BYTES', () => {
    const MB = 1024 * 1024;

    it('answers 502 to a 9 MB streamed answer as soon as it passes 8 MB, and stops reading it', async () => {
      const holding = holdingEdge(8.5 * MB, 9 * MB, false);
      suite.edge.answer = holding.answer;
      const call = await gateway();
      const response = await call('/api/v1/events?size=100');
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ detail: 'Edge response too large (over 8 MB, EDGE_MAX_RESPONSE_BYTES)' });
      // The console answered while the edge still held half a megabyte back, and hung up on it.
      await holding.closed;
      expect(holding.outcome).toMatchObject({ hungUp: true, finished: false });
    });

    it('refuses a declared Content-Length over the limit before reading the body', async () => {
      const holding = holdingEdge(64 * 1024, 9 * MB, true);
      suite.edge.answer = holding.answer;
      const call = await gateway();
      const response = await call('/api/v1/composite-events');
      expect(response.status).toBe(502);
      await holding.closed;
      expect(holding.outcome).toEqual({ hungUp: true, finished: false, written: 64 * 1024 });
    });

    it('counts bytes against a configured limit: at the limit passes, one over is refused', async () => {
      const call = await gateway({ EDGE_MAX_RESPONSE_BYTES: '1000' });
      const body = (size: number) => `[${' '.repeat(size - 2)}]`;
      suite.edge.answer = raw(200, 'application/json', body(1000));
      expect((await call('/api/v1/mics')).status).toBe(200);
      suite.edge.answer = raw(200, 'application/json', body(1001));
      const refused = await call('/api/v1/mics');
      expect(refused.status).toBe(502);
      expect((await refused.json()).detail).toBe('Edge response too large (over 1000 bytes, EDGE_MAX_RESPONSE_BYTES)');
      suite.edge.answer = json(200, {});
      expect((await call('/api/v1/mics')).status).toBe(200);
    });

    it('formats the limit for people', () => {
      expect(formatBytes(8 * 1024 * 1024)).toBe('8 MB');
      expect(formatBytes(1536)).toBe('1.5 kB');
    });
  });
});
