import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { ingestEvents, setCorroborated } from './insight-store.js';
import { heardEvents, tally, withHeard } from './listening.js';
import { thresholdAdvice } from './threshold-report.js';
import type { DirectoryMic } from './edge-reader.js';

const NOW = Date.parse('2026-11-25T12:30:00Z');
const DAY = 86_400_000;
const scream = { ko: '비명', en: 'Scream' };

describeEachDatabase('what operators heard by ear', (getDb) => {
  async function seed() {
    const { db } = getDb();
    // 30 corroborated screams at 0.80 on mic a (likely real by the statistics), 20 lone ones at 0.55.
    const events = [
      ...Array.from({ length: 30 }, (_, i) => ({ id: `r${i}`, conf: 0.8 })),
      ...Array.from({ length: 20 }, (_, i) => ({ id: `n${i}`, conf: 0.55 })),
    ].map((e, i) => ({
      id: e.id,
      micId: 'a',
      labelId: 'scream',
      at: NOW - DAY + i * 60_000,
      confidence: e.conf,
      labelName: scream,
    }));
    await ingestEvents(db, events, NOW);
    await setCorroborated(
      db,
      events.filter((e) => e.id.startsWith('r')).map((e) => e.id),
      1,
    );
    await setCorroborated(
      db,
      events.filter((e) => e.id.startsWith('n')).map((e) => e.id),
      0,
    );
    const verdict = async (action: string, details: Record<string, unknown>, at: number) =>
      db
        .insertInto('review_history')
        .values({
          kind: 'composite',
          item_id: 'c1',
          at: new Date(at).toISOString(),
          actor: 'opal',
          action,
          from_state: 'new',
          to_state: 'new',
          version: 1,
          details: JSON.stringify(details),
        })
        .execute();
    // Ten of the "real" ones were a dog barking; r0 first called wrong, then confirmed (the last word counts).
    for (let i = 1; i <= 10; i++)
      await verdict('listen_relabel', { event_id: `r${i}`, label: 'dog_bark' }, NOW - 3600_000);
    await verdict('listen_relabel', { event_id: 'r0', label: 'glass_break' }, NOW - 3600_000);
    await verdict('listen_confirm', { event_id: 'r0' }, NOW - 1800_000);
    // A verdict on the whole incident names no event: it says nothing of one mic.
    await verdict('listen_confirm', { event_id: null }, NOW - 1800_000);
    return db;
  }

  it('keeps the last verdict per event, with the event’s mic, label and the statistics’ guess', async () => {
    const db = await seed();
    const heard = await heardEvents(db, NOW - 2 * DAY);
    expect(heard).toHaveLength(11);
    expect(heard.find((h) => h.event_id === 'r0')).toMatchObject({
      confirmed: true,
      heard_as: null,
      guessed_real: true,
    });
    expect(tally(heard)).toEqual({ confirmed: 1, wrong: 10, heard_as: [{ label_id: 'dog_bark', n: 10 }] });
  });

  it('moves events the ear contradicted to noise, and the threshold advice says so', async () => {
    const db = await seed();
    const mic: DirectoryMic = {
      id: 'a',
      name: 'Gate',
      edge_id: 'e1',
      latitude: 37.5,
      longitude: 127,
      thresholds: { scream: { confidence: 0.5 } },
    };
    const [advice] = await thresholdAdvice(
      db,
      new Map([['a', mic]]),
      new Map([
        ['scream', scream],
        ['dog_bark', { ko: '개 짖음', en: 'Dog bark' }],
      ]),
      { from: NOW - 14 * DAY } as never,
      NOW,
      {},
    );
    expect(advice).toMatchObject({ real: 20, noise: 30 });
    expect(advice!.listening).toEqual({
      confirmed: 1,
      wrong: 10,
      heard_as: [{ label_id: 'dog_bark', n: 10, label_name: { ko: '개 짖음', en: 'Dog bark' } }],
    });
  });
});

it('a verdict moves one event between buckets and never below zero', () => {
  const moved = withHeard(
    [{ confidence: 0.8, real: true, n: 1 }],
    [
      {
        event_id: 'x',
        mic_id: 'a',
        label_id: 's',
        confidence: 0.8,
        guessed_real: true,
        confirmed: false,
        heard_as: 'b',
      },
      {
        event_id: 'y',
        mic_id: 'a',
        label_id: 's',
        confidence: 0.8,
        guessed_real: true,
        confirmed: false,
        heard_as: 'b',
      },
    ],
  );
  expect(moved).toEqual([{ confidence: 0.8, real: false, n: 1 }]);
});
