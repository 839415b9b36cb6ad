import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedIn } from '../../testing/accounts.js';
import { describeEachDatabase } from '../../testing/databases.js';
import { pushReceiver, type TestDevice } from '../../testing/push-receiver.js';
import type { PushAlert } from './messages.js';
import { PushSender } from './sender.js';
import { setDisabled } from '../../auth/accounts.js';
import { addDevice, savePreferences } from './subscriptions.js';
import { vapidKeys } from './vapid-keys.js';

describeEachDatabase('the push channel', (getDb) => {
  let receiver: Awaited<ReturnType<typeof pushReceiver>>;
  let sender: PushSender;
  beforeAll(async () => {
    receiver = await pushReceiver();
    sender = new PushSender({ db: getDb(), subject: 'mailto:ops@example.org', rules: { allowPrivate: true } });
  });
  afterAll(() => receiver.close());

  const alert: PushAlert = {
    alertId: 'alert-7',
    label: 'gunshot',
    priority: 'critical',
    place: 'North gate',
    heardBy: 4,
    at: '2026-11-26T03:00:00.000Z',
    path: '/composite-events/ce-7',
  };

  async function person(language: 'en' | 'ko', prefs?: Parameters<typeof savePreferences>[2]) {
    const { accountId, cookie } = await signedIn(getDb(), 'viewer');
    const device = receiver.device();
    await addDevice(getDb(), accountId, { endpoint: device.endpoint, keys: device.keys, name: 'Phone', language });
    if (prefs !== undefined) await savePreferences(getDb(), accountId, prefs);
    return { accountId, cookie, device };
  }
  const got = (device: TestDevice) => receiver.received.filter((r) => r.deviceId === device.id);

  it('makes the VAPID keys once, even when asked many times at once', async () => {
    const keys = await Promise.all(Array.from({ length: 6 }, () => vapidKeys(getDb())));
    expect(new Set(keys.map((k) => k.publicKey)).size).toBe(1);
    const rows = await getDb().db.selectFrom('push_keys').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('reaches the people a rule names and those whose own choices match, each in their language', async () => {
    const named = await person('en');
    const wantsGunshots = await person('ko', { enabled: true, labels: ['gunshot'], minPriority: 'high' });
    const wantsOthers = await person('en', { enabled: true, labels: ['explosion'], minPriority: 'low' });
    const onlyMedium = await person('en', { enabled: true, labels: [], minPriority: 'low' });
    const switchedOff = await person('en', { enabled: false, labels: ['gunshot'], minPriority: 'low' });

    const recipients = await sender.recipients(alert, [named.accountId]);
    expect(recipients).toEqual(
      expect.arrayContaining([named.accountId, wantsGunshots.accountId, onlyMedium.accountId]),
    );
    expect(recipients).not.toContain(wantsOthers.accountId);
    expect(recipients).not.toContain(switchedOff.accountId);
    expect(await sender.recipients({ label: 'gunshot', priority: 'medium' }, [])).not.toContain(
      wantsGunshots.accountId,
    );

    const attempts = await sender.sendAlert(alert, [named.accountId, wantsGunshots.accountId]);
    expect(attempts.map((a) => a.outcome.kind)).toEqual(['delivered', 'delivered']);
    const [english] = got(named.device);
    const [korean] = got(wantsGunshots.device);
    expect(english!.json).toEqual({
      v: 1,
      title: 'Critical: Gunshot',
      body: 'North gate · heard by 4 mics',
      tag: 'alert-7',
      url: '/composite-events/ce-7',
      renotify: false,
      at: alert.at,
    });
    expect(korean!.json).toMatchObject({
      title: '긴급: 총성',
      body: 'North gate · 마이크 4개에서 감지',
      tag: 'alert-7',
    });
    expect(english!.claims).toMatchObject({ aud: receiver.base, sub: 'mailto:ops@example.org' });
    expect(english!.headers.urgency).toBe('high');
    expect(english!.headers.topic).toBe(korean!.headers.topic);
    // Nothing of the sessions or the edge's token travels: only the payload above is there to read.
    const sent = JSON.stringify([english!.json, korean!.json]);
    for (const secret of [named.cookie.split('=')[1]!, wantsGunshots.cookie.split('=')[1]!, 'edge-token'])
      expect(sent).not.toContain(secret);
  });

  it('an escalation rings again under the same tag; a link off the console becomes the home page', async () => {
    const someone = await person('en');
    await sender.sendAlert({ ...alert, step: 1, path: 'https://evil.example/x' }, [someone.accountId]);
    await sender.sendAlert({ ...alert, step: 2, path: '//evil.example/x', takenBy: 'kim' }, [someone.accountId]);
    const [first, second] = got(someone.device).map(
      (r) => r.json as { renotify: boolean; url: string; tag: string; body: string },
    );
    expect(first).toMatchObject({ renotify: true, url: '/', tag: 'alert-7' });
    expect(second).toMatchObject({ renotify: true, url: '/', body: 'North gate · heard by 4 mics · taken by kim' });
  });

  it('forgets a device whose subscription is gone, and a dead service does not hold up the others', async () => {
    const gone = await person('en');
    const slow = await person('en');
    const fine = await person('en');
    receiver.answer(gone.device.id, 410);
    receiver.answer(slow.device.id, 503);
    const attempts = await sender.sendAlert(alert, [gone.accountId, slow.accountId, fine.accountId]);
    const byAccount = Object.fromEntries(attempts.map((a) => [a.accountId, a.outcome]));
    expect(byAccount[gone.accountId]!.kind).toBe('gone');
    expect(byAccount[slow.accountId]).toMatchObject({ kind: 'failed', status: 503, retryable: true });
    expect(byAccount[fine.accountId]!.kind).toBe('delivered');
    const left = await getDb().db.selectFrom('push_subscriptions').select('account_id').execute();
    expect(left.map((r) => r.account_id)).not.toContain(gone.accountId);
  });

  it('a disabled account’s devices get nothing, even when a rule names it', async () => {
    const leaver = await person('en', { enabled: true, labels: [], minPriority: 'low' });
    await setDisabled(getDb(), leaver.accountId, true);
    expect(await sender.recipients(alert, [])).not.toContain(leaver.accountId);
    expect(await sender.sendAlert(alert, [leaver.accountId])).toEqual([]);
    expect(got(leaver.device)).toEqual([]);
  });
});
