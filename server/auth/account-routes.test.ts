import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { cookiesFrom, signedIn } from '../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { recordingUpstream } from '../testing/recording-upstream.js';

describeEachDatabase('Admin → Accounts API', (getDb) => {
  let upstream: Awaited<ReturnType<typeof recordingUpstream>>;
  let c: TestConsole;
  const cookie: Record<string, string> = {};
  let adminId: string;

  beforeAll(async () => {
    upstream = await recordingUpstream();
    c = await startTestConsole(getDb(), upstream.url);
    for (const role of ['viewer', 'operator'] as const) cookie[role] = (await signedIn(getDb(), role)).cookie;
    const admin = await signedIn(getDb(), 'admin', 'root');
    cookie.admin = admin.cookie;
    adminId = admin.accountId;
  });
  afterAll(async () => {
    await Promise.all([c.close(), upstream.close()]);
  });

  const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });
  const login = (username: string, password: string) => c.call('/auth/login', json('POST', { username, password }));

  it('is for admins only: 401 without a session, 403 for viewers and operators', async () => {
    const calls: [string, RequestInit][] = [
      ['/api/admin/accounts', {}],
      ['/api/admin/accounts', json('POST', { username: 'x1', role: 'viewer', password: 'long enough' })],
      [`/api/admin/accounts/${adminId}`, json('PATCH', { role: 'viewer' })],
      [`/api/admin/accounts/${adminId}/password`, json('POST', { password: 'long enough' })],
    ];
    for (const [path, init] of calls) {
      expect((await c.call(path, init)).status, `${init.method ?? 'GET'} ${path}`).toBe(401);
      for (const role of ['viewer', 'operator']) {
        const response = await c.call(path, { ...init, cookie: cookie[role] });
        expect(response.status, `${role} ${init.method ?? 'GET'} ${path}`).toBe(403);
        expect(await response.json()).toEqual({ detail: 'This action needs the admin role.' });
      }
    }
    expect((await c.call('/api/admin/accounts', { cookie: cookie.viewer })).status).toBe(403);
    expect(await getDb().db.selectFrom('accounts').select('username').where('username', '=', 'x1').execute()).toEqual(
      [],
    );
    expect(upstream.seen).toEqual([]);
  });

  it('creates an account who can then sign in; refuses a taken name and a short password', async () => {
    const created = await c.call('/api/admin/accounts', {
      ...json('POST', { username: 'Carol', role: 'operator', password: 'carol-pass-1' }),
      cookie: cookie.admin,
    });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body).toMatchObject({ username: 'carol', role: 'operator', disabled: false, password: true, sso: false });
    expect(JSON.stringify(body)).not.toMatch(/argon2|hash/);
    expect((await login('carol', 'carol-pass-1')).status).toBe(204);

    const taken = await c.call('/api/admin/accounts', {
      ...json('POST', { username: 'CAROL', role: 'viewer', password: 'whatever-1' }),
      cookie: cookie.admin,
    });
    expect(taken.status).toBe(409);
    expect((await taken.json()).detail[0]).toMatchObject({ loc: ['body', 'username'] });
    const invalid = await c.call('/api/admin/accounts', {
      ...json('POST', { username: 'has space', role: 'boss', password: 'short' }),
      cookie: cookie.admin,
    });
    expect(invalid.status).toBe(422);
    const fields = (await invalid.json()).detail.map((d: { loc: string[] }) => d.loc[1]);
    expect(fields.sort()).toEqual(['password', 'role', 'username']);
  });

  it('lists accounts without secrets, with their last sign-in', async () => {
    const response = await c.call('/api/admin/accounts', { cookie: cookie.admin });
    const { accounts } = await response.json();
    const carol = accounts.find((a: { username: string }) => a.username === 'carol');
    expect(carol.lastLoginAt).toEqual(expect.any(String));
    expect(JSON.stringify(accounts)).not.toMatch(/argon2/);
  });

  it('changes a role and disables an account, ending its open sessions; audits both', async () => {
    const session = cookiesFrom(await login('carol', 'carol-pass-1'));
    const { accounts } = await (await c.call('/api/admin/accounts', { cookie: cookie.admin })).json();
    const id = accounts.find((a: { username: string }) => a.username === 'carol').id;

    const demoted = await c.call(`/api/admin/accounts/${id}`, {
      ...json('PATCH', { role: 'viewer' }),
      cookie: cookie.admin,
    });
    expect(await demoted.json()).toMatchObject({ role: 'viewer' });
    expect((await c.call('/auth/me', { cookie: session })).status).toBe(401);

    const again = cookiesFrom(await login('carol', 'carol-pass-1'));
    const disabled = await c.call(`/api/admin/accounts/${id}`, {
      ...json('PATCH', { disabled: true }),
      cookie: cookie.admin,
    });
    expect(await disabled.json()).toMatchObject({ disabled: true });
    expect((await c.call('/api/v1/mics', { cookie: again })).status).toBe(401);
    const refused = await login('carol', 'carol-pass-1');
    expect(refused.status).toBe(401);
    expect((await refused.json()).detail).toMatch(/disabled/);

    await c.call(`/api/admin/accounts/${id}`, { ...json('PATCH', { disabled: false }), cookie: cookie.admin });
    expect((await login('carol', 'carol-pass-1')).status).toBe(204);

    const actions = await getDb()
      .db.selectFrom('audit')
      .select(['action', 'actor_name', 'details'])
      .where('target_id', '=', id)
      .where('action', 'like', 'account.%')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'account.create',
      'account.role',
      'account.disable',
      'account.enable',
    ]);
    expect(actions.every((a) => a.actor_name === 'root')).toBe(true);
    expect(JSON.parse(actions[1]!.details!)).toMatchObject({ before: 'operator', after: 'viewer' });
  });

  it('resets a password: the old one stops working, sessions end, nothing secret is audited', async () => {
    const { accounts } = await (await c.call('/api/admin/accounts', { cookie: cookie.admin })).json();
    const id = accounts.find((a: { username: string }) => a.username === 'carol').id;
    const session = cookiesFrom(await login('carol', 'carol-pass-1'));
    const reset = await c.call(`/api/admin/accounts/${id}/password`, {
      ...json('POST', { password: 'brand-new-secret' }),
      cookie: cookie.admin,
    });
    expect(reset.status).toBe(200);
    expect((await c.call('/auth/me', { cookie: session })).status).toBe(401);
    expect((await login('carol', 'carol-pass-1')).status).toBe(401);
    expect((await login('carol', 'brand-new-secret')).status).toBe(204);
    const audit = await getDb()
      .db.selectFrom('audit')
      .select('details')
      .where('action', '=', 'account.password')
      .execute();
    expect(JSON.stringify(audit)).not.toContain('brand-new-secret');
  });

  it('keeps at least one enabled admin, and an admin cannot demote or disable themself', async () => {
    const self = await c.call(`/api/admin/accounts/${adminId}`, {
      ...json('PATCH', { role: 'viewer' }),
      cookie: cookie.admin,
    });
    expect(self.status).toBe(409);
    const other = await signedIn(getDb(), 'admin', 'second-admin');
    const last = await c.call(`/api/admin/accounts/${adminId}`, {
      ...json('PATCH', { disabled: true }),
      cookie: other.cookie,
    });
    expect(last.status).toBe(200);
    const back = await c.call(`/api/admin/accounts/${other.accountId}`, {
      ...json('PATCH', { role: 'viewer' }),
      cookie: other.cookie,
    });
    expect(back.status).toBe(409);
    expect(
      (await c.call('/api/admin/accounts/nope', { ...json('PATCH', { role: 'viewer' }), cookie: other.cookie })).status,
    ).toBe(404);
  });
});
