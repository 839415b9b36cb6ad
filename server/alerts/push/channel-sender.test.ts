import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChannelConfig } from '../channel.js';
import { alertMessage } from '../test-fixtures.js';
import { signedIn } from '../../testing/accounts.js';
import { describeEachDatabase } from '../../testing/databases.js';
import { pushReceiver } from '../../testing/push-receiver.js';
import { pushChannelSender, validatePushSettings } from './channel-sender.js';
import { PushSender } from './sender.js';
import { addDevice, savePreferences } from './subscriptions.js';

const message = alertMessage({
  kind: 'escalation',
  alertId: 'al-1',
  place: { name: 'Mic <b>7</b>', latitude: 37.5, longitude: 127, estimated: false },
  heardBy: 1,
  detections: 3,
  link: 'https://console.example.org/composite-events/ce-9?from=alert',
  acknowledgeLink: 'https://console.example.org/alerts/al-1/ack',
  step: 1,
});

describeEachDatabase('the push channel type', (getDb) => {
  let receiver: Awaited<ReturnType<typeof pushReceiver>>;
  beforeAll(async () => {
    receiver = await pushReceiver();
  });
  afterAll(() => receiver.close());

  it('checks its settings', () => {
    expect(validatePushSettings({ people: ['kim'] })).toBeNull();
    expect(validatePushSettings({})).toBeNull();
    expect(validatePushSettings({ people: 'kim' })).toMatch(/people/);
    expect(validatePushSettings({ people: ['kim'], url: 'http://x' })).toMatch(/url/);
  });

  it('pushes the engine’s message to the people it names and to those who asked, as a path on this console', async () => {
    const db = getDb();
    const sender = pushChannelSender(
      db,
      new PushSender({ db, subject: 'mailto:a@example.org', rules: { allowPrivate: true } }),
    );
    const kim = await signedIn(db, 'viewer', `kim-${Date.now()}`);
    const lee = await signedIn(db, 'viewer');
    const park = await signedIn(db, 'viewer');
    const [kimPhone, leePhone, parkPhone] = [receiver.device(), receiver.device(), receiver.device()];
    await addDevice(db, kim.accountId, { ...kimPhone, name: 'Phone', language: 'ko' });
    await addDevice(db, lee.accountId, { ...leePhone, name: 'Phone', language: 'en' });
    await addDevice(db, park.accountId, { ...parkPhone, name: 'Phone', language: 'en' });
    await savePreferences(db, lee.accountId, { enabled: true, labels: ['gunshot'], minPriority: 'critical' });
    const channel: ChannelConfig = {
      id: 'c1',
      name: 'phones',
      type: 'push',
      settings: { people: [kim.username.toUpperCase()] },
      secrets: {},
      language: 'en',
    };

    const outcome = await sender.send(message, channel, new AbortController().signal);
    expect(outcome).toMatchObject({ ok: true, retry: false });
    const byDevice = new Map(receiver.received.map((r) => [r.deviceId, r.json]));
    expect(byDevice.get(kimPhone.id)).toEqual({
      v: 1,
      title: '긴급: 총성 (미확인 재알림)',
      body: 'Mic <b>7</b> · 마이크 1개에서 감지',
      tag: 'al-1',
      url: '/composite-events/ce-9?from=alert',
      renotify: true,
      at: message.lastAt,
    });
    expect(byDevice.get(leePhone.id)).toMatchObject({ title: 'Critical: Gunshot (not yet acknowledged)' });
    expect(byDevice.has(parkPhone.id)).toBe(false);

    const none = await sender.send(
      message,
      { ...channel, settings: { people: ['nobody'], preferences: false } },
      new AbortController().signal,
    );
    expect(none).toMatchObject({ ok: true, detail: 'No device subscribed for these people.' });
  });
});
