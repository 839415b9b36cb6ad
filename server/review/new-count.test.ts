import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { createNewCounter } from './new-count.js';
import type { RecentItems } from './recent.js';
import { storedFacts } from '../priority/store.js';
import { act } from './store.js';

const access = { upstream: 'http://127.0.0.1:9', token: 'server-token', timeoutMs: 1000 };
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

/** A scan of the edge that answers `items` and counts how often it ran. */
function scanner(items: RecentItems) {
  const scans = { n: 0 };
  const read = async () => {
    scans.n++;
    return items;
  };
  return { scans, read };
}

describeEachDatabase('new-items count', (getDb) => {
  it('counts what the hub read since the last scan, without scanning the edge again', async () => {
    const { scans, read } = scanner({ composites: ['c-1'], events: ['e-1'], capped: false });
    const counter = createNewCounter(getDb(), access, { windowHours: 24, cacheMs: 300_000, read, log: () => {} });
    expect(await counter.count(null)).toMatchObject({ new: 2, composites: 1, events: 1 });

    counter.noteEvents([
      { id: 'e-2', created_at: hourAgo() },
      { id: 'e-3', created_at: hourAgo() },
    ]);
    counter.noteComposites([{ id: 'c-2', started_at: hourAgo(), events: [{ id: 'e-3' }, { id: 'e-1' }] }]);

    // e-3 and e-1 belong to c-2 now: they count through it, not on their own.
    expect(await counter.count(null)).toMatchObject({ new: 3, composites: 2, events: 1 });
    expect(scans.n).toBe(1);
  });

  it('leaves out what was acted on and what fired before the window', async () => {
    const db = getDb();
    const { read } = scanner({ composites: [], events: [], capped: false });
    const counter = createNewCounter(db, access, { windowHours: 24, cacheMs: 300_000, read, log: () => {} });
    counter.noteEvents([
      { id: 'e-old', created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() },
      { id: 'e-taken', created_at: hourAgo() },
      { id: 'e-new', created_at: hourAgo() },
    ]);
    await act(db, { kind: 'event', id: 'e-taken' }, { action: 'acknowledge', expected_version: 0 }, 'kim', null);
    expect(await counter.count(null)).toMatchObject({ new: 1, events: 1 });
  });
});

describeEachDatabase('new-items count by priority', (getDb) => {
  it('counts only review items: a dog bark is a detection, a gunshot heard by three mics asks for a person', async () => {
    const bark = { id: 'e-bark', created_at: hourAgo(), label: { id: 'dog_bark' }, mic: { id: 'm1' } };
    const gunshot = (mic: string) => ({ id: `e-g-${mic}`, label_id: 'gunshot', mic_id: mic });
    const blast = { id: 'c-blast', started_at: hourAgo(), events: ['m1', 'm2', 'm3'].map(gunshot) };
    const { read } = scanner({ composites: [], events: [], capped: false });
    const counter = createNewCounter(getDb(), access, { windowHours: 24, cacheMs: 300_000, read, log: () => {} });
    counter.noteEvents([bark]);
    counter.noteComposites([blast]);
    expect(await counter.count(null)).toMatchObject({ new: 1, composites: 1, events: 0, detections: 1 });
    // Another process (a replica, a restart) reads the verdicts kept in the database.
    const { read: rescan } = scanner({ composites: ['c-blast'], events: ['e-bark'], capped: false });
    const other = createNewCounter(getDb(), access, { windowHours: 24, cacheMs: 300_000, read: rescan, log: () => {} });
    expect(await other.count(null)).toMatchObject({ new: 1, composites: 1, detections: 1 });
  });
});

describeEachDatabase('an incident that grows', (getDb) => {
  it('is scored again as more mics hear it, keeping when it fired; a smaller or equal reading changes nothing', async () => {
    const startedAt = hourAgo();
    const gunshot = (mic: string) => ({ id: `e-grow-${mic}`, label_id: 'gunshot', mic_id: mic });
    const reading = (mics: string[], started_at = startedAt) => ({
      id: 'c-grow',
      started_at,
      events: mics.map(gunshot),
    });
    const { read } = scanner({ composites: [], events: [], capped: false });
    const counter = createNewCounter(getDb(), access, { windowHours: 24, cacheMs: 300_000, read, log: () => {} });
    const micsKept = async () => {
      await counter.count(null);
      const facts = (await storedFacts(getDb(), [{ kind: 'composite', id: 'c-grow' }])).get('composite:c-grow');
      return { mics: [...(facts?.micIds ?? [])].sort(), firedAt: facts?.firedAt };
    };
    counter.noteComposites([reading(['m1', 'm2'])]);
    expect(await micsKept()).toEqual({ mics: ['m1', 'm2'], firedAt: startedAt });
    counter.noteComposites([reading(['m1', 'm2', 'm3'], new Date().toISOString())]);
    expect(await micsKept()).toEqual({ mics: ['m1', 'm2', 'm3'], firedAt: startedAt });
    counter.noteComposites([reading(['m1', 'm2'])]);
    expect(await micsKept()).toEqual({ mics: ['m1', 'm2', 'm3'], firedAt: startedAt });
  });
});
