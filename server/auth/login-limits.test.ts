import http from 'node:http';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { recordingUpstream } from '../testing/recording-upstream.js';
import { createAccount } from './accounts.js';
import { MAX_FAILURES } from './rate-limit.js';

const PASSWORD = 'correct horse 42';

/**
 * The failed-attempt limits under a flood: sign-ins sent all at once, as an attacker would. Each
 * checked password is a deliberately slow hash: on a loaded 2-core machine a test's dozens of them
 * take far longer than vitest's default 5 s.
 */
describeEachDatabase('sign-in limits under parallel attempts', (getDb) => {
  let upstream: Awaited<ReturnType<typeof recordingUpstream>>;
  let consoleA: TestConsole;

  beforeAll(async () => {
    upstream = await recordingUpstream();
    consoleA = await startTestConsole(getDb(), upstream.url);
    for (const username of ['carol', 'dave', 'erin']) {
      await createAccount(getDb(), { username, role: 'viewer', password: PASSWORD });
    }
  });
  afterAll(async () => {
    await Promise.all([consoleA.close(), upstream.close()]);
  });
  beforeEach(async () => {
    await getDb().db.deleteFrom('login_failures').execute();
  });

  /** A sign-in from one of the many loopback addresses (the whole of 127/8 is this machine). */
  const loginFrom = (localAddress: string, username: string, password: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const request = http.request(
        `${consoleA.base}/auth/login`,
        { method: 'POST', localAddress, agent: false, headers: { 'content-type': 'application/json' } },
        (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify({ username, password }));
    });

  it('checks at most the limit of passwords for one name when 120 arrive at once from 120 addresses', async () => {
    const flood = await Promise.all(
      Array.from({ length: 120 }, (_, i) => loginFrom(`127.0.10.${i + 1}`, 'carol', `guess-${i}`)),
    );
    // At most the limit; fewer when many count together (a refused attempt's rows are counted by
    // the others until it takes them back), and then the rest of the limit is left for later.
    let checked = flood.filter((answer) => answer.status !== 429).length;
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES);
    for (let i = 0; checked < MAX_FAILURES + 1; i++) {
      const answer = await loginFrom(`127.0.11.${i + 1}`, 'carol', `more-${i}`);
      if (answer.status === 429) break;
      expect(answer.status).toBe(401);
      checked++;
    }
    expect(checked).toBe(MAX_FAILURES);
    // Past the limit, the right password is refused like any guess, in a second flood or alone.
    const again = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        loginFrom(`127.0.14.${i + 1}`, 'carol', i === 89 ? PASSWORD : `again-${i}`),
      ),
    );
    expect(again.map((answer) => answer.status)).toEqual(Array(100).fill(429));
    expect((await loginFrom('127.0.15.1', 'carol', PASSWORD)).status).toBe(429);
  }, 30_000);

  it('checks at most the limit from one address trying 150 names at once', async () => {
    const flood = await Promise.all(Array.from({ length: 150 }, (_, i) => loginFrom('127.0.12.1', `nobody-${i}`, 'x')));
    let checked = flood.filter((answer) => answer.status !== 429).length;
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES);
    while ((await loginFrom('127.0.12.1', `someone-${checked}`, 'x')).status === 401) checked++;
    expect(checked).toBe(MAX_FAILURES);
    expect((await loginFrom('127.0.12.1', 'dave', PASSWORD)).status).toBe(429);
  }, 30_000);

  it('does not count successful sign-ins against their address', async () => {
    for (let i = 0; i < MAX_FAILURES + 5; i++) {
      expect((await loginFrom('127.0.13.1', 'erin', PASSWORD)).status).toBe(204);
    }
  }, 30_000);

  it('a guesser locks a name for strangers only: its owner still signs in where they did before', async () => {
    expect((await loginFrom('127.0.16.1', 'erin', PASSWORD)).status).toBe(204);
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await loginFrom(`127.0.17.${i + 1}`, 'erin', `guess-${i}`)).status).toBe(401);
    }
    expect((await loginFrom('127.0.18.1', 'erin', PASSWORD)).status).toBe(429);
    expect((await loginFrom('127.0.16.1', 'erin', PASSWORD)).status).toBe(204);
    // That address keeps its own limit.
    for (let i = 0; i < MAX_FAILURES; i++) await loginFrom('127.0.16.1', 'erin', `typo-${i}`);
    expect((await loginFrom('127.0.16.1', 'erin', PASSWORD)).status).toBe(429);
  }, 30_000);
});
