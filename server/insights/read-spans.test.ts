import { describe, expect, it } from 'vitest';
import { mergeSpans, windowRead } from './read-spans.js';

describe('read spans', () => {
  it('joins spans that overlap or touch, drops empty ones, and keeps gaps', () => {
    expect(
      mergeSpans([
        { from: 50, to: 60 },
        { from: 0, to: 10 },
        { from: 10, to: 20 },
        { from: 15, to: 30 },
        { from: 40, to: 40 },
      ]),
    ).toEqual([
      { from: 0, to: 30 },
      { from: 50, to: 60 },
    ]);
  });

  it('counts a window read only when one span holds both of its sides', () => {
    const spans = mergeSpans([
      { from: 0, to: 100 },
      { from: 120, to: 200 },
    ]);
    expect(windowRead(50, 10, spans)).toBe(true);
    expect(windowRead(10, 10, spans)).toBe(true);
    expect(windowRead(95, 10, spans)).toBe(false);
    expect(windowRead(125, 10, spans)).toBe(false);
    expect(windowRead(190, 10, spans)).toBe(true);
    expect(windowRead(195, 10, [])).toBe(false);
  });
});
