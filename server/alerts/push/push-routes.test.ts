import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedIn } from '../../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../../testing/console.js';
import { describeEachDatabase } from '../../testing/databases.js';
import { pushReceiver } from '../../testing/push-receiver.js';
import { recordingUpstream } from '../../testing/recording-upstream.js';
import { createWallLink } from '../../walls/wall-links.js';
import { WALL_COOKIE } from '../../walls/wall-access.js';

describeEachDatabase('a person’s push devices', (getDb) => {
  let upstream: Awaited<ReturnType<typeof recordingUpstream>>;
  let receiver: Awaited<ReturnType<typeof pushReceiver>>;
  let server: TestConsole;

  beforeAll(async () => {
    [upstream, receiver] = await Promise.all([recordingUpstream(), pushReceiver()]);
    server = await startTestConsole(getDb(), upstream.url, { PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' });
  });
  afterAll(async () => {
    await Promise.all([server.close(), upstream.close(), receiver.close()]);
  });

  const json = (body: unknown) => JSON.stringify(body);
  const subscribe = (cookie: string | undefined, device: { endpoint: string; keys: object }, name = 'Phone') =>
    server.call('/api/push/subscriptions', { method: 'POST', cookie, body: json({ ...device, name, language: 'ko' }) });

  it('who may: each route needs an account (401 anonymous, 403 wall link); any role may', async () => {
    const { key } = await createWallLink(getDb(), { name: 'Push wall', query: '', createdBy: null });
    const wall = `${WALL_COOKIE}=${key}`;
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/push/key'],
      ['GET', '/api/push/subscriptions'],
      ['POST', '/api/push/subscriptions', { ...receiver.device(), name: 'x', language: 'en' }],
      ['DELETE', '/api/push/subscriptions/some-id'],
      ['POST', '/api/push/subscriptions/some-id/test'],
      ['GET', '/api/push/preferences'],
      ['PATCH', '/api/push/preferences', { enabled: true, labels: [], minPriority: 'high' }],
    ];
    for (const [method, path, body] of routes) {
      const init = { method, body: body === undefined ? undefined : json(body) };
      expect((await server.call(path, init)).status, `${method} ${path}`).toBe(401);
      expect((await server.call(path, { ...init, cookie: wall })).status, `${method} ${path} wall`).toBe(403);
    }
    for (const role of ['viewer', 'operator', 'admin'] as const) {
      const { cookie } = await signedIn(getDb(), role);
      expect((await server.call('/api/push/key', { cookie })).status, role).toBe(200);
      expect((await subscribe(cookie, receiver.device())).status, role).toBe(201);
    }
  });

  it('keeps one VAPID key, and a test to one’s own device arrives encrypted and signed with it', async () => {
    const { cookie } = await signedIn(getDb(), 'viewer');
    const { publicKey } = (await (await server.call('/api/push/key', { cookie })).json()) as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const again = (await (await server.call('/api/push/key', { cookie })).json()) as { publicKey: string };
    expect(again.publicKey).toBe(publicKey);

    const phone = receiver.device();
    const created = await subscribe(cookie, phone, 'My phone');
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const list = (await (await server.call('/api/push/subscriptions', { cookie })).json()) as {
      devices: { id: string; name: string; language: string }[];
    };
    expect(list.devices).toEqual([expect.objectContaining({ id, name: 'My phone', language: 'ko' })]);
    expect(JSON.stringify(list)).not.toContain(phone.keys.auth);

    const test = await server.call(`/api/push/subscriptions/${id}/test`, { method: 'POST', cookie });
    expect(test.status).toBe(200);
    const got = receiver.received.filter((r) => r.deviceId === phone.id);
    expect(got).toHaveLength(1);
    expect(got[0]!.vapidKey).toBe(publicKey);
    expect(got[0]!.json).toMatchObject({ v: 1, title: '테스트 알림', tag: `test-${id}`, url: '/' });
  });

  it('another person’s device is not found: not listed, not removed, not tested', async () => {
    const alice = await signedIn(getDb(), 'operator');
    const bob = await signedIn(getDb(), 'admin');
    const created = await subscribe(alice.cookie, receiver.device(), 'Alice’s phone');
    const { id } = (await created.json()) as { id: string };
    const bobs = (await (await server.call('/api/push/subscriptions', { cookie: bob.cookie })).json()) as {
      devices: unknown[];
    };
    expect(bobs.devices).toEqual([]);
    const before = receiver.received.length;
    expect(
      (await server.call(`/api/push/subscriptions/${id}/test`, { method: 'POST', cookie: bob.cookie })).status,
    ).toBe(404);
    expect((await server.call(`/api/push/subscriptions/${id}`, { method: 'DELETE', cookie: bob.cookie })).status).toBe(
      404,
    );
    expect(receiver.received.length).toBe(before);
    expect(
      (await server.call(`/api/push/subscriptions/${id}`, { method: 'DELETE', cookie: alice.cookie })).status,
    ).toBe(200);
    expect(
      (await server.call(`/api/push/subscriptions/${id}`, { method: 'DELETE', cookie: alice.cookie })).status,
    ).toBe(404);
  });

  it('refuses endpoints that are not https (loopback http only with the test setting) and bad keys', async () => {
    const { cookie } = await signedIn(getDb(), 'viewer');
    const device = receiver.device();
    for (const endpoint of [
      'http://push.example.org/x',
      'ftp://push.example.org/x',
      'https://user:pw@push.example.org/x',
      'nonsense',
    ]) {
      const response = await subscribe(cookie, { ...device, endpoint });
      expect(response.status, endpoint).toBe(422);
    }
    expect((await subscribe(cookie, { ...device, keys: { p256dh: 'short', auth: device.keys.auth } })).status).toBe(
      422,
    );
  });

  it('a subscription the push service says is gone (410) is removed; a redirect is not followed', async () => {
    const { cookie } = await signedIn(getDb(), 'viewer');
    const gone = receiver.device();
    const moved = receiver.device();
    receiver.answer(gone.id, 410);
    receiver.answer(moved.id, 301);
    const goneId = ((await (await subscribe(cookie, gone, 'Old')).json()) as { id: string }).id;
    const movedId = ((await (await subscribe(cookie, moved, 'Moved')).json()) as { id: string }).id;
    expect((await server.call(`/api/push/subscriptions/${goneId}/test`, { method: 'POST', cookie })).status).toBe(410);
    const redirected = await server.call(`/api/push/subscriptions/${movedId}/test`, { method: 'POST', cookie });
    expect(redirected.status).toBe(502);
    expect(((await redirected.json()) as { detail: string }).detail).toContain('301');
    const list = (await (await server.call('/api/push/subscriptions', { cookie })).json()) as {
      devices: { id: string; lastError: string | null }[];
    };
    expect(list.devices.map((d) => d.id)).toEqual([movedId]);
    expect(list.devices[0]!.lastError).toContain('301');
  });

  it('keeps one’s own choices: labels and a minimum priority', async () => {
    const { cookie } = await signedIn(getDb(), 'viewer');
    const initial = await (await server.call('/api/push/preferences', { cookie })).json();
    expect(initial).toEqual({ enabled: false, labels: [], minPriority: 'high' });
    const body = { enabled: true, labels: ['gunshot', 'gunshot', 'explosion'], minPriority: 'critical' };
    const saved = await server.call('/api/push/preferences', { method: 'PATCH', cookie, body: json(body) });
    const kept = { enabled: true, labels: ['gunshot', 'explosion'], minPriority: 'critical' };
    expect(await saved.json()).toEqual(kept);
    expect(await (await server.call('/api/push/preferences', { cookie })).json()).toEqual(kept);
    const bad = await server.call('/api/push/preferences', {
      method: 'PATCH',
      cookie,
      body: json({ ...body, minPriority: 'urgent' }),
    });
    expect(bad.status).toBe(422);
  });
});
