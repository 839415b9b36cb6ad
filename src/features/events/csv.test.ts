import { describe, expect, it } from 'vitest';
import { eventFixture } from '@/testing/fixtures';
import { escapeCsvCell, eventsCsvBlob, toCsv } from './csv';

describe('CSV escaping', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(escapeCsvCell('plain')).toBe('plain');
    expect(escapeCsvCell('a,b')).toBe('"a,b"');
    expect(escapeCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(escapeCsvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(escapeCsvCell(' padded ')).toBe('" padded "');
  });

  it('defuses text that a spreadsheet would run as a formula', () => {
    expect(escapeCsvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(escapeCsvCell('+1')).toBe("'+1");
    expect(escapeCsvCell('-2')).toBe("'-2");
    expect(escapeCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('leaves numbers (including negative coordinates) as numbers and empties null', () => {
    expect(escapeCsvCell(-122.4194)).toBe('-122.4194');
    expect(escapeCsvCell(0.82)).toBe('0.82');
    expect(escapeCsvCell(null)).toBe('');
    expect(
      toCsv([
        ['a', 1],
        ['b,c', null],
      ]),
    ).toBe('a,1\r\n"b,c",');
  });

  it('writes both label names and a BOM so Korean survives spreadsheets', async () => {
    const blob = eventsCsvBlob([
      eventFixture({ mic: { id: 'mic-9', name: '=cmd|x', location: { latitude: 37.5, longitude: -1.25 } } }),
    ]);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row] = new TextDecoder().decode(bytes.slice(3)).trim().split('\r\n');
    expect(header).toBe(
      'created_at_utc,event_id,label_id,label_en,label_ko,confidence,mic_id,mic_name,latitude,longitude',
    );
    expect(row).toBe("2026-11-21T07:00:00.000Z,evt-1,scream,Scream,비명,0.82,mic-9,'=cmd|x,37.5,-1.25");
  });
});
