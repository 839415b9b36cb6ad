/** Origin pattern of a tile URL template for img-src, e.g. https://{s}.tile.example.org → https://*.tile.example.org */
export function tileSource(template: string | null): string | null {
  if (template === null) return null;
  const match = /^(https?:)\/\/([^/]+)/i.exec(template);
  if (match === null) return null;
  const host = match[2]!.replace(/\{[^}]+\}/g, '*');
  return `${match[1]!.toLowerCase()}//${host}`;
}

/** `scriptHashes`: the inline scripts the pages carry (server/boot-script.ts); no other may run. */
export function securityHeaders(tileUrl: string | null, scriptHashes: readonly string[] = []): Record<string, string> {
  const tiles = tileSource(tileUrl);
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    // Mantine and Leaflet set inline styles; no inline script but those named by hash.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tiles === null ? '' : ` ${tiles}`}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    // The player plays clips it fetched and decoded (one request for both) from blob: URLs it made.
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
}
