import { describe, expect, it } from 'vitest';
import type { InventoryMic } from '@/api';
import { countGrid, coverageMics, hearingRangeM, MAX_RANGE_M, MIN_MICS } from './coverage-model';

function mic(id: string, over: Partial<InventoryMic> = {}): InventoryMic {
  return { id, name: id, edge_id: 'edge-1', status: 'active', location: { latitude: 37.5, longitude: 127 }, ...over };
}

describe('coverage', () => {
  it('hears a louder sound or a lower threshold farther, within the model', () => {
    const scream = hearingRangeM(130, 65);
    // 130 − 20·log10(r) − 0.02·r = 65 at the range.
    expect(130 - 20 * Math.log10(scream) - 0.02 * scream).toBeCloseTo(65, 0);
    expect(hearingRangeM(155, 65)).toBeGreaterThan(scream);
    expect(hearingRangeM(130, 80)).toBeLessThan(scream);
    expect(hearingRangeM(60, 65)).toBe(0);
    expect(hearingRangeM(400, 20)).toBe(MAX_RANGE_M);
  });

  it('counts active mics not suspected deaf, each with its own threshold when thresholds read as dB', () => {
    const mics = [mic('a'), mic('b'), mic('off', { status: 'inactive' }), mic('deaf'), mic('toString')];
    const levels = { version: 'v', category: 'scream', in_db: true, levels: { a: 80, off: 70 } };
    const { mics: counted, inDb } = coverageMics(mics, levels, new Set(['deaf']));
    expect(inDb).toBe(true);
    expect(counted.map((m) => m.id)).toEqual(['a', 'b', 'toString']);
    expect(counted.map((m) => m.rangeM)).toEqual([
      hearingRangeM(130, 80),
      hearingRangeM(130, 65),
      hearingRangeM(130, 65),
    ]);
  });

  it('gives every mic the category’s fixed range when thresholds are not dB', () => {
    const levels = { version: 'v', category: 'scream', in_db: false, levels: { a: 0.7 } };
    const { mics: counted } = coverageMics([mic('a'), mic('b')], levels, new Set());
    expect(counted.map((m) => m.rangeM)).toEqual([hearingRangeM(130, 65), hearingRangeM(130, 65)]);
  });

  it('marks where three discs overlap, and keeps a disc smaller than a cell in its own cell', () => {
    const grid = countGrid(
      [
        { x: 30, y: 30, r: 20 },
        { x: 40, y: 30, r: 20 },
        { x: 35, y: 40, r: 20 },
      ],
      100,
      100,
      5,
    );
    const at = (x: number, y: number) => grid.counts[Math.floor(y / 5) * grid.cols + Math.floor(x / 5)];
    expect(at(35, 33)).toBe(MIN_MICS);
    expect(at(12, 30)).toBe(1);
    expect(at(90, 90)).toBe(0);
    const tiny = countGrid([{ x: 52, y: 52, r: 0.3 }], 100, 100, 6);
    expect(tiny.counts.reduce((sum, n) => sum + n, 0)).toBe(1);
  });
});
