import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CompositeBody, crc32Combine, piece } from './composite-body.js';

describe('composite bodies', () => {
  it('combines checksums into the checksum of the joined bytes, whatever their lengths', () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 251));
    for (const [cut, end] of [
      [0, 0],
      [0, 10],
      [1, 2],
      [13, 4096],
      [5000, 70_000],
    ] as const) {
      const a = bytes.subarray(0, cut);
      const b = bytes.subarray(cut, end);
      expect(crc32Combine(zlib.crc32(a), zlib.crc32(b), b.length)).toBe(zlib.crc32(bytes.subarray(0, end)));
    }
  });

  it('gzips a page of pieces into what gunzip reads back as the page JSON', () => {
    const items = [
      piece(Buffer.from('{"id":"a","name":"스크림"}')),
      piece(Buffer.from(`{"id":"b","x":"${'z'.repeat(9000)}"}`)),
    ];
    const body = CompositeBody.page('{"page":1,"size":25,"results":[]}', items);
    expect(JSON.parse(body.json().toString()).results.map((r: { id: string }) => r.id)).toEqual(['a', 'b']);
    expect(zlib.gunzipSync(body.gzip()).equals(body.json())).toBe(true);
  });
});
