import { describe, expect, it } from 'vitest';
import { PRE_REDACTED_HEADER, PRE_REDACTED_JSON, redactCredentials, redactUrlUserinfo } from '../redact.js';
import { CANARY, compositeBody, micWithCredentials } from '../testing/credential-fixtures.js';
import { DATABASE_KINDS, gatewaySuite, json } from '../testing/gateway-suite.js';

const expectNoCanary = (text: string) => {
  expect(text).not.toContain(CANARY.username);
  expect(text).not.toContain(CANARY.password);
};

describe('redactCredentials', () => {
  it('nulls username, password, credentials and auth at any depth and in any case, and nothing else', () => {
    const body = {
      Username: 'u',
      PASSWORD: 'p',
      deep: [{ list: [{ nested: { password: 'p', userName: 'u', keep: 'x' } }] }],
      Credentials: { token: 't' },
      auth: 'Basic dTpw',
      AUTH: { bearer: 't' },
      password_hint: 'kept: not a password',
      already: { username: null },
      count: 3,
      flag: true,
    };
    expect(redactCredentials(body)).toEqual({
      Username: null,
      PASSWORD: null,
      deep: [{ list: [{ nested: { password: null, userName: null, keep: 'x' } }] }],
      Credentials: null,
      auth: null,
      AUTH: null,
      password_hint: 'kept: not a password',
      already: { username: null },
      count: 3,
      flag: true,
    });
  });

  it.each([
    ['rtsp://admin:s3cret@10.0.0.5:554/stream1', 'rtsp://10.0.0.5:554/stream1'],
    ['HTTP://Admin:S3cret@cam.local/', 'HTTP://cam.local/'],
    ['rtsp://admin@10.0.0.5/s', 'rtsp://10.0.0.5/s'],
    ['rtsp://admin:p@ss@10.0.0.5/s', 'rtsp://10.0.0.5/s'],
    ['rtsp://admin:pa#ss?w@10.0.0.5/s', 'rtsp://10.0.0.5/s'],
    ['streams: rtsp://a:b@h1/x and http://c:d@h2/y', 'streams: rtsp://h1/x and http://h2/y'],
    ['http://cam.local/path@not-userinfo', 'http://cam.local/path@not-userinfo'],
    ['mail ops@example.org', 'mail ops@example.org'],
    ['no url at all', 'no url at all'],
  ])('drops the userinfo of %s', (input, expected) => {
    expect(redactUrlUserinfo(input)).toBe(expected);
    expect(redactCredentials({ a: [input], b: { c: input } })).toEqual({ a: [expected], b: { c: expected } });
  });
});

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
