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
