import { describe, expect, it } from 'vitest';
import { ringsOf } from './insight-rings';

const mic = (id: string, lat: number | null = 37.5) => ({ mic_id: id, mic_name: `Pole ${id}`, lat, lng: 127 });

describe('insight rings', () => {
  it('rings the shown mics the insights name, an unusual one once even when it may also be deaf', () => {
    const shown = new Set(['a', 'b', 'c']);
    expect(ringsOf([mic('a')], [mic('a'), mic('b'), mic('hidden')], shown)).toEqual([
      { micId: 'a', name: 'Pole a', lat: 37.5, lng: 127, kind: 'unusual' },
      { micId: 'b', name: 'Pole b', lat: 37.5, lng: 127, kind: 'deaf' },
    ]);
  });

  it('draws nothing for a mic without a position', () => {
    expect(ringsOf([mic('a', null)], [], new Set(['a']))).toEqual([]);
  });
});
