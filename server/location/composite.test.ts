import { describe, expect, it } from 'vitest';
import { distanceMeters, offsetPlace, type Place } from '../insights/geo.js';
import { compositeSchema, locateComposite } from './composite.js';
import { resolutionOf } from './groups.js';
import { SPEED_OF_SOUND_MPS } from './types.js';

const centre = { latitude: 35.1587, longitude: 129.1604 };
const mics = [0, 60, 120, 180, 240, 300].map((bearing, i) => ({
  id: `mic-${i}`,
  location: offsetPlace(centre, 220, bearing),
}));
const T0 = Date.parse('2026-11-25T21:00:00Z');

/** Base events of sounds made at `places[k]` at `times[k]`, heard by every mic. */
function composite(label: string, places: readonly Place[], times: readonly number[]) {
  return compositeSchema.parse({
    id: `ce-${label}`,
    mics,
    events: places.flatMap((place, k) =>
      mics.map((mic) => {
        const meters = distanceMeters(place, mic.location);
        return {
          id: `${label}-${k}-${mic.id}`,
          mic_id: mic.id,
          label_id: label,
          created_at: new Date(Math.round(times[k]! + (meters / SPEED_OF_SOUND_MPS) * 1000)).toISOString(),
          sound_level: Math.round((140 - 20 * Math.log10(meters)) * 10) / 10,
          microphone: { id: mic.id, location: mic.location },
        };
      }),
    ),
  });
}

describe('locating a composite event', () => {
  it('gives three shots from one place three estimates, and no track', () => {
    const place = offsetPlace(centre, 70, 200);
    const answer = locateComposite(composite('gunshot', [place, place, place], [T0, T0 + 3_500, T0 + 9_000]), 500);
    expect(answer.sources).toHaveLength(3);
    expect(answer.sources.map((s) => Date.parse(s.at) - T0)).toEqual([0, 3_500, 9_000]);
    for (const s of answer.sources) {
      expect(s.method).toBe('arrival-time');
      expect(s.mic_ids).toHaveLength(6);
      expect(distanceMeters(place, s)).toBeLessThan(1);
    }
    expect(answer.tracks).toEqual([]);
  });

  it('places three shots heard by four mics in whole seconds as one place, a wall in front of one mic', () => {
    const four = [0, 90, 180, 270].map((bearing, i) => ({
      id: `mic-${i}`,
      location: offsetPlace(centre, 200, bearing),
    }));
    const place = offsetPlace(centre, 40, 0);
    // ±1 dB of scatter, different for each shot; mic-2 reads 9 dB low behind its wall every time.
    const scatter = [
      [0.9, -1.2, 0.3, -0.5],
      [-0.7, 0.4, 1.1, -0.2],
      [0.2, 0.8, -1.0, 0.6],
    ];
    const body = compositeSchema.parse({
      id: 'ce-shots',
      mics: four,
      events: scatter.flatMap((noise, k) =>
        four.map((mic, i) => {
          const meters = distanceMeters(place, mic.location);
          const heard = T0 + k * 5_000 + (meters / SPEED_OF_SOUND_MPS) * 1000;
          const level = 150 - 20 * Math.log10(meters) + noise[i]! - (i === 2 ? 9 : 0);
          return {
            id: `shot-${k}-${mic.id}`,
            mic_id: mic.id,
            label_id: 'gunshot',
            created_at: new Date(Math.floor(heard / 1000) * 1000).toISOString(),
            sound_level: Math.round(level * 10) / 10,
            microphone: { id: mic.id, location: mic.location },
          };
        }),
      ),
    });
    const answer = locateComposite(body, 500);
    expect(answer.sources).toHaveLength(3);
    for (const s of answer.sources) {
      expect(s.method).toBe('level');
      expect(distanceMeters(place, s)).toBeLessThan(5);
      expect(s.radius_m).toBeGreaterThanOrEqual(distanceMeters(place, s));
      expect(s.radius_m).toBeLessThan(50);
    }
  });

  it('follows a siren going by: one estimate per call and a track with its speed and heading', () => {
    const start = offsetPlace(centre, 120, 250);
    const times = [0, 5_000, 10_000, 15_000].map((t) => T0 + t);
    // 15 m/s towards 75° (east-north-east).
    const places = times.map((t) => offsetPlace(start, ((t - T0) / 1000) * 15, 75));
    const answer = locateComposite(composite('siren', places, times), 500);
    expect(answer.sources).toHaveLength(4);
    expect(answer.tracks).toHaveLength(1);
    const [track] = answer.tracks;
    expect(track!.source_indexes).toEqual([0, 1, 2, 3]);
    expect(track!.speed_mps).toBeCloseTo(15, 0);
    expect(Math.abs(track!.heading_deg - 75)).toBeLessThanOrEqual(2);
  });

  it('keeps two kinds of sound apart, and says why when no mic has a location', () => {
    const a = composite('scream', [offsetPlace(centre, 30, 10)], [T0]);
    const b = composite('help_call', [offsetPlace(centre, 90, 100)], [T0 + 200]);
    const both = locateComposite({ ...a, events: [...a.events, ...b.events] }, 500);
    expect(both.sources.map((s) => s.label_id).sort()).toEqual(['help_call', 'scream']);

    const nowhere = compositeSchema.parse({
      id: 'ce-x',
      mics: [{ id: 'm1', location: null }],
      events: [{ id: 'e1', mic_id: 'm1', created_at: new Date(T0).toISOString(), sound_level: 80 }],
    });
    expect(locateComposite(nowhere, 500)).toMatchObject({
      sources: [],
      reason: 'cannot locate: no mic that heard it has a location',
    });
  });

  it('tells whole-second timestamps from millisecond ones over the whole composite', () => {
    expect(resolutionOf([T0, T0 + 1_000, T0 + 3_000])).toBe(1_000);
    expect(resolutionOf([T0, T0 + 1_000, T0 + 3_470])).toBe(10);
    expect(resolutionOf([T0 + 1, T0 + 1_000])).toBe(1);
  });
});
