import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from './testing/databases.js';
import { signedIn } from './testing/accounts.js';
import { startTestConsole, type TestConsole } from './testing/console.js';
import { recordingUpstream } from './testing/recording-upstream.js';

/** PostgreSQL cannot store U+0000 in text: it must be refused at the door, not fail in a query. */
describeEachDatabase('a NUL character in a request', (getDb) => {
  let upstream: Awaited<ReturnType<typeof recordingUpstream>>;
  let server: TestConsole;
  const cookie: Record<string, string> = {};

  beforeAll(async () => {
    upstream = await recordingUpstream();
    server = await startTestConsole(getDb(), upstream.url);
    for (const role of ['operator', 'admin'] as const) cookie[role] = (await signedIn(getDb(), role)).cookie;
  });
  afterAll(async () => {
    await Promise.all([server.close(), upstream.close()]);
  });
  beforeEach(() => {
    upstream.seen.length = 0;
  });

  async function expectRefused(response: Response, loc: (string | number)[]) {
    expect(response.status).toBe(422);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ detail: [{ loc, msg: 'Text may not contain the NUL character (U+0000).' }] });
    expect(text).not.toMatch(/\bat .*\(|node_modules|\.ts:\d/);
  }

  it('refuses an anonymous sign-in with a NUL in the name with 422, and no stack', async () => {
    const response = await server.call('/auth/login', {
      method: 'POST',
      body: JSON.stringify({ username: '\u0000', password: 'whatever' }),
    });
    await expectRefused(response, ['body', 'username']);
  });

  it('refuses it anywhere in a body, at any depth, and in query strings and paths', async () => {
    await expectRefused(
      await server.call('/api/review/items/event/ev-1/comments', {
        method: 'POST',
        cookie: cookie.operator,
        body: JSON.stringify({ text: 'note\u0000' }),
      }),
      ['body', 'text'],
    );
    await expectRefused(
      await server.call('/api/review/bulk', {
        method: 'POST',
        cookie: cookie.operator,
        body: JSON.stringify({ items: ['event:ok', 'event:\u0000'], action: 'acknowledge' }),
      }),
      ['body', 'items', 1],
    );
    await expectRefused(await server.call('/api/admin/audit?person=%00', { cookie: cookie.admin }), [
      'query',
      'person',
    ]);
    await expectRefused(await server.call('/api/mics/mic%00/history', { cookie: cookie.admin }), ['path', 'id']);
  });

  it('refuses it in a mic change before anything reaches the edge', async () => {
    const response = await server.call('/api/v1/mics/mic-0001', {
      method: 'PATCH',
      cookie: cookie.admin,
      body: JSON.stringify({ name: 'Gate\u0000' }),
    });
    await expectRefused(response, ['body', 'name']);
    expect(upstream.seen).toEqual([]);
  });
});
