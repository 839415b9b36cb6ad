import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { cookiesFrom } from '../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { recordingUpstream } from '../testing/recording-upstream.js';
import { findByUsername, setRole } from './accounts.js';
import { bootstrapAccounts, ensureAdmin } from './bootstrap.js';
import { hashToken } from './sessions.js';

describeEachDatabase('first admin', (getDb) => {
  let upstream: Awaited<ReturnType<typeof recordingUpstream>>;
  let c: TestConsole;
  let setupToken: string;

  beforeAll(async () => {
    upstream = await recordingUpstream();
    const token = await bootstrapAccounts(getDb(), { adminUsername: null, adminPassword: null, demoAutoSignIn: false });
    expect(token).toEqual(expect.any(String));
    setupToken = token!;
    c = await startTestConsole(getDb(), upstream.url, {}, setupToken);
  });
  afterAll(async () => {
    await Promise.all([c.close(), upstream.close()]);
  });

  const setup = (token: string, username = 'chief', password = 'chief-password') =>
    c.call('/auth/setup', { method: 'POST', body: JSON.stringify({ token, username, password }) });

  it('gives no setup token in demo sign-in mode', async () => {
    expect(await bootstrapAccounts(getDb(), { adminUsername: null, adminPassword: null, demoAutoSignIn: true })).toBe(
      null,
    );
  });

  const pending = async () => ((await (await c.call('/auth/setup')).json()) as { pending: boolean }).pending;

  it('the setup link creates the first admin once, signed in at once; a wrong token does nothing', async () => {
    // Anyone may ask whether a setup link waits in the log (the sign-in page's hint): a yes or no.
    const asked = await c.call('/auth/setup');
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ pending: true });
    expect((await setup('not-the-token')).status).toBe(403);
    expect((await setup(setupToken, 'chief', 'short')).status).toBe(422);
    const created = await setup(setupToken);
    expect(created.status).toBe(204);
    const me = await c.call('/auth/me', { cookie: cookiesFrom(created) });
    expect(await me.json()).toEqual({ kind: 'account', username: 'chief', role: 'admin' });
    expect((await setup(setupToken, 'second')).status).toBe(403);
    expect(await findByUsername(getDb(), 'second')).toBeUndefined();
    expect(await pending()).toBe(false);
  });

  it('says no setup waits once any account exists, even on a replica still holding its own link', async () => {
    const replica = await startTestConsole(getDb(), upstream.url, {}, 'link-of-a-replica-started-earlier');
    try {
      expect(await (await replica.call('/auth/setup')).json()).toEqual({ pending: false });
    } finally {
      await replica.close();
    }
  });

  it('without ADMIN_* and with an account, there is no setup token', async () => {
    expect(await bootstrapAccounts(getDb(), { adminUsername: null, adminPassword: null, demoAutoSignIn: false })).toBe(
      null,
    );
  });

  it('ADMIN_USERNAME/ADMIN_PASSWORD create that admin, then restore its password, role and access', async () => {
    await ensureAdmin(getDb(), 'Ops', 'first-password');
    const login = (password: string) =>
      c.call('/auth/login', { method: 'POST', body: JSON.stringify({ username: 'ops', password }) });
    const session = cookiesFrom(await login('first-password'));
    // Same settings again: nothing changes, the session survives the restart.
    await ensureAdmin(getDb(), 'ops', 'first-password');
    expect((await c.call('/auth/me', { cookie: session })).status).toBe(200);

    const ops = (await findByUsername(getDb(), 'ops'))!;
    await setRole(getDb(), ops.id, 'viewer');
    await getDb().db.updateTable('accounts').set({ disabled: 1 }).where('id', '=', ops.id).execute();
    await ensureAdmin(getDb(), 'ops', 'second-password');
    expect((await login('first-password')).status).toBe(401);
    const again = await login('second-password');
    expect(again.status).toBe(204);
    expect(await (await c.call('/auth/me', { cookie: cookiesFrom(again) })).json()).toMatchObject({ role: 'admin' });
    const sessions = await getDb().db.selectFrom('sessions').select('id').execute();
    expect(sessions.map((s) => s.id)).not.toContain(hashToken(session.split('=')[1]!));
  });

  it('refuses an ADMIN_PASSWORD that breaks the password rules, and creates no account', async () => {
    for (const weak of ['12345678', 'short']) {
      await expect(
        bootstrapAccounts(getDb(), { adminUsername: 'weak-admin', adminPassword: weak, demoAutoSignIn: false }),
      ).rejects.toThrow(/^ADMIN_PASSWORD is refused: /);
    }
    expect(await findByUsername(getDb(), 'weak-admin')).toBeUndefined();
  });

  it('refuses ADMIN_USERNAME without ADMIN_PASSWORD', async () => {
    await expect(
      bootstrapAccounts(getDb(), { adminUsername: 'x', adminPassword: null, demoAutoSignIn: false }),
    ).rejects.toThrow(/both ADMIN_USERNAME and ADMIN_PASSWORD/);
  });
});
