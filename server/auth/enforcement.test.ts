import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { cookiesFrom, signedIn } from '../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { recordingUpstream } from '../testing/recording-upstream.js';
import { SESSION_COOKIE } from './sessions.js';

/** What reaches the edge, by who asks: refused requests never do. */
describeEachDatabase('who may reach the edge', (getDb) => {
  let upstream: Awaited<ReturnType<typeof recordingUpstream>>;
  let proxy: TestConsole;
  let readOnly: TestConsole;
  const cookie: Record<string, string> = {};

  beforeAll(async () => {
    upstream = await recordingUpstream();
    proxy = await startTestConsole(getDb(), upstream.url);
    readOnly = await startTestConsole(getDb(), upstream.url, { READ_ONLY: '1' });
    for (const role of ['viewer', 'operator', 'admin'] as const) cookie[role] = (await signedIn(getDb(), role)).cookie;
  });
  afterAll(async () => {
    await Promise.all([proxy.close(), readOnly.close(), upstream.close()]);
  });
  beforeEach(() => {
    upstream.seen.length = 0;
  });

  const patch = (c: TestConsole, who?: string) =>
    c.call('/api/v1/mics/mic-0001', { method: 'PATCH', body: '{"status":"inactive"}', cookie: who });

  it('answers 401 with a detail to every /api call and /live without a session; the edge sees none', async () => {
    for (const path of [
      '/api/v1/mics',
      '/api/v1/events',
      '/api/v1/composite-events/x',
      '/api/admin/accounts',
      '/live',
    ]) {
      const response = await proxy.call(path);
      expect(response.status, path).toBe(401);
      expect(await response.json()).toEqual({ detail: 'Sign in to use the console.' });
      expect(response.headers.get('x-console-sign-in')).toBe('required');
    }
    expect((await patch(proxy)).status).toBe(401);
    expect((await patch(proxy, `${SESSION_COOKIE}=made-up`)).status).toBe(401);
    expect(upstream.seen).toEqual([]);
  });

  it('lets every role read through the gateway', async () => {
    for (const role of ['viewer', 'operator', 'admin']) {
      expect((await proxy.call('/api/v1/mics', { cookie: cookie[role] })).status).toBe(200);
    }
    expect(upstream.seen.map((r) => r.url)).toEqual(['/api/v1/mics', '/api/v1/mics', '/api/v1/mics']);
  });

  it('answers 403 to a viewer’s or operator’s PATCH and never forwards it; an admin’s goes through', async () => {
    for (const role of ['viewer', 'operator']) {
      const response = await patch(proxy, cookie[role]);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ detail: 'This action needs the admin role.' });
    }
    expect(upstream.seen).toEqual([]);
    expect((await patch(proxy, cookie.admin)).status).toBe(200);
    // The admin's PATCH, once; the GET before it is the audit trail's read of the mic.
    expect(upstream.seen).toMatchObject([
      { method: 'GET', url: '/api/v1/mics/mic-0001' },
      { method: 'PATCH', url: '/api/v1/mics/mic-0001', authorization: 'Bearer edge-token' },
    ]);
  });

  it('still refuses every PATCH with READ_ONLY=1, admins included', async () => {
    const response = await patch(readOnly, cookie.admin);
    expect(response.status).toBe(403);
    expect((await response.json()).detail).toMatch(/read-only/);
    expect(upstream.seen).toEqual([]);
  });

  it('GET /auth/me: 401 without a session, the account otherwise', async () => {
    expect((await proxy.call('/auth/me')).status).toBe(401);
    const me = await proxy.call('/auth/me', { cookie: cookie.viewer });
    expect(await me.json()).toMatchObject({ kind: 'account', role: 'viewer' });
  });

  it('POST /auth/logout without a session is harmless', async () => {
    expect((await proxy.call('/auth/logout', { method: 'POST' })).status).toBe(204);
  });
});

describeEachDatabase('demo auto sign-in', (getDb) => {
  let upstream: Awaited<ReturnType<typeof recordingUpstream>>;
  let demo: TestConsole;
  let required: TestConsole;
  let lan: TestConsole;

  beforeAll(async () => {
    upstream = await recordingUpstream();
    // No EDGE_API_URL and a loopback HOST: the embedded demo's settings.
    const demoEnv = { EDGE_API_URL: '', EDGE_API_TOKEN: '', HOST: '127.0.0.1' };
    demo = await startTestConsole(getDb(), upstream.url, demoEnv);
    required = await startTestConsole(getDb(), upstream.url, { ...demoEnv, AUTH_REQUIRED: '1' });
    lan = await startTestConsole(getDb(), upstream.url, { ...demoEnv, HOST: '0.0.0.0' });
  });
  afterAll(async () => {
    await Promise.all([demo.close(), required.close(), lan.close(), upstream.close()]);
  });

  it('signs a visitor in as the demo admin with a real session, audited as demo', async () => {
    const first = await demo.call('/mics');
    const cookie = cookiesFrom(first);
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    expect(await (await demo.call('/auth/me', { cookie })).json()).toEqual({
      kind: 'account',
      username: 'demo',
      role: 'admin',
    });
    expect((await demo.call('/api/v1/mics/m1', { method: 'PATCH', body: '{}', cookie })).status).toBe(200);
    const login = await getDb()
      .db.selectFrom('audit')
      .select(['actor_name', 'details'])
      .where('action', '=', 'auth.login')
      .executeTakeFirstOrThrow();
    expect(login.actor_name).toBe('demo');
    expect(JSON.parse(login.details!)).toMatchObject({ method: 'demo' });
    const config = await (await demo.call('/config.json')).json();
    expect(config.auth).toEqual({ demoAutoSignIn: true, oidc: null, browserToken: true });
  });

  it('after signing out, the visitor stays out until signing in', async () => {
    const cookie = cookiesFrom(await demo.call('/mics'));
    const out = await demo.call('/auth/logout', { method: 'POST', cookie });
    const after = cookiesFrom(out);
    expect(after).toContain('esc_demo_off=1');
    expect((await demo.call('/api/v1/mics', { cookie: after })).status).toBe(401);
    // "Continue as demo" on the sign-in page.
    const back = await demo.call('/auth/demo', { method: 'POST', cookie: after });
    expect(back.status).toBe(204);
    expect((await demo.call('/api/v1/mics', { cookie: cookiesFrom(back) })).status).toBe(200);
  });

  it('gives each visitor a session of its own, but a client that keeps no cookie does not fill the sessions table', async () => {
    const count = async (table: 'sessions' | 'audit') =>
      Number(
        (
          await getDb()
            .db.selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [sessionsBefore, auditBefore] = [await count('sessions'), await count('audit')];
    const started = Date.now();
    // Five browsers, then a script that never sends the cookie back: 200 requests.
    const browsers = [];
    for (let i = 0; i < 5; i++) browsers.push(cookiesFrom(await demo.call('/mics')));
    expect(new Set(browsers).size).toBe(5);
    for (let i = 0; i < 200; i++) {
      const answer = await demo.call('/api/v1/mics');
      expect(answer.status).toBe(200);
      // Each answer still signs the client in, with a session that works.
      if (i === 199) expect((await demo.call('/auth/me', { cookie: cookiesFrom(answer) })).status).toBe(200);
    }
    // "Continue as demo" in a loop is budgeted the same way.
    for (let i = 0; i < 40; i++) expect((await demo.call('/auth/demo', { method: 'POST' })).status).toBe(204);
    // At most the budget of new sessions (30 at once, one more every 2 s), however many requests.
    const budget = 30 + Math.ceil((Date.now() - started) / 2_000);
    expect((await count('sessions')) - sessionsBefore).toBeLessThanOrEqual(budget);
    expect((await count('audit')) - auditBefore).toBeLessThanOrEqual(budget);
    // Each browser's own session is still its own.
    for (const cookie of browsers) {
      expect((await (await demo.call('/auth/me', { cookie })).json()).username).toBe('demo');
    }
  });

  it('requires sign-in with AUTH_REQUIRED=1, or when listening beyond loopback', async () => {
    for (const c of [required, lan]) {
      const page = await c.call('/mics');
      expect(cookiesFrom(page)).toBe('');
      expect((await c.call('/api/v1/mics')).status).toBe(401);
      expect((await (await c.call('/config.json')).json()).auth.demoAutoSignIn).toBe(false);
      expect((await c.call('/auth/demo', { method: 'POST' })).status).toBe(404);
    }
  });
});
