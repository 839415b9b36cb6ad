import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { signedIn } from '../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { startHttpReceiver, type HttpReceiver } from './test-receivers.js';

describeEachDatabase('Admin → Alerts routes', (getDb) => {
  let console_: TestConsole;
  let hook: HttpReceiver;
  let admin: string;
  let operator: string;
  let viewer: string;
  beforeAll(async () => {
    hook = await startHttpReceiver();
    console_ = await startTestConsole(getDb(), 'http://127.0.0.1:9');
    admin = (await signedIn(getDb(), 'admin')).cookie;
    operator = (await signedIn(getDb(), 'operator')).cookie;
    viewer = (await signedIn(getDb(), 'viewer')).cookie;
  });
  afterAll(async () => {
    await console_.close();
    await hook.close();
  });
  const json = (cookie: string | undefined, method: string, body?: unknown) => ({
    method,
    cookie,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

  it('only admins may call Admin → Alerts; operators acknowledge; viewers read an alert; nobody signed out', async () => {
    const endpoints: [string, string, unknown?][] = [
      ['GET', '/api/admin/alerts/channels'],
      ['POST', '/api/admin/alerts/channels', { name: 'x', type: 'webhook', settings: { url: hook.url } }],
      ['PATCH', '/api/admin/alerts/channels/none', { name: 'x', type: 'webhook', settings: { url: hook.url } }],
      ['DELETE', '/api/admin/alerts/channels/none'],
      ['POST', '/api/admin/alerts/channels/none/test'],
      ['GET', '/api/admin/alerts/rules'],
      ['POST', '/api/admin/alerts/rules', { name: 'r', settings: { channels: ['x'] } }],
      ['PATCH', '/api/admin/alerts/rules/none', { name: 'r', settings: { channels: ['x'] } }],
      ['DELETE', '/api/admin/alerts/rules/none'],
      ['GET', '/api/admin/alerts/deliveries'],
      ['GET', '/api/admin/alerts/status'],
    ];
    for (const [method, path, body] of endpoints) {
      expect((await console_.call(path, json(undefined, method, body))).status, `${method} ${path} signed out`).toBe(
        401,
      );
      for (const cookie of [viewer, operator]) {
        expect((await console_.call(path, json(cookie, method, body))).status, `${method} ${path}`).toBe(403);
      }
    }
    expect((await console_.call('/api/alerts/none', json(undefined, 'GET'))).status).toBe(401);
    expect((await console_.call('/api/alerts/none', json(viewer, 'GET'))).status).toBe(404);
    expect((await console_.call('/api/alerts/none/acknowledge', json(viewer, 'POST'))).status).toBe(403);
    expect((await console_.call('/api/alerts/none/acknowledge', json(operator, 'POST'))).status).toBe(404);
  });

  it('secrets are write-only: stored, used, never sent back, kept when omitted; every change is audited', async () => {
    const created = await console_.call(
      '/api/admin/alerts/channels',
      json(admin, 'POST', {
        name: 'ops-hook',
        type: 'webhook',
        settings: { url: hook.url },
        secrets: { secret: 'hmac-key-42' },
      }),
    );
    expect(created.status).toBe(201);
    const { channel } = (await created.json()) as { channel: { id: string; secretsSet: string[] } };
    expect(channel.secretsSet).toEqual(['secret']);
    await console_.call(
      `/api/admin/alerts/channels/${channel.id}`,
      json(admin, 'PATCH', { name: 'ops-hook', type: 'webhook', settings: { url: hook.url, format: 'slack' } }),
    );
    const list = await (await console_.call('/api/admin/alerts/channels', json(admin, 'GET'))).text();
    expect(list).not.toContain('hmac-key-42');
    expect(list).toContain('"secretsSet":["secret"]');
    const test = await console_.call(`/api/admin/alerts/channels/${channel.id}/test`, json(admin, 'POST'));
    expect(await test.json()).toMatchObject({ ok: true, status: 200 });
    expect(hook.received.at(-1)!.headers['x-console-signature']).toMatch(/^sha256=/);
    const log = await (await console_.call('/api/admin/alerts/deliveries', json(admin, 'GET'))).json();
    expect(log.results[0]).toMatchObject({ channel_name: 'ops-hook', kind: 'test', outcome: 'ok' });
    const audit = await getDb().db.selectFrom('audit').selectAll().where('action', 'like', 'alert.%').execute();
    expect(audit.map((a) => a.action)).toEqual(['alert.channel.create', 'alert.channel.update', 'alert.channel.test']);
    expect(JSON.stringify(audit)).not.toContain('hmac-key-42');
  });

  it('refuses a non-http(s) webhook and says so; a rule must name channels that exist', async () => {
    const bad = await console_.call(
      '/api/admin/alerts/channels',
      json(admin, 'POST', { name: 'bad', type: 'webhook', settings: { url: 'file:///etc/passwd' } }),
    );
    expect(bad.status).toBe(422);
    expect((await bad.json()).detail[0].msg).toMatch(/must be http:\/\/ or https:\/\/, not file:/);
    const rule = await console_.call(
      '/api/admin/alerts/rules',
      json(admin, 'POST', { name: 'gunfire', settings: { labels: ['gunshot'], channels: ['nope'] } }),
    );
    expect(rule.status).toBe(422);
    expect((await rule.json()).detail).toEqual([{ loc: ['body'], msg: 'No channel named "nope"' }]);
    const ok = await console_.call(
      '/api/admin/alerts/rules',
      json(admin, 'POST', {
        name: 'gunfire',
        settings: { labels: ['gunshot'], channels: ['ops-hook'], cooldown: '2m' },
      }),
    );
    expect(ok.status).toBe(201);
    expect((await ok.json()).rule.settings).toMatchObject({ cooldown: 120, min_mics: 1, storm_cap: 5 });
  });

  it('"send a test" to a receiver that is not listening says why, not "fetch failed"', async () => {
    const closed = await startHttpReceiver();
    const url = closed.url;
    await closed.close();
    const created = await console_.call(
      '/api/admin/alerts/channels',
      json(admin, 'POST', { name: 'gone-hook', type: 'webhook', settings: { url } }),
    );
    const { channel } = (await created.json()) as { channel: { id: string } };
    const test = await console_.call(`/api/admin/alerts/channels/${channel.id}/test`, json(admin, 'POST'));
    expect(await test.json()).toMatchObject({ ok: false, detail: 'ECONNREFUSED' });
    // A port fetch refuses to call carries its reason in words only.
    await console_.call(
      `/api/admin/alerts/channels/${channel.id}`,
      json(admin, 'PATCH', { name: 'gone-hook', type: 'webhook', settings: { url: 'http://127.0.0.1:25/hook' } }),
    );
    const refused = await console_.call(`/api/admin/alerts/channels/${channel.id}/test`, json(admin, 'POST'));
    expect(await refused.json()).toMatchObject({ ok: false, detail: 'bad port' });
  });
});
