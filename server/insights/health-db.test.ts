import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { indexDirectory } from './directory-index.js';
import type { DirectoryMic } from './edge-reader.js';
import { distanceMeters, offsetPlace } from './geo.js';
import { micHealth, NOT_REPORTING_MS } from './health-report.js';
import { ingestEvents, type ReadEvent } from './insight-store.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const origin = { latitude: 37.5, longitude: 127 };
const scale = 1000 / distanceMeters(origin, offsetPlace(origin, 1000, 90));
const mic = (id: string, eastM: number, status = 'active'): DirectoryMic => ({
  id,
  name: `Mic ${id}`,
  edge_id: 'edge-1',
  status,
  location: null,
  ...offsetPlace(origin, eastM * scale, 90),
});
// m's neighbours n1 and n2 (100 and 200 m); far is 5 km away.
const mics = new Map(
  [mic('m', 0), mic('n1', 100), mic('n2', 200), mic('far', 5000), mic('off', 50, 'inactive')].map((m) => [m.id, m]),
);
const rules = { radiusM: 500, windowMs: 10_000 };
let n = 0;
const ev = (micId: string, at: number, labelId = 'scream'): ReadEvent => ({
  id: `e${++n}`,
  micId,
  labelId,
  at,
  confidence: 0.8,
});

describeEachDatabase('mic health', (getDb) => {
  it('lists an active mic that missed three of its neighbours’ incidents, and no other', async () => {
    const { db } = getDb();
    const events: ReadEvent[] = [];
    // Three incidents an hour apart heard by n1 and n2 but not by m; one, before the 24 h, that m heard too.
    for (let k = 1; k <= 3; k++) events.push(ev('n1', NOW - k * 3_600_000), ev('n2', NOW - k * 3_600_000 + 500));
    events.push(
      ev('n1', NOW - 52.5 * 3_600_000),
      ev('n2', NOW - 52.5 * 3_600_000 + 300),
      ev('m', NOW - 52.5 * 3_600_000 + 600),
    );
    // m was busy until two days ago (11 events over 9 hours: a usual gap of 54 minutes): silent for 48 h.
    for (let k = 0; k < 10; k++) events.push(ev('m', NOW - 48 * 3_600_000 - k * 3_600_000, 'dog_bark'));
    await ingestEvents(db, events, NOW);
    const health = await micHealth({
      db,
      mics,
      index: await indexDirectory(mics, rules.radiusM),
      connections: new Map(),
      rules,
      minMissed: 3,
      now: NOW,
    });
    expect(health.map((h) => [h.mic_id, h.reasons])).toEqual([['m', ['missed', 'silent']]]);
    const m = health[0]!;
    expect(m.missed_count).toBe(3);
    expect(m.missed.map((x) => x.at)).toEqual([1, 2, 3].map((k) => new Date(NOW - k * 3_600_000).toISOString()));
    expect(m.missed[0]!.heard_by).toEqual([
      { id: 'n1', name: 'Mic n1' },
      { id: 'n2', name: 'Mic n2' },
    ]);
    expect(m).toMatchObject({ usual_gap_s: 3240, silent_for_s: 48 * 3600, connected: null, reported_at: null });

    // With four to miss, three are not enough.
    const stricter = await micHealth({
      db,
      mics,
      index: await indexDirectory(mics, rules.radiusM),
      connections: new Map(),
      rules,
      minMissed: 4,
      now: NOW,
    });
    expect(stricter.find((h) => h.mic_id === 'm')?.reasons).toEqual(['silent']);
  });

  it('lists mics seen disconnected or not reporting in composite events, active ones only', async () => {
    const { db } = getDb();
    const seenAt = NOW - 3_600_000;
    const iso = (ms: number) => new Date(ms).toISOString();
    const health = await micHealth({
      db,
      mics,
      index: await indexDirectory(mics, rules.radiusM),
      connections: new Map([
        ['n1', { connected: false, reported_at: iso(seenAt), seen_at: seenAt }],
        ['n2', { connected: true, reported_at: iso(seenAt - NOT_REPORTING_MS - 1), seen_at: seenAt }],
        ['far', { connected: true, reported_at: iso(seenAt - NOT_REPORTING_MS), seen_at: seenAt }],
        ['off', { connected: false, reported_at: iso(seenAt), seen_at: seenAt }],
      ]),
      rules,
      minMissed: 3,
      now: NOW,
    });
    expect(health.find((h) => h.mic_id === 'n1')).toMatchObject({ reasons: ['disconnected'], connected: false });
    expect(health.find((h) => h.mic_id === 'n2')?.reasons).toEqual(['not_reporting']);
    // Exactly ten minutes behind is still reporting; an inactive mic is expected to be disconnected.
    expect(health.find((h) => h.mic_id === 'far')).toBeUndefined();
    expect(health.find((h) => h.mic_id === 'off')).toBeUndefined();
  });
});
