import { describe, expect, it } from 'vitest';
import { PRE_REDACTED_HEADER, PRE_REDACTED_JSON } from '../redact.js';
import {
  CANARY,
  compositeBody,
  HOSTILE_SECRET,
  hostileErrorBody,
  hostileErrorText,
  hostileMic,
  micWithCredentials,
} from '../testing/credential-fixtures.js';
import { DATABASE_KINDS, gatewaySuite, json, raw } from '../testing/gateway-suite.js';

const expectNoCanary = (text: string) => {
  expect(text).not.toContain(CANARY.username);
  expect(text).not.toContain(CANARY.password);
};

describe.each(DATABASE_KINDS)('on %s', (database) => {
  const suite = gatewaySuite(database);
  const gateway = async (env: Record<string, string> = {}) => (await suite.start(env)).call;

  describe('gateway: credentials never reach the browser', () => {
    it('nulls username and password of every channel and console in a composite event, changing nothing else', async () => {
      suite.edge.answer = json(200, compositeBody());
      const call = await gateway();
      const text = await (await call('/api/v1/composite-events/ce-1')).text();
      expectNoCanary(text);
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
      suite.edge.answer = json(200, {
        page: 1,
        size: 10,
        total_cnt: 2,
        max_page: 1,
        results: [compositeBody(), compositeBody()],
      });
      const call = await gateway();
      const text = await (await call('/api/v1/composite-events')).text();
      expectNoCanary(text);
      expect(JSON.parse(text).results).toHaveLength(2);
    });

    it.each([
      [
        'GET',
        '/api/v1/mics',
        { page: 1, size: 10, total_cnt: 2, max_page: 1, results: [micWithCredentials('a'), micWithCredentials('b')] },
      ],
      ['GET', '/api/v1/mics/mic-1', { data: micWithCredentials() }],
      ['PATCH', '/api/v1/mics/mic-1', { data: micWithCredentials() }],
      [
        'GET',
        '/api/v1/events',
        { page: 1, size: 10, total_cnt: 1, max_page: 1, results: [{ id: 'e', mic: micWithCredentials() }] },
      ],
    ])('redacts mic credentials in %s %s', async (method, path, body) => {
      suite.edge.answer = json(200, body);
      const call = await gateway();
      const response = await call(path, { method, body: method === 'PATCH' ? '{"name":"x"}' : undefined });
      expect(response.status).toBe(200);
      const text = await response.text();
      expectNoCanary(text);
      expect(text).toContain('"channel":{"scheme":"rtsp","port":554,"path":"/s","username":null,"password":null}');
    });

    it.each([302, 400, 404, 409, 422, 500, 503])(
      'redacts an edge answer with status %i, keeping the status',
      async (status) => {
        suite.edge.answer = json(status, {
          detail: `could not open rtsp://${CANARY.username}:${CANARY.password}@10.0.0.5/s`,
          context: { Credentials: { user: CANARY.username }, mic: micWithCredentials() },
        });
        const call = await gateway();
        for (const path of [
          '/api/v1/mics',
          '/api/v1/mics/mic-1',
          '/api/v1/events',
          '/api/v1/composite-events',
          '/api/v1/composite-events/c',
        ]) {
          const response = await call(path, { redirect: 'manual' });
          expect(response.status).toBe(status);
          const text = await response.text();
          expectNoCanary(text);
          expect(JSON.parse(text).detail).toBe('could not open rtsp://10.0.0.5/s');
        }
      },
    );

    it('removes credentials from a plain-text error, which becomes a JSON detail', async () => {
      suite.edge.answer = (_req, res) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`cannot reach rtsp://${CANARY.username}:${CANARY.password}@cam/s (password=${CANARY.password})`);
      };
      const call = await gateway();
      const response = await call('/api/v1/mics');
      expect(response.status).toBe(500);
      const text = await response.text();
      expectNoCanary(text);
      expect(JSON.parse(text).detail).toMatch(/^cannot reach rtsp:\/\/cam\/s \(password=…/);
    });

    it.each([
      ['GET', '/api/v1/mics', { page: 1, size: 10, total_cnt: 1, max_page: 1, results: [hostileMic()] }],
      ['GET', '/api/v1/mics/mic-1', { data: hostileMic() }],
      ['PATCH', '/api/v1/mics/mic-1', { data: hostileMic() }],
    ])('passes no secret of a hostile edge’s mic in %s %s, and keeps the rest', async (method, path, body) => {
      suite.edge.answer = json(200, body);
      const call = await gateway();
      const response = await call(path, { method, body: method === 'PATCH' ? '{"name":"x"}' : undefined });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).not.toContain(HOSTILE_SECRET);
      const mic = JSON.parse(text).data ?? JSON.parse(text).results[0];
      expect(mic).toMatchObject({
        name: 'North gate',
        host: 'rtsp://10.0.0.9/a?password=…&token=…',
        backup_host: '10.0.0.10/a',
        snapshot_url: 'https://cam.local/snap?key=…&sig=…&auth=…&channel=1',
        pass: null,
        token: null,
        api_key: null,
        settings: [{ onvif: { devicePassword: null, sessionCookie: null, port: 80 } }],
        notes: 'installed with password=… token: …',
      });
    });

    it.each([
      ['a JSON', json(500, hostileErrorBody())],
      ['a text', raw(500, 'text/plain', hostileErrorText())],
      ['an unlabelled JSON', raw(503, null, JSON.stringify(hostileErrorBody()))],
    ])('passes no secret of %s error of a hostile edge, keeping its status', async (_kind, answer) => {
      suite.edge.answer = answer;
      const call = await gateway();
      for (const path of ['/api/v1/mics', '/api/v1/mics/mic-1', '/api/v1/events', '/api/v1/composite-events/c']) {
        const response = await call(path);
        expect(response.status).toBeGreaterThanOrEqual(500);
        const text = await response.text();
        expect(text, path).not.toContain(HOSTILE_SECRET);
        expect(JSON.parse(text).detail, path).toMatch(/failed/);
      }
    });

    it("ignores the embedded edge's pre-redacted mark from a configured edge, and redacts", async () => {
      suite.edge.answer = json(200, compositeBody(), { [PRE_REDACTED_HEADER]: PRE_REDACTED_JSON });
      const call = await gateway();
      const response = await call('/api/v1/composite-events/ce-1');
      expect(response.headers.get(PRE_REDACTED_HEADER)).toBeNull();
      expectNoCanary(await response.text());
    });

    it.each(['/api/v1/composite-events/ce-1', '/api/v1/mics', '/api/v1/mics/mic-1'])(
      'does not forward a 2xx body it cannot parse (so cannot redact) from %s',
      async (path) => {
        suite.edge.answer = (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(`{"mics":[{"channel":{"password":"${CANARY.password}"`);
        };
        const call = await gateway();
        const response = await call(path);
        expect(response.status).toBe(502);
        const text = await response.text();
        expectNoCanary(text);
        expect(JSON.parse(text).detail).toMatch(
          /malformed JSON for a composite event|not valid JSON \(GET \/api\/v1\/mics/,
        );
      },
    );

    it('does not forward a malformed error body either, keeping its status', async () => {
      suite.edge.answer = (_req, res) => {
        res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
        res.end(`{"detail":"bad token","password":"${CANARY.password}"`);
      };
      const call = await gateway();
      const response = await call('/api/v1/mics');
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      const text = await response.text();
      expectNoCanary(text);
      expect(JSON.parse(text)).toEqual({ detail: 'Edge server answered 401 with malformed JSON' });
    });
  });
});
