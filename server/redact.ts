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

/** Keys whose value is set to null wherever they sit, compared case-insensitively. */
const NULLED_KEYS = new Set(['username', 'password', 'credentials', 'auth']);

/**
 * `scheme://` followed by userinfo: everything up to an `@` before the first `/` or whitespace.
 * Userinfo may not contain `/` (RFC 3986), but `?`, `#` and a raw `@` in a badly built device URL
 * are taken as part of it, so a password never survives half-removed; the repetition removes
 * `user:p@ss@` whole.
 */
const URL_USERINFO = /([a-z][a-z0-9+.-]*:\/\/)(?:[^\s/@]*@)+/gi;

/** `rtsp://admin:secret@10.0.0.5/stream` → `rtsp://10.0.0.5/stream`; other text unchanged. */
export function redactUrlUserinfo(text: string): string {
  return text.includes('://') ? text.replace(URL_USERINFO, '$1') : text;
}

/** Objects are redacted in place; a string is returned redacted, for the caller to store. */
function redactChild(value: unknown): unknown {
  if (typeof value === 'string') return redactUrlUserinfo(value);
  if (typeof value === 'object' && value !== null) redactCredentials(value);
  return value;
}

/**
 * Removes device credentials from an edge answer before it reaches a browser, in place: every
 * `username`, `password`, `credentials` and `auth` key (any case, any depth) is set to null, and
 * the `user:password@` part of every URL-looking string is dropped. Nothing else changes, so the
 * channel and console objects of composite events keep their documented shape (`username`
 * string|null). Also used by the embedded demo edge on the composite events it caches.
 */
export function redactCredentials<T>(value: T): T {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = redactChild(value[i]);
    return value;
  }
  if (typeof value !== 'object' || value === null) return redactChild(value) as T;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const child = record[key];
    if (NULLED_KEYS.has(key.toLowerCase())) {
      if (child !== null && child !== undefined) record[key] = null;
    } else if (typeof child === 'string') {
      const redacted = redactUrlUserinfo(child);
      if (redacted !== child) record[key] = redacted;
    } else if (typeof child === 'object' && child !== null) {
      redactCredentials(child);
    }
  }
  return value;
}
