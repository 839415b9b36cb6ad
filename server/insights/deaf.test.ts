import { describe, expect, it } from 'vitest';
import type { HeardEvent } from './corroboration.js';
import { DEFAULT_SILENCE, incidentsAround, missedTooMany, silence } from './deaf.js';

const T = Date.parse('2026-11-25T00:00:00Z');
const ev = (id: string, micId: string, s: number, labelId = 'scream'): HeardEvent => ({
  id,
  micId,
  labelId,
  at: T + s * 1000,
});
const W = 10_000;
const rules = { windowMs: W, minMissed: 3, maxHeardShare: 0.1 };

describe('missed incidents', () => {
  const neighbours = new Set(['n1', 'n2']);

  it('counts an incident heard by two neighbours once, with everyone who heard it', () => {
    const events = [ev('e1', 'n1', 0), ev('e2', 'n2', 1), ev('e3', 'n1', 5)];
    const heardBy = new Map([
      ['e1', ['n1', 'n2']],
      ['e2', ['n2', 'n1']],
      ['e3', ['n1', 'n2']],
    ]);
    expect(incidentsAround('m', neighbours, events, heardBy, W)).toEqual({
      heard: 0,
      missed: [{ event_id: 'e1', label_id: 'scream', at: T, heard_by: ['n1', 'n2'] }],
    });
  });

  it('says heard when the mic reported the label within the window, inclusive, and missed a millisecond beyond', () => {
    const heardBy = new Map([['e1', ['n1', 'n2']]]);
    const within = [ev('e1', 'n1', 0), ev('own', 'm', 10)];
    expect(incidentsAround('m', neighbours, within, heardBy, W)).toMatchObject({ heard: 1, missed: [] });
    const beyond = [ev('e1', 'n1', 0), { ...ev('own', 'm', 10), at: T + W + 1 }];
    expect(incidentsAround('m', neighbours, beyond, heardBy, W).missed).toHaveLength(1);
    const otherLabel = [ev('e1', 'n1', 0), ev('own', 'm', 1, 'siren')];
    expect(incidentsAround('m', neighbours, otherLabel, heardBy, W).missed).toHaveLength(1);
  });

  it('ignores events heard by one mic only, and events of mics that are not neighbours', () => {
    const events = [ev('lone', 'n1', 0), ev('far', 'x', 100)];
    const heardBy = new Map([
      ['lone', ['n1']],
      ['far', ['x', 'y']],
    ]);
    expect(incidentsAround('m', neighbours, events, heardBy, W)).toEqual({ heard: 0, missed: [] });
  });

  it('separates incidents more than the window apart', () => {
    const events = [ev('a', 'n1', 0), ev('b', 'n1', 10), ev('c', 'n1', 20.001)];
    const heardBy = new Map(events.map((e) => [e.id, ['n1', 'n2']]));
    expect(incidentsAround('m', neighbours, events, heardBy, W).missed.map((i) => i.event_id)).toEqual(['a', 'c']);
  });

  it('suspects a mic from DEAF_MIN_MISSED misses on, unless it heard more than a tenth', () => {
    expect(missedTooMany(0, 2, rules)).toBe(false);
    expect(missedTooMany(0, 3, rules)).toBe(true);
    expect(missedTooMany(1, 9, rules)).toBe(true);
    expect(missedTooMany(2, 9, rules)).toBe(false);
  });
});

describe('silence', () => {
  const hour = 3_600_000;
  it('knows nothing of a mic with no events, and no usual gap below five events', () => {
    expect(silence(undefined, T, DEFAULT_SILENCE)).toEqual({
      lastAt: null,
      usualGapMs: null,
      silentForMs: null,
      silent: false,
    });
    const once = T - 4 * 24 * hour;
    expect(silence({ first: once, last: once, n: 1 }, T, DEFAULT_SILENCE)).toMatchObject({
      lastAt: once,
      usualGapMs: null,
      silent: false,
    });
    const four = { first: once - 3 * hour, last: once, n: 4 };
    expect(silence(four, T, DEFAULT_SILENCE)).toMatchObject({ usualGapMs: null, silent: false });
  });

  it('flags silence past 20 usual gaps and 6 hours, not at exactly that', () => {
    // Five events 30 minutes apart, the last 20 hours ago: 40 usual gaps.
    const times = { first: T - 22 * hour, last: T - 20 * hour, n: 5 };
    expect(silence(times, T, DEFAULT_SILENCE)).toMatchObject({
      usualGapMs: 30 * 60_000,
      silentForMs: 20 * hour,
      silent: true,
    });
    // A minute apart: 20 gaps are 20 minutes, so the 6-hour floor decides.
    const busy = { first: T - 6 * hour - 4 * 60_000, last: T - 6 * hour, n: 5 };
    expect(silence(busy, T, DEFAULT_SILENCE).silent).toBe(false);
    expect(silence(busy, T + 1, DEFAULT_SILENCE).silent).toBe(true);
  });
});
