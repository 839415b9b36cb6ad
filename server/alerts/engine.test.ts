import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { acknowledgeAlert, escalationPass } from './escalation.js';
import { Intake } from './intake.js';
import { registerSenders } from './senders.js';
import { saveChannel } from './store.js';
import { detection, rule, settle, webhookChannel, workerOptions } from './test-fixtures.js';
import { startHttpReceiver, startSmtpReceiver, type HttpReceiver, type SmtpReceiver } from './test-receivers.js';
import { DeliveryWorker } from './worker.js';
import { DELIVERY_HEADER } from './webhook.js';
import { act } from '../review/store.js';

registerSenders({ url: null, from: null }, () => 'UTC');

describeEachDatabase('alerts engine', (getDb) => {
  let hook: HttpReceiver;
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    hook = await startHttpReceiver();
    smtp = await startSmtpReceiver();
    const db = getDb();
    await webhookChannel(db, 'hook', hook.url, { secret: 'sign-me' });
    await saveChannel(
      db,
      {
        name: 'mail',
        type: 'email',
        enabled: true,
        language: 'ko',
        settings: { to: ['night@example.org'], smtp_url: smtp.url },
        secrets: { password: 'smtp-pass-123' },
      },
      null,
    );
  });
  afterAll(async () => {
    await hook.close();
    await smtp.close();
  });

  it('a burst of 20 detections of one incident on 4 mics makes one alert, then one update with the count', async () => {
    const db = getDb();
    hook.received.length = 0;
    const gunfire = await rule(db, 'burst', { labels: ['gunshot'], channels: ['hook'] });
    const intake = new Intake(db, { timeZone: () => 'UTC', queued: () => undefined });
    const worker = new DeliveryWorker(db, workerOptions);
    worker.start();
    intake.offer([gunfire], [detection(1)], () => undefined);
    await intake.idle();
    await hook.waitFor(1);
    const burst = Array.from({ length: 19 }, (_, i) => detection(1 + (i % 4)));
    // Both replicas may read the same events: each is taken once.
    intake.offer([gunfire], [...burst, ...burst], () => undefined);
    await intake.idle();
    await settle(worker, db);
    await worker.stop();
    const alerts = await db.db.selectFrom('alerts').selectAll().where('rule_id', '=', gunfire.id).execute();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ detections: 20, state: 'open' });
    const bodies = hook.received.map(
      (r) => r.json as { type: string; alert: { alertId: string; detections: number; heardBy: number } },
    );
    expect(bodies[0]!.type).toBe('alert.alert');
    expect(bodies.slice(1).every((b) => b.type === 'alert.update')).toBe(true);
    expect(bodies.length).toBeLessThanOrEqual(3);
    expect(new Set(bodies.map((b) => b.alert.alertId)).size).toBe(1);
    expect(bodies.at(-1)!.alert).toMatchObject({ detections: 20, heardBy: 4 });
    // Content: nothing secret ever reaches a receiver.
    const everything = hook.received.map((r) => r.body + JSON.stringify(r.headers)).join('\n');
    for (const secret of ['sign-me', 'smtp-pass-123', 'edge-token', 'hunter2', 'session'])
      expect(everything).not.toContain(secret);
  });

  it('a storm of 1,000 detections far apart sends no more than the cap, then one summary', async () => {
    const db = getDb();
    hook.received.length = 0;
    const storm = await rule(db, 'storm', { labels: ['explosion'], channels: ['hook'], storm_cap: 3, radius_m: 10 });
    // The cap is per minute: the intake's clock stays on one, however long 1,000 detections take
    // (on a loaded PostgreSQL they crossed into the next minute, which rightly allowed 3 more).
    const stormAt = new Date();
    const intake = new Intake(db, { timeZone: () => 'UTC', now: () => stormAt, queued: () => undefined });
    const detections = Array.from({ length: 1000 }, (_, i) => detection(100 + i * 50, { label: 'explosion' }));
    const started = Date.now();
    intake.offer([storm], detections, () => undefined);
    await intake.idle();
    console.log(`1,000 detections taken in ${Date.now() - started} ms`);
    const worker = new DeliveryWorker(db, workerOptions);
    worker.start();
    await settle(worker, db);
    expect(hook.received).toHaveLength(3);
    // The next minute: one summary of the rest.
    expect(await escalationPass(db, new Date(stormAt.getTime() + 61_000))).toBe(1);
    await settle(worker, db);
    await worker.stop();
    expect(hook.received).toHaveLength(4);
    expect(hook.received[3]!.json).toMatchObject({ type: 'alert.summary', alert: { suppressed: 997 } });
  }, 60_000);

  it("a storm's summary names none of the incidents held back in other minutes", async () => {
    const db = getDb();
    const calm = await rule(db, 'storm-then-calm', { labels: ['car_horn'], channels: ['hook'], storm_cap: 1 });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    const before = new Intake(db, { timeZone: () => 'UTC', now: () => twoDaysAgo, queued: () => undefined });
    before.offer([calm], [detection(2000, { label: 'car_horn' })], () => undefined);
    await before.idle();
    // An incident held back two days ago, somewhere else.
    await db.db
      .updateTable('alerts')
      .set({ state: 'suppressed', label: 'held-two-days-ago', created_at: twoDaysAgo.toISOString() })
      .where('rule_id', '=', calm.id)
      .execute();
    const stormAt = new Date();
    const now = new Intake(db, { timeZone: () => 'UTC', now: () => stormAt, queued: () => undefined });
    now.offer(
      [calm],
      [2100, 2200, 2300].map((mic) => detection(mic, { label: 'car_horn' })),
      () => undefined,
    );
    await now.idle();
    await escalationPass(db, new Date(stormAt.getTime() + 61_000));
    const summary = await db.db
      .selectFrom('alerts')
      .selectAll()
      .where('rule_id', '=', calm.id)
      .where('kind', '=', 'summary')
      .where('first_at', '>=', new Date(stormAt.getTime() - 60_000).toISOString())
      .executeTakeFirstOrThrow();
    expect(summary).toMatchObject({ suppressed: 2, label: 'car_horn' });
    // Nothing of this rule's is left queued for the tests after it.
    await db.db
      .updateTable('alert_deliveries')
      .set({ state: 'cancelled' })
      .where('alert_id', 'in', db.db.selectFrom('alerts').select('id').where('rule_id', '=', calm.id))
      .execute();
  });

  it('escalates once per step across two replicas, to email in the recipient language; acknowledging stops it', async () => {
    const db = getDb();
    hook.received.length = 0;
    const esc = await rule(db, 'escalating', {
      labels: ['scream'],
      channels: ['hook'],
      escalate: [
        { after: '1s', channels: ['mail'] },
        { after: '1s', channels: ['hook'] },
      ],
    });
    const intake = new Intake(db, { timeZone: () => 'UTC', queued: () => undefined });
    intake.offer([esc], [detection(1, { label: 'scream' })], () => undefined);
    await intake.idle();
    const [alert] = await db.db.selectFrom('alerts').selectAll().where('rule_id', '=', esc.id).execute();
    const later = new Date(Date.now() + 1500);
    // Two replicas' ticks at once: the step is claimed by one.
    const queued = await Promise.all([escalationPass(db, later), escalationPass(db, later)]);
    expect(queued[0]! + queued[1]!).toBe(1);
    const a = new DeliveryWorker(db, workerOptions);
    const b = new DeliveryWorker(db, workerOptions);
    a.start();
    b.start();
    await settle(a, db);
    await smtp.waitFor(1);
    expect(smtp.mails.at(-1)!.subject).toContain('총성');
    expect(smtp.mails.at(-1)!.text).toContain('아직 확인되지 않음');
    expect(await acknowledgeAlert(db, alert!.id, 'kim')).toBe('ok');
    expect(await acknowledgeAlert(db, alert!.id, 'lee')).toBe('already');
    // Step 2 would be due now, but it was taken: nothing more escalates, the channels told hear who.
    expect(await escalationPass(db, new Date(Date.now() + 5000))).toBe(0);
    await settle(a, db);
    await a.stop();
    await b.stop();
    const kinds = hook.received.map((r) => (r.json as { type: string }).type);
    expect(kinds).toEqual(['alert.alert', 'alert.acknowledged']);
    expect(hook.received.at(-1)!.json).toMatchObject({ alert: { acknowledgedBy: 'kim' } });
    const attempts = await db.db
      .selectFrom('alert_attempts')
      .select(['delivery_id'])
      .where('alert_id', '=', alert!.id)
      .execute();
    expect(new Set(attempts.map((r) => r.delivery_id)).size).toBe(attempts.length);
  });

  it('stops escalating when any composite the alert took is acknowledged in review, not only its first', async () => {
    const db = getDb();
    const esc = await rule(db, 'composite-escalation', {
      source: 'composites',
      labels: ['glass_break'],
      // Nothing sent at first, so the tests after this one find the queue as they left it.
      channels: [],
      escalate: [{ after: '1s', channels: ['hook'] }],
    });
    const intake = new Intake(db, { timeZone: () => 'UTC', queued: () => undefined });
    // Two composite events of one incident (near mics): the second joins the alert the first opened.
    const composite = (id: string, mic: number, size: number) =>
      detection(mic, { id: `${id}:${size}`, itemId: id, itemKind: 'composite', label: 'glass_break' });
    intake.offer([esc], [composite('ce-first', 1, 3), composite('ce-second', 2, 4)], () => undefined);
    await intake.idle();
    const [alert] = await db.db.selectFrom('alerts').selectAll().where('rule_id', '=', esc.id).execute();
    expect(alert).toMatchObject({ item_kind: 'composite', item_id: 'ce-first', state: 'open' });
    const acknowledged = await act(
      db,
      { kind: 'composite', id: 'ce-second' },
      { action: 'acknowledge', expected_version: 0, fired_at: alert!.first_at },
      'park',
      alert!.first_at,
    );
    expect(acknowledged.status).toBe('ok');
    expect(await escalationPass(db, new Date(Date.now() + 1500))).toBe(0);
    const after = await db.db.selectFrom('alerts').selectAll().where('id', '=', alert!.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ state: 'acknowledged', acknowledged_by: 'park' });
  });

  it('sends no update to a channel whose escalation step was cancelled: it was never told', async () => {
    const db = getDb();
    const { quiet, intake, alert } = await escalatingAlert(db, 'quiet-then-update', 'siren');
    expect(await acknowledgeAlert(db, alert.id, 'yoon')).toBe('ok');
    intake.offer([quiet], [detection(2, { label: 'siren' })], () => undefined);
    await intake.idle();
    const rows = await db.db
      .selectFrom('alert_deliveries')
      .select(['kind', 'state'])
      .where('alert_id', '=', alert.id)
      .execute();
    expect(rows).toEqual([{ kind: 'escalation', state: 'cancelled' }]);
  });

  it('an escalation failing while it is acknowledged is not sent again after', async () => {
    const db = getDb();
    const { alert } = await escalatingAlert(db, 'late-escalation', 'help_call');
    // The receiver is slow and then refuses: the step is being sent when someone takes the alert.
    hook.received.length = 0;
    hook.delayMs = 400;
    let arrived = false;
    hook.status = () => {
      arrived = true;
      return 503;
    };
    const worker = new DeliveryWorker(db, workerOptions);
    worker.start();
    try {
      const sending = async () =>
        (
          await db.db
            .selectFrom('alert_deliveries')
            .select('state')
            .where('alert_id', '=', alert.id)
            .where('kind', '=', 'escalation')
            .execute()
        ).map((r) => r.state);
      // At the receiver, its answer (a refusal) not yet given.
      await expect.poll(() => arrived, { timeout: 5_000, interval: 20 }).toBe(true);
      expect(await sending()).toEqual(['sending']);
      expect(await acknowledgeAlert(db, alert.id, 'choi')).toBe('ok');
      hook.status = 200;
      hook.delayMs = 0;
      await settle(worker, db);
      expect(await sending()).toEqual(['cancelled']);
      expect(hook.received.map((r) => (r.json as { type: string }).type)).not.toContain('alert.escalation');
    } finally {
      hook.status = 200;
      hook.delayMs = 0;
      await worker.stop();
    }
  });

  it('sends each queued message once when two replicas look at the queue at the same moment', async () => {
    const db = getDb();
    hook.received.length = 0;
    const both = await rule(db, 'both-workers', { labels: ['explosion'], channels: ['hook'], storm_cap: 50 });
    const intake = new Intake(db, { timeZone: () => 'UTC', queued: () => undefined });
    // Kilometres apart: twelve incidents, twelve messages queued at once.
    const far = Array.from({ length: 12 }, (_, i) => detection(100 + i * 10, { label: 'explosion' }));
    intake.offer([both], far, () => undefined);
    await intake.idle();
    const a = new DeliveryWorker(db, workerOptions);
    const b = new DeliveryWorker(db, workerOptions);
    // Both read the same twelve pending rows before either claims one: only the claim keeps them apart.
    a.kick();
    b.kick();
    await settle(a, db);
    await a.stop();
    await b.stop();
    const ids = hook.received.map((r) => String(r.headers[DELIVERY_HEADER]));
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
  });

  /** An open alert whose rule tells nobody at first and escalates to the hook, its first step queued. */
  async function escalatingAlert(db: ReturnType<typeof getDb>, name: string, label: string) {
    const quiet = await rule(db, name, {
      labels: [label],
      channels: [],
      escalate: [{ after: '1s', channels: ['hook'] }],
    });
    const intake = new Intake(db, { timeZone: () => 'UTC', queued: () => undefined });
    intake.offer([quiet], [detection(1, { label })], () => undefined);
    await intake.idle();
    const alert = await db.db
      .selectFrom('alerts')
      .selectAll()
      .where('rule_id', '=', quiet.id)
      .executeTakeFirstOrThrow();
    expect(await escalationPass(db, new Date(Date.now() + 1500))).toBe(1);
    return { quiet, intake, alert };
  }

  /** A rule sending `label` to the hook, one detection of it, and the worker until nothing is left to send. */
  async function deliverOne(db: ReturnType<typeof getDb>, name: string, label: string) {
    const made = await rule(db, name, { labels: [label], channels: ['hook'] });
    const intake = new Intake(db, { timeZone: () => 'UTC', queued: () => undefined });
    intake.offer([made], [detection(1, { label })], () => undefined);
    await intake.idle();
    const worker = new DeliveryWorker(db, workerOptions);
    worker.start();
    await settle(worker, db);
    await worker.stop();
    return made;
  }

  it('retries a 5xx with back-off, gives up after the set number and logs each attempt', async () => {
    const db = getDb();
    hook.received.length = 0;
    hook.status = 503;
    const flaky = await deliverOne(db, 'flaky', 'siren');
    hook.status = 200;
    const [alert] = await db.db.selectFrom('alerts').select('id').where('rule_id', '=', flaky.id).execute();
    const log = await db.db
      .selectFrom('alert_attempts')
      .selectAll()
      .where('alert_id', '=', alert!.id)
      .orderBy('at')
      .execute();
    expect(log.map((r) => r.outcome)).toEqual(['retry', 'retry', 'failed']);
    expect(log[0]).toMatchObject({ status: 503, detail: 'HTTP 503' });
    const delivery = await db.db
      .selectFrom('alert_deliveries')
      .selectAll()
      .where('alert_id', '=', alert!.id)
      .executeTakeFirstOrThrow();
    expect(delivery.state).toBe('failed');
  });

  it('names the queued delivery in a header, the same on the retry that gets through', async () => {
    const db = getDb();
    hook.received.length = 0;
    let calls = 0;
    hook.status = () => (++calls === 1 ? 503 : 200);
    const once = await deliverOne(db, 'once', 'glass_break');
    hook.status = 200;
    const delivery = await db.db
      .selectFrom('alert_deliveries')
      .innerJoin('alerts', 'alerts.id', 'alert_deliveries.alert_id')
      .select(['alert_deliveries.id', 'alert_deliveries.state', 'alert_deliveries.attempts'])
      .where('alerts.rule_id', '=', once.id)
      .executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ state: 'sent', attempts: 2 });
    expect(hook.received.map((r) => r.headers[DELIVERY_HEADER])).toEqual([delivery.id]);
  });
});
