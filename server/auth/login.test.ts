import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { cookiesFrom } from '../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { recordingUpstream } from '../testing/recording-upstream.js';
import { createAccount, setRole } from './accounts.js';
import { MAX_FAILURES } from './rate-limit.js';
import { hashToken, SESSION_COOKIE } from './sessions.js';

const PASSWORD = 'correct horse 42';

describeEachDatabase('sign-in, sessions and sign-out', (getDb) => {
  let upstream: Awaited<ReturnType<typeof recordingUpstream>>;
  let consoleA: TestConsole;
  let consoleB: TestConsole;
  let aliceId: string;

  beforeAll(async () => {
    upstream = await recordingUpstream();
    // Two replicas on one database, as behind a load balancer.
    consoleA = await startTestConsole(getDb(), upstream.url, { SESSION_IDLE_MINUTES: '30', SESSION_MAX_HOURS: '8' });
    consoleB = await startTestConsole(getDb(), upstream.url, { COOKIE_SECURE: '1' });
    aliceId = (await createAccount(getDb(), { username: 'Alice', role: 'operator', password: PASSWORD })).id;
    await createAccount(getDb(), { username: 'sso-only', role: 'viewer', password: null, oidcSubject: 'sub-1' });
  });
  afterAll(async () => {
    await Promise.all([consoleA.close(), consoleB.close(), upstream.close()]);
  });

  /** A sign-in from another loopback address (the whole of 127/8 is this machine). */
  const loginFrom = (c: TestConsole, localAddress: string, username: string, password: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = http.request(
        `${c.base}/auth/login`,
        { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
        (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify({ username, password }));
    });

  const login = (c: TestConsole, username: string, password: string, headers: Record<string, string> = {}) =>
    c.call('/auth/login', { method: 'POST', body: JSON.stringify({ username, password }), headers });

  it('signs in with any case of the name: 204 and an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await login(consoleA, 'ALICE', PASSWORD);
    expect(response.status).toBe(204);
    const [cookie] = response.headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Secure/i);
    const me = await consoleA.call('/auth/me', { cookie: cookiesFrom(response) });
    expect(await me.json()).toEqual({ kind: 'account', username: 'alice', role: 'operator' });
  });

  it('marks the cookie Secure when COOKIE_SECURE=1', async () => {
    const response = await login(consoleB, 'alice', PASSWORD);
    expect(response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))).toMatch(/; Secure/i);
  });

  it('keeps only the token hash in the database, and gives a new session id at every sign-in', async () => {
    const first = cookiesFrom(await login(consoleA, 'alice', PASSWORD));
    const second = cookiesFrom(await login(consoleA, 'alice', PASSWORD, { cookie: first }));
    expect(second).not.toBe(first);
    const token = second.split('=')[1]!;
    const ids = (await getDb().db.selectFrom('sessions').select('id').execute()).map((row) => row.id);
    expect(ids).toContain(hashToken(token));
    expect(ids).not.toContain(token);
    // Signing in again from the same browser ends the session it had.
    expect((await consoleA.call('/auth/me', { cookie: first })).status).toBe(401);
    expect((await consoleA.call('/auth/me', { cookie: second })).status).toBe(200);
  });

  it('answers wrong password, unknown name and password-less account alike', async () => {
    const answers = await Promise.all([
      login(consoleA, 'alice', 'wrong password'),
      login(consoleA, 'nobody', PASSWORD),
      login(consoleA, 'sso-only', ''),
    ]);
    for (const response of answers) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ detail: 'Wrong username or password.', code: 'bad_credentials' });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it('refuses a malformed body with 422 and never a session', async () => {
    const response = await consoleA.call('/auth/login', { method: 'POST', body: JSON.stringify({ username: 1 }) });
    expect(response.status).toBe(422);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('sessions work on every replica, and signing out ends them everywhere', async () => {
    const cookie = cookiesFrom(await login(consoleA, 'alice', PASSWORD));
    expect((await consoleB.call('/api/v1/mics', { cookie })).status).toBe(200);
    const out = await consoleB.call('/auth/logout', { method: 'POST', cookie });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))).toMatch(/Max-Age=0/i);
    expect((await consoleA.call('/api/v1/mics', { cookie })).status).toBe(401);
  });

  it('ends a session idle past SESSION_IDLE_MINUTES or older than SESSION_MAX_HOURS', async () => {
    const db = getDb().db;
    const idle = cookiesFrom(await login(consoleA, 'alice', PASSWORD));
    const old = cookiesFrom(await login(consoleA, 'alice', PASSWORD));
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 31 * 60_000).toISOString() })
      .where('id', '=', hashToken(idle.split('=')[1]!))
      .execute();
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', hashToken(old.split('=')[1]!))
      .execute();
    expect((await consoleA.call('/auth/me', { cookie: idle })).status).toBe(401);
    expect((await consoleA.call('/auth/me', { cookie: old })).status).toBe(401);
  });

  it('does not write last_seen_at on every request', async () => {
    const cookie = cookiesFrom(await login(consoleA, 'alice', PASSWORD));
    const id = hashToken(cookie.split('=')[1]!);
    const seen = async () =>
      (await getDb().db.selectFrom('sessions').select('last_seen_at').where('id', '=', id).executeTakeFirstOrThrow())
        .last_seen_at;
    const before = await seen();
    for (let i = 0; i < 5; i++) expect((await consoleA.call('/api/v1/mics', { cookie })).status).toBe(200);
    expect(await seen()).toBe(before);
  });

  it('a role change ends the account’s sessions at once; /auth/me then says the session ended', async () => {
    const cookie = cookiesFrom(await login(consoleA, 'alice', PASSWORD));
    await setRole(getDb(), aliceId, 'viewer');
    const me = await consoleA.call('/auth/me', { cookie });
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual({ detail: 'Your session has ended. Sign in to continue.', code: 'session_ended' });
    await setRole(getDb(), aliceId, 'operator');
    // Nobody signed in at all: only "sign in".
    const nobody = await consoleA.call('/auth/me');
    expect(nobody.status).toBe(401);
    expect(await nobody.json()).toEqual({ detail: 'Sign in to use the console.' });
  });

  it('audits sign-in, failed sign-in and sign-out, with no password or token in the details', async () => {
    const cookie = cookiesFrom(await login(consoleA, 'alice', PASSWORD));
    await login(consoleA, 'alice', 'Tr0ub4dor&3-wrong');
    await consoleA.call('/auth/logout', { method: 'POST', cookie });
    const rows = await getDb()
      .db.selectFrom('audit')
      .selectAll()
      .where('action', 'like', 'auth.%')
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    expect(rows.map((row) => [row.action, row.outcome, row.actor_name])).toEqual([
      ['auth.logout', 'ok', 'alice'],
      ['auth.login_failed', 'refused', null],
      ['auth.login', 'ok', 'alice'],
    ]);
    expect(rows.every((row) => row.ip === '127.0.0.1')).toBe(true);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('Tr0ub4dor');
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(cookie.split('=')[1]!);
  });

  it(`limits a name after ${MAX_FAILURES} failures in 15 minutes, on every replica, from any address`, async () => {
    await getDb().db.deleteFrom('login_failures').execute();
    await createAccount(getDb(), { username: 'bob', role: 'viewer', password: PASSWORD });
    for (let i = 0; i < MAX_FAILURES; i++) {
      // Alternate replicas and addresses: the count is the name's, in the shared database.
      const from = `127.0.0.${2 + (i % 3)}`;
      expect((await loginFrom(i % 2 === 0 ? consoleA : consoleB, from, 'bob', `guess-${i}`)).status).toBe(401);
    }
    const limited = await loginFrom(consoleA, '127.0.0.9', 'bob', PASSWORD);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(JSON.parse(limited.body).detail).toMatch(/Try again in 15 minutes/);
    expect((await loginFrom(consoleB, '127.0.0.10', 'bob', PASSWORD)).status).toBe(429);
    // Whether the name exists or not, the answer is the same.
    for (let i = 0; i < MAX_FAILURES; i++) await loginFrom(consoleA, `127.0.1.${i}`, 'ghost', `guess-${i}`);
    expect((await loginFrom(consoleA, '127.0.2.1', 'ghost', 'x')).status).toBe(429);
    expect((await loginFrom(consoleA, '127.0.2.1', 'alice', PASSWORD)).status).toBe(204);
  });

  it('limits an address trying many names', async () => {
    await getDb().db.deleteFrom('login_failures').execute();
    for (let i = 0; i < MAX_FAILURES; i++) await login(consoleA, `someone-${i}`, 'x');
    expect((await login(consoleA, 'alice', PASSWORD)).status).toBe(429);
    await getDb().db.deleteFrom('login_failures').execute();
    expect((await login(consoleA, 'alice', PASSWORD)).status).toBe(204);
  });
});
