import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import {
  activitySince,
  confidenceBuckets,
  countsAt,
  countsBetween,
  EVENT_RETENTION_MS,
  firstSeen,
  ingestEvents,
  labelNames,
  markInComposite,
  prune,
  readState,
  setCorroborated,
  undecided,
  writeState,
  type ReadEvent,
} from './insight-store.js';

const NOW = Date.parse('2026-11-25T12:30:00Z');
const H = 3_600_000;
const ev = (id: string, micId: string, at: number, confidence = 0.7, labelId = 'scream'): ReadEvent => ({
  id,
  micId,
  labelId,
  at,
  confidence,
  labelName: { ko: '비명', en: 'Scream' },
});

describeEachDatabase('insight store', (getDb) => {
  it('counts an event read twice (hub and back-fill) once, by mic, label and hour', async () => {
    const { db } = getDb();
    const batch = [ev('e1', 'a', NOW - H), ev('e2', 'a', NOW - H + 60_000), ev('e3', 'b', NOW)];
    expect(await ingestEvents(db, batch, NOW)).toBe(3);
    expect(await ingestEvents(db, [batch[0]!, ev('e4', 'a', NOW - H + 120_000)], NOW)).toBe(1);
    const rows = await countsAt(db, [Date.parse('2026-11-25T11:00:00Z'), Date.parse('2026-11-25T12:00:00Z')]);
    expect(rows.map((r) => [r.mic_id, r.hour, Number(r.count)]).sort()).toEqual([
      ['a', '2026-11-25T11:00:00.000Z', 3],
      ['b', '2026-11-25T12:00:00.000Z', 1],
    ]);
    expect(await labelNames(db)).toEqual(new Map([['scream', { ko: '비명', en: 'Scream' }]]));
    expect(await countsBetween(db, NOW - H, NOW)).toEqual([{ mic_id: 'a', label_id: 'scream', n: 3 }]);
  });

  it('only counts events older than two weeks (no row kept), and knows each mic’s first hour', async () => {
    const { db } = getDb();
    const old = NOW - EVENT_RETENTION_MS - H;
    expect(await ingestEvents(db, [ev('old1', 'c', old), ev('old2', 'c', old + 1)], NOW)).toBe(2);
    const rows = await countsAt(db, [Math.floor(old / H) * H]);
    expect(rows.map((r) => [r.mic_id, Number(r.count)])).toEqual([['c', 2]]);
    expect((await firstSeen(db)).get('c')).toBe(Math.floor(old / H) * H);
    expect((await activitySince(db, 0)).has('c')).toBe(false);
  });

  it('groups confidences by likely real (corroborated or in a composite) and noise', async () => {
    const { db } = getDb();
    await ingestEvents(
      db,
      [ev('r1', 'd', NOW - 10, 0.8109), ev('r2', 'd', NOW - 9, 0.81), ev('n1', 'd', NOW - 8, 0.6)],
      NOW,
    );
    expect((await undecided(db, NOW, 100)).map((e) => e.id)).toContain('r1');
    await setCorroborated(db, ['r1'], 1);
    await setCorroborated(db, ['n1'], 0);
    await markInComposite(db, ['r2']);
    const buckets = await confidenceBuckets(db, NOW - H, { micId: 'd' });
    expect(buckets.sort((x, y) => x.confidence - y.confidence)).toEqual([
      { mic_id: 'd', label_id: 'scream', confidence: 0.6, real: false, n: 1 },
      { mic_id: 'd', label_id: 'scream', confidence: 0.81, real: true, n: 2 },
    ]);
    expect((await undecided(db, NOW, 100)).map((e) => e.id)).not.toContain('r1');
  });

  it('keeps the back-fill state and prunes what is past retention', async () => {
    const { db } = getDb();
    await writeState(db, 'backfill', { cursor: 1 });
    await writeState(db, 'backfill', { cursor: 2 });
    expect(await readState(db, 'backfill')).toEqual({ cursor: 2 });
    await prune(db, NOW + 40 * 86_400_000);
    expect(await countsAt(db, [Date.parse('2026-11-25T11:00:00Z')])).toEqual([]);
    expect((await activitySince(db, 0)).size).toBe(0);
  });
});
