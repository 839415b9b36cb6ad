import zlib from 'node:zlib';

/** A piece of a composite-event body: its JSON text, and the same as raw deflate blocks. */
export interface Piece {
  json: Buffer;
  /** Ends on a byte boundary without a final block, so pieces can be joined into one stream. */
  deflated: Buffer;
}

export function piece(json: Buffer): Piece {
  return { json, deflated: zlib.deflateRawSync(json, { finishFlush: zlib.constants.Z_SYNC_FLUSH }) };
}

const COMMA = piece(Buffer.from(','));
const PAGE_END = piece(Buffer.from(']}'));
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const FINAL_BLOCK = zlib.deflateRawSync(Buffer.alloc(0));

/**
 * A composite-event body made of cached pieces, as JSON or as gzip. The gzip is the pieces'
 * deflate blocks back to back in one member, so a page is compressed once per composite event
 * (when it is cached), never per request.
 */
export class CompositeBody {
  constructor(private readonly pieces: readonly Piece[]) {}

  /** A page envelope (`{"page":…,"results":[]}` as JSON text) with the items between its brackets. */
  static page(envelope: string, items: readonly Piece[]): CompositeBody {
    const between = items.flatMap((item, i) => (i === 0 ? [item] : [COMMA, item]));
    return new CompositeBody([piece(Buffer.from(envelope.slice(0, -2))), ...between, PAGE_END]);
  }

  json(): Buffer {
    return Buffer.concat(this.pieces.map((p) => p.json));
  }

  gzip(): Buffer {
    let crc = 0;
    let size = 0;
    for (const p of this.pieces) {
      crc = zlib.crc32(p.json, crc);
      size += p.json.length;
    }
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(size % 2 ** 32, 4);
    return Buffer.concat([GZIP_HEADER, ...this.pieces.map((p) => p.deflated), FINAL_BLOCK, trailer]);
  }
}
