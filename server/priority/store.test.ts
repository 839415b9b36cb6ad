import { expect, it } from 'vitest';
import { act } from '../review/store.js';
import { describeEachDatabase } from '../testing/databases.js';
import { priorityOf, prioritizerFor } from './index.js';
import { hourOfWeek, precisionReport, readSettings, writeSettings } from './store.js';

/** Gunshots heard by two mics: critical, until the outcomes teach otherwise. */
const gunshotAt = (id: string, mic: string, at: string) => ({
  id,
  started_at: at,
  events: [mic, 'm8'].map((heard) => ({ id: `${id}-${heard}`, label_id: 'gunshot', mic_id: heard })),
});

describeEachDatabase('priority store', (getDb) => {
  it('teaches precision per label, mic and hour of the week from resolved outcomes, and scores a false-alarm mic lower', async () => {
    const db = getDb();
    const at = new Date(Date.now() - 3_600_000).toISOString();
    // Ten lone gunshots at mic m9: nine false alarms and one real; a test outcome counts apart.
    for (let i = 0; i < 11; i++) {
      const id = `g${i}`;
      expect(await priorityOf(db, 'composite', gunshotAt(id, 'm9', at))).toMatchObject({
        level: 'critical',
        review: true,
      });
      const outcome = i === 0 ? 'real_incident' : i === 10 ? 'test' : 'false_alarm';
      await act(db, { kind: 'composite', id }, { action: 'resolve', expected_version: 0, outcome }, 'kim', at);
    }
    // One still open counts nowhere.
    await priorityOf(db, 'composite', gunshotAt('open', 'm9', at));
    const report = await precisionReport(db);
    expect(report.resolved).toBe(11);
    expect(report.by_label).toEqual([{ label: 'gunshot', real: 1, false_alarms: 9, tests: 1, precision: 0.1 }]);
    expect(report.by_mic).toEqual(
      ['m9', 'm8'].map((mic_id) => ({ label: 'gunshot', mic_id, real: 1, false_alarms: 9, tests: 1, precision: 0.1 })),
    );
    expect(report.by_hour).toEqual([
      { hour_of_week: hourOfWeek(at), real: 1, false_alarms: 9, tests: 1, precision: 0.1 },
    ]);

    prioritizerFor(db).invalidate();
    const next = await priorityOf(db, 'composite', gunshotAt('g-next', 'm9', at));
    expect(next).toMatchObject({ level: 'high', score: 55, review: true });
    expect(next?.summary).toBe('High: gunshot · heard by 2 mics · 9 of 10 at m9 were false alarms');
    // Two other mics' gunshots are not tarred with m9's and m8's record.
    const other = {
      id: 'g-other',
      started_at: at,
      events: ['m1', 'm2'].map((mic_id) => ({ label_id: 'gunshot', mic_id })),
    };
    expect(await priorityOf(db, 'composite', other)).toMatchObject({ level: 'critical' });
  });

  it('keeps admin settings over the defaults, and says what changed', async () => {
    const db = getDb();
    expect(await readSettings(db)).toMatchObject({
      reviewLevel: 'high',
      severities: { gunshot: 'critical', dog_bark: 'low' },
    });
    expect(
      await writeSettings(
        db,
        { reviewLevel: 'critical', severities: { dog_bark: 'high', car_horn: 'medium' } },
        'root',
      ),
    ).toEqual({
      review_level: { from: 'high', to: 'critical' },
      'severity:dog_bark': { from: 'low', to: 'high' },
    });
    const settings = await readSettings(db);
    expect(settings.reviewLevel).toBe('critical');
    expect(settings.severities).toMatchObject({ dog_bark: 'high', car_horn: 'medium', gunshot: 'critical' });
    prioritizerFor(db).invalidate();
    // A lone dog bark is now high, but below the review level: a detection, not a review item.
    expect(
      await priorityOf(db, 'event', {
        id: 'bark',
        label: { id: 'dog_bark' },
        mic: { id: 'm1' },
        created_at: new Date().toISOString(),
      }),
    ).toMatchObject({ level: 'low', score: 20, review: false });
    await writeSettings(db, { reviewLevel: 'high', severities: { dog_bark: 'low' } }, 'root');
    prioritizerFor(db).invalidate();
  });
});
