/** An answer over the size cap (EDGE_MAX_RESPONSE_BYTES, or EDGE_MAX_AUDIO_BYTES for clips). */
export class EdgeResponseTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`Edge response too large (over ${formatBytes(limit)}, EDGE_MAX_RESPONSE_BYTES)`);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} kB`;
  return `${bytes} bytes`;
}

/**
 * Reads an upstream body, refusing one larger than `limit` bytes (after content decoding): a
 * declared Content-Length over the limit is refused before reading, and a body that turns out
 * longer is refused as soon as it passes the limit. In both cases the stream is cancelled, which
 * closes the connection, so the rest is never read or buffered.
 */
export async function readCapped(response: Response, limit: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new EdgeResponseTooLarge(limit);
  }
  if (response.body === null) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new EdgeResponseTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
