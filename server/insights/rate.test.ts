import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import type { BackfillState } from './backfill.js';
import { ingestEvents, type ReadEvent } from './insight-store.js';
import { rateAround } from './threshold-report.js';

const H = 3_600_000;
const NOW = Date.parse('2026-11-25T12:30:00Z');
const AT = Date.parse('2026-11-24T12:20:00Z');
/** Counted from two days before AT on. */
const state: BackfillState = {
  status: 'done',
  from: Date.parse('2026-11-22T12:00:00Z'),
  target: NOW - H,
  cursor: NOW,
  chunkMs: H,
  requests: 0,
  truncated: 0,
  error: null,
};
let n = 0;
const ev = (at: number, labelId = 'scream'): ReadEvent => ({ id: `r${++n}`, micId: 'a', labelId, at, confidence: 0.7 });

describeEachDatabase('event rate around a moment', (getDb) => {
  it('compares whole counted hours before and after, leaving out the moment’s hour and the current one', async () => {
    const { db } = getDb();
    const events: ReadEvent[] = [];
    // Before: one event an hour for the 24 hours before AT's hour. After: one every other hour.
    for (let k = 1; k <= 24; k++) events.push(ev(Date.parse('2026-11-24T12:00:00Z') - k * H + 60_000));
    for (let k = 1; k <= 23; k += 2) events.push(ev(Date.parse('2026-11-24T13:00:00Z') + k * H + 60_000));
    // In AT's own hour and in the current hour: not counted on either side.
    events.push(ev(AT + 60_000), ev(NOW - 60_000), ev(AT - 3 * H, 'siren'));
    await ingestEvents(db, events, NOW);
    const rate = await rateAround(db, 'a', 'scream', AT, 1, state, NOW, NOW);
    // 11 events in the 23 whole hours after (the 24th is the current hour): 11 × 24 / 23 a day.
    expect(rate).toEqual({ before_per_day: 24, after_per_day: 11.48, before_hours: 24, after_hours: 23 });
  });

  it('counts only hours the back-fill covered, and has no rate without any', async () => {
    const { db } = getDb();
    // Seven days before AT reach past the start of counting: only its 48 hours count.
    const week = await rateAround(db, 'a', 'scream', AT, 7, state, NOW, NOW);
    expect(week.before_hours).toBe(48);
    const never = await rateAround(db, 'a', 'scream', AT, 1, null, NOW, NOW);
    expect(never).toEqual({ before_per_day: null, after_per_day: null, before_hours: 0, after_hours: 0 });
  });
});
