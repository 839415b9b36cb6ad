import { describe, expect, it } from 'vitest';
import { eventFixture } from '@/testing/fixtures';
import { eventsCsvBlob } from './csv';

describe('events CSV', () => {
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
