import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { Intake } from './intake.js';
import { registerSenders } from './senders.js';
import { detection, rule, webhookChannel } from './test-fixtures.js';

registerSenders({ url: null, from: null }, () => 'UTC');

/**
 * Two intakes at once: while the edge's reader changes hands, the old reader may still be taking
 * its last page as the new one takes its first. The database must keep the rule's promises then:
 * one alert per incident, and no more alerts a minute than the storm cap.
 */
describeEachDatabase('two intakes on one database', (getDb) => {
  it('open one alert per incident and never more than the storm cap between them', async () => {
    const db = getDb();
    await webhookChannel(db, 'hook', 'http://127.0.0.1:9/never-sent');
    const capped = await rule(db, 'capped', { labels: ['explosion'], channels: ['hook'], storm_cap: 3 });
    const grouped = await rule(db, 'grouped', { labels: ['gunshot'], channels: ['hook'], storm_cap: 100 });
    const intakes = [0, 1].map(() => new Intake(db, { timeZone: () => 'UTC', queued: () => undefined }));
    // Far-apart explosions, each its own incident; one gunshot incident heard on 4 nearby mics.
    const storm = Array.from({ length: 20 }, (_, i) => detection(100 + i * 50, { label: 'explosion' }));
    const incident = Array.from({ length: 8 }, (_, i) => detection(1 + (i % 4)));
    for (let i = 0; i < 20; i += 1) {
      const intake = intakes[i % 2]!;
      intake.offer([capped], [storm[i]!], () => undefined);
      if (i < incident.length) intake.offer([grouped], [incident[i]!], () => undefined);
    }
    await Promise.all(intakes.map((intake) => intake.idle()));

    const opened = await db.db
      .selectFrom('alerts')
      .select(['rule_id', 'state', 'detections'])
      .where('kind', '=', 'incident')
      .execute();
    const ofCapped = opened.filter((a) => a.rule_id === capped.id && a.state === 'open');
    expect(ofCapped).toHaveLength(3);
    const storms = await db.db.selectFrom('alert_storm').selectAll().where('rule_id', '=', capped.id).execute();
    expect(storms.reduce((sum, s) => sum + s.sent, 0)).toBe(3);
    expect(storms.reduce((sum, s) => sum + s.sent + s.suppressed, 0)).toBe(20);
    const ofGrouped = opened.filter((a) => a.rule_id === grouped.id);
    expect(ofGrouped.map((a) => a.detections)).toEqual([8]);
    const queued = await db.db.selectFrom('alert_deliveries').select('kind').where('kind', '=', 'alert').execute();
    expect(queued).toHaveLength(4);
  });
});
