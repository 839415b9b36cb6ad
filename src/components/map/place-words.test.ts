import { afterEach, describe, expect, it } from 'vitest';
import type { LocatedSource, SourceAnswer } from '@/api/insights';
import { i18n, type TFunction } from '@/lib/i18n';
import {
  bearingDeg,
  bestSource,
  compassOf,
  distanceM,
  droppedText,
  formatDistance,
  placeParts,
  placeText,
  radiusText,
  reasonText,
  type PlaceMic,
} from './place-words';

const t: TFunction<'place'> = (key, options) => i18n.t(`place:${key}` as never, options);

const GATE: PlaceMic = { id: 'mic-1', name: 'Plaza gate 7', latitude: 37.5665, longitude: 126.978 };
const FAR: PlaceMic = { id: 'mic-2', name: 'Station exit 2', latitude: 37.5765, longitude: 126.978 };

/** A point `meters` from `from` towards `bearing` (flat earth: fine for a few hundred metres). */
function offset(from: PlaceMic, meters: number, bearing: number) {
  const b = (bearing * Math.PI) / 180;
  return {
    latitude: from.latitude + (meters * Math.cos(b)) / 111_195,
    longitude: from.longitude + (meters * Math.sin(b)) / (111_195 * Math.cos((from.latitude * Math.PI) / 180)),
  };
}

function source(over: Partial<LocatedSource>): LocatedSource {
  return {
    at: '2026-01-01T00:00:00.000Z',
    latitude: GATE.latitude,
    longitude: GATE.longitude,
    radius_m: 15,
    ellipse: null,
    method: 'arrival-time',
    mic_ids: ['mic-1', 'mic-2'],
    event_ids: ['e1', 'e2'],
    dropped: [],
    residuals: [],
    source_level_db: null,
    reason: null,
    reason_codes: [],
    label_id: 'gunshot',
    ...over,
  };
}

afterEach(() => i18n.changeLanguage('en'));

describe('place in words', () => {
  it('measures and points like a map does', () => {
    const ne = offset(GATE, 120, 45);
    expect(distanceM(GATE, ne)).toBeCloseTo(120, 0);
    expect(bearingDeg(GATE, ne)).toBeCloseTo(45, 0);
    expect(['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'].map((_, i) => compassOf(i * 45 + 20))).toEqual([
      'n',
      'ne',
      'e',
      'se',
      's',
      'sw',
      'w',
      'nw',
    ]);
    expect(compassOf(350)).toBe('n');
  });

  it('names the place by the nearest mic, its distance and direction, in English and Korean', () => {
    const place = source(offset(GATE, 120, 45));
    expect(placeText(t, place, [FAR, GATE])).toBe('120 m north-east of Plaza gate 7');
    i18n.changeLanguage('ko');
    expect(placeText(t, place, [FAR, GATE])).toBe('Plaza gate 7에서 북동쪽 120 m');
  });

  it('splits the words around the mic name, so a narrow line can shorten the name and keep the rest', () => {
    const place = source(offset(GATE, 120, 45));
    expect(placeParts(t, place, [GATE])).toEqual({ before: '120 m north-east of ', mic: 'Plaza gate 7', after: '' });
    i18n.changeLanguage('ko');
    expect(placeParts(t, place, [GATE])).toEqual({ before: '', mic: 'Plaza gate 7', after: '에서 북동쪽 120 m' });
  });

  it('says "at" a mic when the place is a few metres from it, and never claims a located place it has not', () => {
    expect(placeText(t, source(offset(GATE, 4, 200)), [GATE, FAR])).toBe('at Plaza gate 7');
    const nearest = source({ method: 'nearest-mic', mic_ids: ['mic-2'], radius_m: 500, ...FAR });
    expect(placeText(t, nearest, [GATE, FAR])).toBe('near Station exit 2 (not located)');
  });

  it('rounds distances as a person says them and never rounds a radius down', () => {
    expect(formatDistance(t, 73)).toBe('75 m');
    expect(formatDistance(t, 342)).toBe('340 m');
    expect(formatDistance(t, 1234)).toBe('1.2 km');
    expect(radiusText(t, 12)).toBe('±15 m');
    expect(radiusText(t, 199)).toBe('±200 m');
  });

  it('sums up an incident by its best-located sound', () => {
    const answer = (sources: LocatedSource[]): SourceAnswer => ({
      composite_id: 'c',
      speed_of_sound_mps: 343,
      timestamp_resolution_ms: 1,
      sources,
      tracks: [],
    });
    const near = source({ method: 'nearest-mic', radius_m: 500 });
    const wide = source({ method: 'level', radius_m: 80 });
    const tight = source({ radius_m: 9 });
    expect(bestSource(answer([near, wide, tight]))).toBe(tight);
    expect(bestSource(answer([near]))).toBe(near);
    expect(bestSource(answer([]))).toBeNull();
  });

  it('says why in the reader language, from the codes, and keeps the server words for a reason it does not know', () => {
    i18n.changeLanguage('ko');
    expect(reasonText(['two-mics', 'no-levels'], 'cannot locate: …')).toBe(
      '마이크 두 개로는 한 점이 아니라 곡선만 정해집니다; 쓸 수 있는 소리 크기를 보고한 마이크가 너무 적습니다',
    );
    expect(reasonText([], 'the levels chose between places the arrival times allowed')).toBe(
      '도달 시각이 허용한 여러 곳 중 소리 크기로 한 곳을 골랐습니다',
    );
    expect(reasonText(['a-newer-code'], 'cannot locate: something new')).toBe('something new');
    expect(
      droppedText(t, {
        mic_id: 'm',
        event_id: 'e',
        code: 'clock',
        why: 'its time is +412 ms off what the other mics imply (its clock?)',
      }),
    ).toBe('다른 마이크들로 보아 시각이 +412 ms 어긋납니다 (시계 오류?)');
  });
});
