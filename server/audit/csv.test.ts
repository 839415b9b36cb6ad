import { describe, expect, it } from 'vitest';
import { changeSummary, pickRequested } from './changes.js';
import { csvCell, csvLine } from './csv.js';

describe('audit CSV cells', () => {
  it('defuses cells a spreadsheet would run as a formula', () => {
    for (const text of ['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tx'])
      expect(csvCell(text).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('mic-0048')).toBe('mic-0048');
    expect(csvCell(-3)).toBe('-3');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', null])).toBe('"a,b","say ""hi""","two\nlines",\r\n');
  });
});

describe('mic changes', () => {
  const mic = {
    name: 'Gate',
    host: '10.0.0.5',
    status: 'active',
    location: { latitude: 37.5, longitude: 127 },
    thresholds: { scream: { confidence: 0.5, sound_level_ge: 65 }, glass: { confidence: 0.7, sound_level_ge: 70 } },
  };

  it('keeps the requested fields and only the requested threshold categories', () => {
    expect(pickRequested(mic, { name: 'North gate', thresholds: { scream: 0.8 } })).toEqual({
      name: 'Gate',
      thresholds: { scream: { confidence: 0.5, sound_level_ge: 65 } },
    });
    expect(pickRequested(mic, { color: 'red' })).toBeNull();
  });

  it('summarises before → after for a CSV cell', () => {
    expect(
      changeSummary({ before: { name: 'Gate', status: 'active' }, after: { name: 'North gate', status: 'inactive' } }),
    ).toBe('name: Gate → North gate; status: active → inactive');
    expect(
      changeSummary({ before: null, requested: { status: 'inactive' }, answer: { status: 422, detail: 'bad' } }),
    ).toBe('status: — → inactive; answer: 422 bad');
  });
});
