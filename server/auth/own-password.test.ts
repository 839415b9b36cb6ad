import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { cookiesFrom, signedIn } from '../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { recordingUpstream } from '../testing/recording-upstream.js';
import { createWallLink } from '../walls/wall-links.js';
import { WALL_COOKIE } from '../walls/wall-access.js';
import { COMMON_PASSWORD, createAccount } from './accounts.js';
import { WRONG_CURRENT } from './own-password.js';
import { MAX_FAILURES } from './rate-limit.js';

const OLD = 'correct horse 42';
const NEW = 'battery staple 77';

describeEachDatabase('changing one’s own password', (getDb) => {
  let upstream: Awaited<ReturnType<typeof recordingUpstream>>;
  let server: TestConsole;
  let n = 0;

  beforeAll(async () => {
    upstream = await recordingUpstream();
    server = await startTestConsole(getDb(), upstream.url);
  });
  afterAll(async () => {
    await Promise.all([server.close(), upstream.close()]);
  });
  // Every test signs in from 127.0.0.1: each starts with that address's count at zero.
  beforeEach(async () => {
    await getDb().db.deleteFrom('login_failures').execute();
  });

  const login = (username: string, password: string) =>
    server.call('/auth/login', { method: 'POST', body: JSON.stringify({ username, password }) });

  /** A new account with a password, signed in: its cookie. */
  async function person(role: 'viewer' | 'operator' | 'admin' = 'viewer') {
    const username = `person-${++n}`;
    await createAccount(getDb(), { username, role, password: OLD });
    return { username, cookie: cookiesFrom(await login(username, OLD)) };
  }

  const change = (cookie: string | undefined, currentPassword: string, newPassword: string) =>
    server.call('/auth/password', {
      method: 'POST',
      cookie,
      body: JSON.stringify({ currentPassword, newPassword }),
    });

  it('who may: anyone signed in with an account; not anonymous (401), not a wall link (403)', async () => {
    expect((await change(undefined, OLD, NEW)).status).toBe(401);
    const { key } = await createWallLink(getDb(), { name: 'Own password', query: '', createdBy: null });
    const wall = await change(`${WALL_COOKIE}=${key}`, OLD, NEW);
    expect(wall.status).toBe(403);
    expect(await wall.json()).toEqual({ detail: 'A wall link has no password.' });
    for (const role of ['viewer', 'operator', 'admin'] as const) {
      const { username, cookie } = await person(role);
      expect((await change(cookie, OLD, NEW)).status, role).toBe(204);
      expect((await login(username, NEW)).status).toBe(204);
    }
  });

  it('ends the other sessions, keeps this one, and audits it without the passwords', async () => {
    const { username, cookie } = await person();
    const other = cookiesFrom(await login(username, OLD));
    expect((await change(cookie, OLD, NEW)).status).toBe(204);
    expect((await server.call('/auth/me', { cookie })).status).toBe(200);
    expect((await server.call('/auth/me', { cookie: other })).status).toBe(401);
    expect((await login(username, OLD)).status).toBe(401);
    const entry = await getDb()
      .db.selectFrom('audit')
      .selectAll()
      .where('action', '=', 'account.password')
      .where('actor_name', '=', username)
      .executeTakeFirstOrThrow();
    expect(entry.outcome).toBe('ok');
    expect(JSON.parse(entry.details!)).toEqual({ username, by: 'self' });
    expect(JSON.stringify(entry)).not.toContain(NEW);
  });

  it('asks for the current password, and counts wrong ones like failed sign-ins', async () => {
    const { cookie } = await person();
    const wrong = await change(cookie, 'not it at all', NEW);
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({ detail: [{ loc: ['body', 'currentPassword'], msg: WRONG_CURRENT }] });
    for (let i = 1; i < MAX_FAILURES; i++) expect((await change(cookie, `guess-${i}`, NEW)).status).toBe(422);
    expect((await change(cookie, OLD, NEW)).status).toBe(429);
  });

  it('holds the new password to the same rules: length, not a common one in any case, not the same', async () => {
    const { cookie } = await person();
    const refusal = async (newPassword: string) => {
      const response = await change(cookie, OLD, newPassword);
      expect(response.status).toBe(422);
      return ((await response.json()) as { detail: { loc: string[]; msg: string }[] }).detail;
    };
    expect(await refusal('short')).toEqual([{ loc: ['body', 'newPassword'], msg: 'At least 8 characters.' }]);
    for (const common of ['12345678', 'Password1', 'QWERTYUIOP', 'iloveyou'])
      expect(await refusal(common)).toEqual([{ loc: ['body', 'newPassword'], msg: COMMON_PASSWORD }]);
    expect((await refusal(OLD))[0]!.loc).toEqual(['body', 'newPassword']);
  });

  it('refuses common passwords when an admin sets one too', async () => {
    const admin = await signedIn(getDb(), 'admin');
    const response = await server.call('/api/admin/accounts', {
      method: 'POST',
      cookie: admin.cookie,
      body: JSON.stringify({ username: 'weak', role: 'viewer', password: '12345678' }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ detail: [{ loc: ['body', 'password'], msg: COMMON_PASSWORD }] });
  });

  it('says an account without a password (single sign-on) has none to change', async () => {
    const sso = await signedIn(getDb(), 'viewer');
    const response = await change(sso.cookie, OLD, NEW);
    expect(response.status).toBe(409);
  });
});
