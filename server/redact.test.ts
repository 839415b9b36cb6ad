import { describe, expect, it } from 'vitest';
import { isCredentialKey, redactCredentials, redactText } from './redact.js';

const SECRET = 'S3cr3t-91bd';

describe('isCredentialKey', () => {
  it.each([
    'password',
    'PASSWORD',
    'pass',
    'pwd',
    'passwd',
    'passphrase',
    'devicePassword',
    'password_hint',
    'secret',
    'client_secret',
    'token',
    'access_token',
    'refreshToken',
    'api_key',
    'apiKey',
    'X-Api-Key',
    'apikey',
    'credential',
    'Credentials',
    'authorization',
    'Proxy-Authorization',
    'private_key',
    'privateKey',
    'cookie',
    'Set-Cookie',
    'session',
    'sessionId',
    'auth',
    'AUTH',
    'basic_auth',
  ])('%s names a credential', (key) => expect(isCredentialKey(key)).toBe(true));

  it.each(['name', 'id', 'host', 'author', 'passage', 'bypass_mode', 'group_key', 'key', 'user', 'username', 'detail'])(
    '%s does not',
    (key) => expect(isCredentialKey(key)).toBe(false),
  );
});

describe('redactText', () => {
  it.each([
    // URL userinfo, with a scheme
    ['rtsp://admin:s3cret@10.0.0.5:554/stream1', 'rtsp://10.0.0.5:554/stream1'],
    ['HTTP://Admin:S3cret@cam.local/', 'HTTP://cam.local/'],
    ['rtsp://admin@10.0.0.5/s', 'rtsp://10.0.0.5/s'],
    ['rtsp://admin:p@ss@10.0.0.5/s', 'rtsp://10.0.0.5/s'],
    ['rtsp://admin:pa#ss?w@10.0.0.5/s', 'rtsp://10.0.0.5/s'],
    ['streams: rtsp://a:b@h1/x and http://c:d@h2/y', 'streams: rtsp://h1/x and http://h2/y'],
    // ... and without one
    [`admin:${SECRET}@10.0.0.9/a`, '10.0.0.9/a'],
    [`cannot open admin:${SECRET}@cam.local:554 (timeout)`, 'cannot open cam.local:554 (timeout)'],
    // credential query parameters
    [`rtsp://10.0.0.9/a?password=${SECRET}&channel=1`, 'rtsp://10.0.0.9/a?password=…&channel=1'],
    [`http://cam/s?channel=1&token=${SECRET}`, 'http://cam/s?channel=1&token=…'],
    [`http://cam/s?key=${SECRET}`, 'http://cam/s?key=…'],
    [`http://cam/s?api_key=${SECRET}&sig=${SECRET}`, 'http://cam/s?api_key=…&sig=…'],
    [
      `https://b.s3/o?X-Amz-Signature=${SECRET}&X-Amz-Credential=${SECRET}`,
      'https://b.s3/o?X-Amz-Signature=…&X-Amz-Credential=…',
    ],
    [`http://cam/s?secret=${SECRET}&auth=${SECRET}&session=${SECRET}`, 'http://cam/s?secret=…&auth=…&session=…'],
    // key=value and key: value in free text
    [`login failed password=${SECRET}`, 'login failed password=…'],
    [`(pwd=${SECRET})`, '(pwd=…'],
    [`login failed: password=${SECRET}`, 'login failed: password=…'],
    [`error: token: ${SECRET}`, 'error: token: …'],
    [`passwd: ${SECRET}`, 'passwd: …'],
    [`pass=${SECRET} user=admin`, 'pass=… user=…'],
    [`token: ${SECRET}`, 'token: …'],
    [`trace.token=${SECRET}`, 'trace.token=…'],
    [`Authorization: Bearer ${SECRET}`, 'Authorization: …'],
    [`authorization=Basic ${SECRET}`, 'authorization=…'],
    [`{"password": "${SECRET}", "name": "gate"}`, '{"password": …, "name": "gate"}'],
    [`api_key='${SECRET}'`, 'api_key=…'],
    [`credential=${SECRET}; private_key=${SECRET}`, 'credential=… private_key=…'],
    [`Cookie: sid=${SECRET}`, 'Cookie: …'],
    // left alone
    ['http://cam.local/path@not-userinfo', 'http://cam.local/path@not-userinfo'],
    ['mail ops@example.org', 'mail ops@example.org'],
    ['2026-11-21T00:00:00Z', '2026-11-21T00:00:00Z'],
    ['status: inactive, host: 10.0.0.5', 'status: inactive, host: 10.0.0.5'],
    ['http://cam/s?channel=1&page=2', 'http://cam/s?channel=1&page=2'],
    ['no url at all', 'no url at all'],
  ])('%s → %s', (input, expected) => {
    expect(redactText(input)).toBe(expected);
    expect(redactCredentials({ a: [input], b: { c: input } })).toEqual({ a: [expected], b: { c: expected } });
  });
});

describe('redactCredentials', () => {
  it('nulls user names by default (a device’s account), and keeps them when asked (the console’s own)', () => {
    const body = () => ({ username: 'admin', channel: { userName: 'admin', password: SECRET }, name: 'gate' });
    expect(redactCredentials(body())).toEqual({
      username: null,
      channel: { userName: null, password: null },
      name: 'gate',
    });
    expect(redactCredentials(body(), { userNames: false })).toEqual({
      username: 'admin',
      channel: { userName: 'admin', password: null },
      name: 'gate',
    });
  });

  it('nulls every credential key at any depth, in objects and arrays, and redacts every string', () => {
    const body = {
      Username: 'u',
      pass: SECRET,
      pwd: SECRET,
      passwd: SECRET,
      secret: SECRET,
      token: SECRET,
      api_key: SECRET,
      credential: SECRET,
      authorization: `Bearer ${SECRET}`,
      private_key: SECRET,
      cookie: SECRET,
      session: SECRET,
      deep: [{ list: [{ nested: { Password: SECRET, apiKey: SECRET, keep: 'x' } }, [`?token=${SECRET}`]] }],
      trace: { token: SECRET, step: `open admin:${SECRET}@cam` },
      host: `rtsp://admin:${SECRET}@10.0.0.9/a`,
      detail: `failed password=${SECRET}`,
      already: { username: null },
      count: 3,
      flag: true,
      name: 'North gate',
    };
    const redacted = redactCredentials(structuredClone(body));
    expect(JSON.stringify(redacted)).not.toContain(SECRET);
    expect(redacted).toEqual({
      Username: null,
      pass: null,
      pwd: null,
      passwd: null,
      secret: null,
      token: null,
      api_key: null,
      credential: null,
      authorization: null,
      private_key: null,
      cookie: null,
      session: null,
      deep: [{ list: [{ nested: { Password: null, apiKey: null, keep: 'x' } }, ['?token=…']] }],
      trace: { token: null, step: 'open cam' },
      host: 'rtsp://10.0.0.9/a',
      detail: 'failed password=…',
      already: { username: null },
      count: 3,
      flag: true,
      name: 'North gate',
    });
  });
});
