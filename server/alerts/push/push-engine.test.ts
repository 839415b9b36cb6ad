import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedIn } from '../../testing/accounts.js';
import { describeEachDatabase } from '../../testing/databases.js';
import { pushReceiver } from '../../testing/push-receiver.js';
import { registerChannelSender } from '../channel.js';
import { Intake } from '../intake.js';
import { saveChannel } from '../store.js';
import { detection, rule as saveTestRule, workerOptions } from '../test-fixtures.js';
import { DeliveryWorker } from '../worker.js';
import { pushChannelSender } from './channel-sender.js';
import { PushSender } from './sender.js';
import { addDevice } from './subscriptions.js';

describeEachDatabase('a rule with a push channel, through the alerts engine', (getDb) => {
  let receiver: Awaited<ReturnType<typeof pushReceiver>>;
  beforeAll(async () => {
    receiver = await pushReceiver();
  });
  afterAll(() => receiver.close());

  it('pushes the first detection of an incident, then updates it under the same tag', async () => {
    const db = getDb();
    registerChannelSender(
      pushChannelSender(db, new PushSender({ db, subject: 'mailto:ops@example.org', rules: { allowPrivate: true } })),
    );
    const kim = await signedIn(db, 'operator');
    const phone = receiver.device();
    await addDevice(db, kim.accountId, { ...phone, name: 'Phone', language: 'ko' });
    await saveChannel(
      db,
      {
        name: 'phones',
        type: 'push',
        enabled: true,
        language: 'en',
        settings: { people: [kim.username] },
        secrets: {},
      },
      null,
    );
    const rule = await saveTestRule(db, 'gunfire', { labels: ['gunshot'], channels: ['phones'] });
    const worker = new DeliveryWorker(db, { ...workerOptions, publicUrl: 'https://console.example.org' });
    const intake = new Intake(db, { timeZone: () => 'UTC', queued: () => worker.kick() });
    worker.start();
    try {
      intake.offer([rule], [detection(1)], () => undefined);
      await intake.idle();
      await expect.poll(() => receiver.received.filter((r) => r.deviceId === phone.id).length).toBe(1);
      intake.offer([rule], [detection(2)], () => undefined);
      await intake.idle();
      // Later detections wait a moment (UPDATE_DELAY_MS), so a burst makes one update.
      await expect
        .poll(() => receiver.received.filter((r) => r.deviceId === phone.id).length, { timeout: 10_000 })
        .toBe(2);
    } finally {
      await worker.stop();
    }
    const [first, update] = receiver.received
      .filter((r) => r.deviceId === phone.id)
      .map((r) => r.json as { title: string; body: string; tag: string; url: string; renotify: boolean });
    expect(first!.title).toBe('높음: 총성'); // the rule's priority (high unless it says)
    expect(first!.url).toMatch(/^\/[^/]/);
    expect(first!.renotify).toBe(false);
    expect(update!.tag).toBe(first!.tag);
    expect(update!.body).toContain('마이크 2개에서 감지');
    const attempts = await db.db.selectFrom('alert_attempts').select('outcome').execute();
    expect(attempts.map((a) => a.outcome)).toEqual(['ok', 'ok']);
  });
});
