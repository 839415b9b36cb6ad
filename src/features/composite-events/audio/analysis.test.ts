import { describe, expect, it } from 'vitest';
import { compositeEventFixture } from '@/testing/fixtures';
import { analyse, fft, onsetOf } from './analysis';
import { markedPart, placements, soundsOf } from './sounds';

const RATE = 8000;
/** Half a second of near silence, then a tone of `hz` for the rest of a 1.5 s clip. */
function toneAfter(hz: number, silence = 0.5, seconds = 1.5): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i++) {
    const t = i / RATE;
    out[i] = t < silence ? 0.001 * Math.sin(i * 12.9898) : 0.6 * Math.sin(2 * Math.PI * hz * t);
  }
  return out;
}

describe('clip analysis', () => {
  it('FFT finds a pure tone in its bin', () => {
    const n = 64;
    const re = Float64Array.from({ length: n }, (_, k) => Math.cos((2 * Math.PI * 5 * k) / n));
    const im = new Float64Array(n);
    fft(re, im);
    const magnitudes = [...re].map((r, k) => Math.hypot(r, im[k]!));
    expect(magnitudes.indexOf(Math.max(...magnitudes.slice(0, n / 2)))).toBe(5);
    expect(magnitudes[5]).toBeCloseTo(n / 2, 6);
  });

  it('finds where the sound starts, and draws it where its pitch is', () => {
    const samples = toneAfter(1000);
    expect(onsetOf(samples, RATE)).toBeCloseTo(0.5, 1);
    const clip = analyse(samples, RATE, 30);
    expect(clip.duration).toBeCloseTo(1.5, 5);
    expect(clip.peak).toBeCloseTo(0.6, 2);
    const column = (c: number) => [...clip.spectrogram.slice(c * clip.bins, (c + 1) * clip.bins)];
    const loud = column(25);
    // 1 kHz of a 4 kHz band in 128 bins: bin 32 is the brightest once the tone plays, and all is dark before.
    expect(loud.indexOf(Math.max(...loud))).toBe(32);
    expect(Math.max(...column(2))).toBeLessThan(Math.max(...loud) / 2);
  });
});

describe('sounds of an incident', () => {
  it('splits detections more than 2.5 s apart into sounds, each in arrival order from its first mic', () => {
    const base = compositeEventFixture();
    const at = (iso: string, id: string) => ({ ...base.events[0]!, id, created_at: iso });
    const sounds = soundsOf([
      at('2026-11-21T07:00:11.200Z', 'b'),
      at('2026-11-21T07:00:10.000Z', 'a'),
      at('2026-11-21T07:00:20.000Z', 'c'),
    ]);
    expect(sounds.map((sound) => sound.map((row) => [row.event.id, row.offsetMs]))).toEqual([
      [
        ['a', 0],
        ['b', 1200],
      ],
      [['c', 0]],
    ]);
    const { span, placed } = placements(sounds[0]!, [
      { onset: 0.5, duration: 2 },
      { onset: 0.5, duration: 2 },
    ]);
    expect(span).toBeCloseTo(3.2, 6);
    expect(placed[1]!.start).toBeCloseTo(1.2, 6);
    expect(markedPart(0.05, 2)).toEqual([0, 0.75]);
  });
});
