import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { cookiesFrom } from '../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { recordingUpstream } from '../testing/recording-upstream.js';
import { WALL_COOKIE } from '../walls/wall-access.js';
import { createWallLink } from '../walls/wall-links.js';
import { createAccount } from './accounts.js';
import { hashToken, SESSION_COOKIE } from './sessions.js';

const PASSWORD = 'correct horse 42';

/** The defaults a deployment gets without setting anything: cookie flags and session lifetimes. */
describeEachDatabase('session defaults', (getDb) => {
  let upstream: Awaited<ReturnType<typeof recordingUpstream>>;
  const consoles: Record<string, TestConsole> = {};

  beforeAll(async () => {
    upstream = await recordingUpstream();
    consoles.plain = await startTestConsole(getDb(), upstream.url);
    consoles.https = await startTestConsole(getDb(), upstream.url, { PUBLIC_URL: 'https://console.example.org' });
    consoles.httpsNotSecure = await startTestConsole(getDb(), upstream.url, {
      PUBLIC_URL: 'https://console.example.org',
      COOKIE_SECURE: '0',
    });
    await createAccount(getDb(), { username: 'frank', role: 'viewer', password: PASSWORD });
  });
  afterAll(async () => {
    await Promise.all([...Object.values(consoles).map((c) => c.close()), upstream.close()]);
  });

  const login = (c: TestConsole) =>
    c.call('/auth/login', { method: 'POST', body: JSON.stringify({ username: 'frank', password: PASSWORD }) });
  const sessionCookieLine = (response: Response) =>
    response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  const ageSession = (cookie: string, minutesIdle: number) =>
    getDb()
      .db.updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - minutesIdle * 60_000).toISOString() })
      .where('id', '=', hashToken(cookie.split('=')[1]!))
      .execute();

  it('marks the cookie Secure when PUBLIC_URL is https, unless COOKIE_SECURE=0 says not', async () => {
    expect(sessionCookieLine(await login(consoles.https!))).toMatch(/; Secure/i);
    expect(sessionCookieLine(await login(consoles.httpsNotSecure!))).not.toMatch(/; Secure/i);
    expect(sessionCookieLine(await login(consoles.plain!))).not.toMatch(/; Secure/i);
  });

  it('ends a session after 30 idle minutes and 12 hours in all', async () => {
    const response = await login(consoles.plain!);
    expect(sessionCookieLine(response)).toMatch(/Max-Age=43200/);
    const cookie = cookiesFrom(response);
    const row = await getDb()
      .db.selectFrom('sessions')
      .select('expires_at')
      .where('id', '=', hashToken(cookie.split('=')[1]!))
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.now()).toBeGreaterThan(12 * 3_600_000 - 60_000);
    expect(Date.parse(row.expires_at) - Date.now()).toBeLessThanOrEqual(12 * 3_600_000);
    await ageSession(cookie, 29);
    expect((await consoles.plain!.call('/auth/me', { cookie })).status).toBe(200);
    await ageSession(cookie, 31);
    expect((await consoles.plain!.call('/auth/me', { cookie })).status).toBe(401);
  });

  it('never signs a wall link out for being idle, even beside a session that ended', async () => {
    const { key } = await createWallLink(getDb(), { name: 'Lobby', query: '', createdBy: null });
    const wall = `${WALL_COOKIE}=${key}`;
    await getDb()
      .db.updateTable('wall_links')
      .set({ last_seen_at: new Date(Date.now() - 7 * 86_400_000).toISOString() })
      .execute();
    const idle = cookiesFrom(await login(consoles.plain!));
    await ageSession(idle, 24 * 60);
    const me = await consoles.plain!.call('/auth/me', { cookie: `${idle}; ${wall}` });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ kind: 'wall', name: 'Lobby' });
    expect((await consoles.plain!.call('/api/v1/mics', { cookie: wall })).status).toBe(200);
  });
});
