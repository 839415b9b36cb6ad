import { describe, expect, it } from 'vitest';
import { distanceMeters, offsetPlace, type Place } from '../insights/geo.js';
import { locateGroup } from './locate.js';
import { SPEED_OF_SOUND_MPS, type Reading } from './types.js';

const centre = { latitude: 37.4979, longitude: 127.0276 };
const T0 = Date.parse('2026-11-25T12:00:00Z');
/** Where each test mic stands: metres east and north of the centre. */
const at = (east: number, north: number): Place => offsetPlace(offsetPlace(centre, east, 90), north, 0);
const square = [at(-150, -150), at(150, -150), at(150, 150), at(-150, 150), at(0, 200)];
const rules = { resolutionMs: 1, hearingRadiusM: 500 };

/** What mics at `places` report of a sound of `sourceDb` made at `source` at T0, before any noise. */
function heard(source: Place, places: readonly (Place | null)[], sourceDb = 130): Reading[] {
  return places.map((place, i) => {
    const meters = place === null ? 100 : distanceMeters(source, place);
    return {
      micId: `mic-${i}`,
      eventId: `ev-${i}`,
      place,
      at: T0 + (meters / SPEED_OF_SOUND_MPS) * 1000,
      level: sourceDb - 20 * Math.log10(meters),
    };
  });
}

const errorOf = (source: Place, found: { latitude: number; longitude: number }) => distanceMeters(source, found);

describe('locating one sound', () => {
  it('recovers the exact place and time from noiseless arrival times, inside the mics and outside them', () => {
    for (const source of [at(20, -40), at(-120, 90), at(400, 60)]) {
      const found = locateGroup(heard(source, square), rules)!;
      expect(found.method).toBe('arrival-time');
      expect(errorOf(source, found)).toBeLessThan(0.5);
      expect(Math.abs(Date.parse(found.at) - T0)).toBeLessThanOrEqual(2);
      expect(found.mic_ids).toHaveLength(5);
      expect(found.dropped).toEqual([]);
      expect(found.radius_m).toBeGreaterThanOrEqual(3);
      for (const r of found.residuals) expect(Math.abs(r.arrival_ms!)).toBeLessThan(1);
    }
  });

  it('recovers the place from noiseless levels when the timestamps are whole seconds', () => {
    const source = at(30, 50);
    const readings = heard(source, square).map((r) => ({ ...r, at: Math.floor(r.at / 1000) * 1000 }));
    const found = locateGroup(readings, { ...rules, resolutionMs: 1000 })!;
    expect(found.method).toBe('level');
    expect(found.reason).toBe('the timestamps are in whole seconds');
    expect(found.reason_codes).toEqual(['coarse-timestamps']);
    expect(errorOf(source, found)).toBeLessThan(1);
    expect(found.source_level_db).toBeCloseTo(130, 0);
  });

  it('with whole seconds and four mics on a shallow arc, gives the place between the two the levels allow, and says so', () => {
    // Levels alone cannot tell a sound 80 m in front of a shallow arc from its mirror image behind it.
    const arc = [at(-150, 0), at(-50, 40), at(50, 40), at(150, 0)];
    const source = at(0, 80);
    const readings = heard(source, arc).map((r) => ({ ...r, at: Math.floor(r.at / 1000) * 1000 }));
    const found = locateGroup(readings, { ...rules, resolutionMs: 1000 })!;
    expect(found.method).toBe('level');
    expect(found.reason_codes).toEqual(['coarse-timestamps', 'levels-between']);
    expect(found.reason).toMatch(/^the timestamps are in whole seconds; the levels allow more than one place/);
    expect(errorOf(source, found)).toBeLessThan(found.radius_m);
    expect(errorOf(source, found)).toBeLessThan(50);
  });

  it('names the mic whose clock is off by hundreds of milliseconds and leaves it out', () => {
    const source = at(-40, 70);
    const readings = heard(source, square);
    readings[2]!.at += 310;
    const found = locateGroup(readings, rules)!;
    expect(found.method).toBe('arrival-time');
    expect(errorOf(source, found)).toBeLessThan(0.5);
    expect(found.dropped).toEqual([
      expect.objectContaining({ mic_id: 'mic-2', code: 'clock', why: expect.stringContaining('+310 ms') }),
    ]);
    expect(found.mic_ids).not.toContain('mic-2');
  });

  it('with four mics, one clock off, lets the levels tell which clock to distrust', () => {
    const source = at(10, -30);
    const readings = heard(source, square.slice(0, 4));
    readings[0]!.at -= 250;
    const found = locateGroup(readings, rules)!;
    expect(found.method).toBe('arrival-time');
    expect(errorOf(source, found)).toBeLessThan(0.5);
    expect(found.dropped.map((d) => d.mic_id)).toEqual(['mic-0']);
    expect(found.reason).toBe('the levels chose between places the arrival times allowed');
    // Exact levels rule out the places another clock's fault would give (50–70 m off): the times' own radius.
    expect(found.radius_m).toBeLessThan(10);
  });

  it('with four mics, times and levels fitted together name the bad clock where the times alone found no place', () => {
    const source = at(-40, -40);
    const levelNoise = [0.8, -1.1, 0.4, -0.6];
    const clockNoise = [1.5, -2, 2.5, -1];
    const readings = heard(source, square.slice(0, 4)).map((r, i) => ({
      ...r,
      at: r.at + clockNoise[i]! + (i === 0 ? -200 : 0),
      level: r.level! + levelNoise[i]!,
    }));
    const found = locateGroup(readings, rules)!;
    expect(found.method).toBe('arrival-time');
    expect(found.dropped.map((d) => d.mic_id)).toEqual(['mic-0']);
    expect(errorOf(source, found)).toBeLessThan(3);
    expect(found.radius_m).toBeGreaterThanOrEqual(errorOf(source, found));
  });

  it('does not time three mics with a clock that the repeats heard by four show off', () => {
    const source = at(30, -20);
    const offBy = (readings: Reading[]) => readings.map((r) => (r.micId === 'mic-0' ? { ...r, at: r.at + 320 } : r));
    const shot = offBy(heard(source, square.slice(0, 4))).map((r) => ({ ...r, at: r.at + 5_000 }));
    const alone = offBy(heard(source, square.slice(0, 3)));
    expect(locateGroup(alone, rules)!.method).toBe('arrival-time');
    const found = locateGroup(alone, rules, [shot])!;
    expect(found.method).toBe('level');
    expect(found.reason).toContain('show the clock of mic-0 off');
    expect(found.radius_m).toBeGreaterThanOrEqual(errorOf(source, found));
  });

  it('leaves out a mic behind a wall (reading 9 dB low) when the levels must decide', () => {
    const source = at(60, 20);
    const readings = heard(source, square).map((r) => ({ ...r, at: Math.floor(r.at / 1000) * 1000 }));
    readings[3]!.level! -= 9;
    const found = locateGroup(readings, { ...rules, resolutionMs: 1000 })!;
    expect(found.method).toBe('level');
    expect(errorOf(source, found)).toBeLessThan(1);
    expect(found.dropped).toEqual([
      expect.objectContaining({ mic_id: 'mic-3', code: 'level', why: expect.stringContaining('−9 dB') }),
    ]);
  });

  it("with four mics, one behind a wall, the category's typical source level lets the other three place the sound", () => {
    const source = at(40, -90);
    const levelNoise = [0.7, -0.9, 0.5, 0];
    const readings = heard(source, square.slice(0, 4), 131.5).map((r, i) => ({
      ...r,
      at: Math.floor(r.at / 1000) * 1000,
      level: r.level! + levelNoise[i]! - (i === 2 ? 10 : 0),
    }));
    const known = { ...rules, resolutionMs: 1000, sourcePrior: { db: 130, sigmaDb: 2.5 } };
    const found = locateGroup(readings, known)!;
    expect(found.method).toBe('level');
    expect(found.dropped).toEqual([expect.objectContaining({ mic_id: 'mic-2', code: 'level' })]);
    expect(errorOf(source, found)).toBeLessThan(20);
    expect(found.radius_m).toBeGreaterThanOrEqual(errorOf(source, found));
    // Without the prior three levels fit the place and source level exactly: nothing checks them.
    const blind = locateGroup(readings, { ...rules, resolutionMs: 1000 })!;
    expect(blind.radius_m).toBeGreaterThan(2 * found.radius_m);
  });

  it('falls back to the loudest mic, with the hearing radius, when only one mic heard it', () => {
    const found = locateGroup(heard(at(10, 10), [square[0]!]), rules)!;
    expect(found).toMatchObject({
      method: 'nearest-mic',
      radius_m: 500,
      mic_ids: ['mic-0'],
      reason: 'cannot locate: only one mic heard it',
      reason_codes: ['one-mic'],
    });
    expect(found.latitude).toBeCloseTo(square[0]!.latitude, 6);
  });

  it('says it cannot locate when the mics stand at one place', () => {
    const place = at(5, 5);
    const found = locateGroup(heard(at(100, 0), [place, place, offsetPlace(place, 0.3, 45)]), rules)!;
    expect(found.method).toBe('nearest-mic');
    expect(found.reason_codes).toEqual(['one-place']);
  });

  it('says it cannot locate when the mics stand in a line and the sound is off to one side', () => {
    const line = [at(-200, 0), at(-60, 0), at(70, 0), at(210, 0)];
    const found = locateGroup(heard(at(30, 120), line), rules)!;
    expect(found.method).toBe('nearest-mic');
    expect(found.reason).toMatch(/^cannot locate: .*in a line/);
    expect(found.radius_m).toBe(500);
  });

  it('drops mics without a location, by name, and locates from the rest', () => {
    const source = at(0, 40);
    const found = locateGroup(heard(source, [...square, null]), rules)!;
    expect(found.method).toBe('arrival-time');
    expect(found.dropped).toEqual([expect.objectContaining({ mic_id: 'mic-5', code: 'no-location' })]);
    expect(locateGroup(heard(source, [null, null]), rules)).toBeNull();
  });

  it('will not time a sound whose timestamps are seconds apart, and says so when nothing else can place it', () => {
    const readings = heard(at(0, 0), square.slice(0, 3)).map((r, i) => ({ ...r, at: T0 + i * 2_000, level: null }));
    const found = locateGroup(readings, rules)!;
    expect(found.method).toBe('nearest-mic');
    expect(found.reason).toBe(
      'cannot locate: the timestamps are farther apart than sound takes between these mics; the mics reported no usable levels',
    );
    expect(found.reason_codes).toEqual(['timing-impossible', 'no-levels']);
  });

  it('refuses absurd levels by name and does not fit a place to them', () => {
    const readings = heard(at(0, 0), square).map((r, i) => ({ ...r, at: T0, level: i < 3 ? 250 : r.level }));
    const found = locateGroup(readings, { ...rules, resolutionMs: 1000 })!;
    expect(found.method).toBe('nearest-mic');
    expect(found.reason_codes).toEqual(['coarse-timestamps', 'no-levels']);
    expect(found.dropped.filter((d) => d.code === 'implausible-level').map((d) => d.mic_id)).toEqual([
      'mic-0',
      'mic-1',
      'mic-2',
    ]);
  });

  it('two mics fix a curve, not a point', () => {
    const found = locateGroup(heard(at(0, 0), square.slice(0, 2)), rules)!;
    expect(found.method).toBe('nearest-mic');
    expect(found.reason_codes).toEqual(['two-mics', 'no-levels']);
  });
});
