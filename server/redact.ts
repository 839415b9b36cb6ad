/**
 * Set by the console's embedded demo edge on composite-event bodies it built with credentials
 * already removed, naming the body's encoding (PRE_REDACTED_JSON or PRE_REDACTED_GZIP). The
 * gateway believes it only from that edge (see GatewayOptions), never from a configured upstream.
 */
export const PRE_REDACTED_HEADER = 'x-demo-credentials-redacted';
export const PRE_REDACTED_JSON = 'json';
/** Sent raw, not as a Content-Encoding, which the gateway's fetch would decode. */
export const PRE_REDACTED_GZIP = 'gzip';
/** Sent by the gateway to the embedded edge when the browser accepts a gzip body. */
export const GZIP_ACCEPTED_HEADER = 'x-demo-gzip-accepted';

/**
 * Removes device credentials from a composite-event body before it reaches a browser.
 * Every `channel` and `console` object, wherever it sits, gets `username` and `password`
 * set to null; nothing else changes.
 */
export function redactCredentials(value: unknown): unknown {
  if (Array.isArray(value)) {
    for (const item of value) redactCredentials(item);
    return value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  for (const [key, child] of Object.entries(record)) {
    if (
      (key === 'channel' || key === 'console') &&
      typeof child === 'object' &&
      child !== null &&
      !Array.isArray(child)
    ) {
      const connection = child as Record<string, unknown>;
      if ('username' in connection) connection.username = null;
      if ('password' in connection) connection.password = null;
    }
    redactCredentials(child);
  }
  return value;
}
