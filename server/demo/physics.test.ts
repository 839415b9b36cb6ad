import { describe, expect, it } from 'vitest';
import { distanceMeters, offsetPlace } from './geo.js';
import { areaActivity, hearingChance, Soundscape, SPEED_OF_SOUND_MPS, type PlacedMic } from './physics.js';
import { Random } from './random.js';

const centre = { latitude: 37.4979, longitude: 127.0276 };
const mic = (id: string, meters: number, bearing: number): PlacedMic => ({
  id,
  site: 0,
  edgeId: 'edge-seoul-01',
  labels: [],
  ...offsetPlace(centre, meters, bearing),
});

describe('demo physics', () => {
  it('hears less the farther away', () => {
    expect(hearingChance(10)).toBeGreaterThan(0.9);
    expect(hearingChance(300)).toBeLessThan(hearingChance(100));
    expect(hearingChance(2_000)).toBeLessThan(0.01);
  });

  it('gives each area a daily rhythm between quiet nights and busy peaks', () => {
    // 18:30 UTC is 03:30 in Seoul; 10:00 UTC is 19:00.
    const night = areaActivity('edge-seoul-01', Date.parse('2026-11-22T18:30:00Z'));
    const evening = areaActivity('edge-seoul-01', Date.parse('2026-11-22T10:00:00Z'));
    expect(night).toBeLessThan(0.3);
    expect(evening).toBeGreaterThan(0.9);
    expect(areaActivity('edge-busan-01', Date.parse('2026-11-22T10:00:00Z'))).toBeLessThan(evening);
  });

  it('delays each detection by the distance over the speed of sound, and the deaf mic hears nothing', () => {
    const mics = [mic('near', 20, 0), mic('far', 400, 90), mic('deaf', 30, 180)];
    const world = new Soundscape(mics, { deaf: 2, deafSince: 0, noisy: new Map() });
    // Incidents happen within 350 m of the site's centre, the mean of its mics.
    const site = {
      latitude: mics.reduce((s, m) => s + m.latitude, 0) / mics.length,
      longitude: mics.reduce((s, m) => s + m.longitude, 0) / mics.length,
    };
    const rng = new Random(7);
    let checked = 0;
    for (let n = 0; n < 200; n++) {
      const at = 1_000_000 + n * 100_000;
      const heard = world.incident(rng, at, 0);
      expect(heard.some((d) => d.mic === 2)).toBe(false);
      for (const d of heard) {
        // Only the first repeat, at `at`: the next comes at least 3 s later.
        if (d.at - at > 3_000) continue;
        const latest = (distanceMeters(site, mics[d.mic]!) + 350) / SPEED_OF_SOUND_MPS;
        expect(d.at - at).toBeLessThanOrEqual(latest * 1000 + 60);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
