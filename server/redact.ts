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

/** What stands where a secret was: in free text, in a URL's query and after `password=`. */
const MASK = '…';

/** Key names that hold a secret wherever they appear in the name (`devicePassword`, `X-Api-Key`, `sessionId`). */
const SECRET_IN_NAME =
  /pass(?:word|wd|phrase)|pwd|secret|token|api_?key|credential|authori[sz]ation|private_?key|cookie|session/;
/** Short names that hold a secret only as a whole word of the name (`pass`, `basic_auth`; not `passage`, `author`). */
const SECRET_WORDS = new Set(['pass', 'auth']);
/** A device's user name: not a secret alone, but half of one, removed from edge answers since the first version. */
const USER_NAME = /^user[_-]?name$/i;
/** Query parameters that carry a credential in signed or keyed URLs (`?key=`, `?sig=`, `X-Amz-Signature`). */
const SECRET_QUERY_WORDS = new Set(['key', 'sig', 'signature', 'auth']);

const wordsOf = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);

function namesCredential(name: string): boolean {
  const normal = name.toLowerCase().replaceAll('-', '_');
  if (SECRET_IN_NAME.test(normal)) return true;
  return wordsOf(name).some((word) => SECRET_WORDS.has(word));
}

/** An edge's bodies repeat a few dozen key names; a page of composites holds some hundred thousand keys. */
const knownKeys = new Map<string, boolean>();
const MAX_KNOWN_KEYS = 2000;

/** Whether a key (of JSON, of a `key=value` pair) names a credential. Any case, `-` or `_`. */
export function isCredentialKey(name: string): boolean {
  let answer = knownKeys.get(name);
  if (answer === undefined) {
    answer = namesCredential(name);
    if (knownKeys.size >= MAX_KNOWN_KEYS) knownKeys.clear();
    knownKeys.set(name, answer);
  }
  return answer;
}

function isCredentialParam(name: string): boolean {
  if (isCredentialKey(name)) return true;
  const words = wordsOf(name);
  return SECRET_QUERY_WORDS.has(words[words.length - 1] ?? '');
}

/**
 * `scheme://` followed by userinfo: everything up to an `@` before the first `/` or whitespace.
 * Userinfo may not contain `/` (RFC 3986), but `?`, `#` and a raw `@` in a badly built device URL
 * are taken as part of it, so a password never survives half-removed; the repetition removes
 * `user:p@ss@` whole.
 */
const URL_USERINFO = /([a-z][a-z0-9+.-]*:\/\/)(?:[^\s/@]*@)+/gi;
/** `admin:secret@10.0.0.5/s` with no scheme: a word, a colon, anything up to `@`, then a host. */
const BARE_USERINFO = /(?<![\w.+-])[^\s/@:'"<>()[\]{}]+:(?:[^\s/@'"<>]*@)+(?=[\w[])/g;
const QUERY_PARAM = /([?&;])([^=&#\s?]+)=([^&#\s'"<>]+)/g;
/**
 * `password=x`, `token: x`, `"secret": "x"`, `Authorization: Bearer x` in free text. A value ends
 * at whitespace or `&` (the next query parameter); a quoted one at its closing quote.
 */
const PAIR =
  /(?<![\w.-])([A-Za-z][\w.-]*)(["']?\s*[=:]\s*)(?:(?:Bearer|Basic|Digest|Token)\s+)?(?:"[^"]*"|'[^']*'|[^\s&]+)/g;
/**
 * Masks the value of each credential pair. A pair of another key (`failed: password=x`) gives
 * back its value to be read again, as the value may hold a pair of its own.
 */
function maskPairs(text: string): string {
  let out = '';
  let from = 0;
  PAIR.lastIndex = 0;
  for (let match = PAIR.exec(text); match !== null; match = PAIR.exec(text)) {
    const [whole, name = '', between = ''] = match;
    if (isCredentialKey(name) || USER_NAME.test(name) || name.toLowerCase() === 'user') {
      out += `${text.slice(from, match.index)}${name}${between}${MASK}`;
      from = match.index + whole.length;
    } else {
      PAIR.lastIndex = match.index + name.length + between.length;
    }
  }
  return out + text.slice(from);
}

/** Text that cannot hold any of the above is returned at once (most ids, names, times). */
const MAYBE_SECRET = /[@?&]|pass|pwd|secret|token|key|credential|auth|cookie|session|sig|user/i;

/**
 * Removes credentials from free text: the userinfo of a URL (with or without a scheme), the value
 * of a credential query parameter, and the value of a `key=value` or `key: value` pair whose key
 * names a credential. Other text is unchanged.
 */
export function redactText(text: string): string {
  if (!MAYBE_SECRET.test(text)) return text;
  const withoutUrls = text
    .replace(URL_USERINFO, '$1')
    .replace(BARE_USERINFO, '')
    .replace(QUERY_PARAM, (whole, separator: string, name: string) =>
      isCredentialParam(name) ? `${separator}${name}=${MASK}` : whole,
    );
  return maskPairs(withoutUrls);
}

export interface RedactOptions {
  /**
   * Null `username` keys too (the default): in an edge's answer they name a device's account. The
   * audit trail keeps them, where they name the console's own accounts.
   */
  userNames?: boolean;
}

/** Objects are redacted in place; a string is returned redacted, for the caller to store. */
function redactChild(value: unknown, options: RedactOptions): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'object' && value !== null) redactCredentials(value, options);
  return value;
}

/**
 * Removes credentials from a value, in place: every key that names a credential (isCredentialKey:
 * any case, any depth, in objects and arrays) and, unless asked not to, every `username` is set
 * to null, and every string goes through
 * redactText. Nothing else changes, so the channel and console objects of composite events keep
 * their documented shape (`username` string|null). Used on every edge answer a browser gets, on
 * what the audit trail stores and shows, and by the embedded demo edge on its composite events.
 */
export function redactCredentials<T>(value: T, options: RedactOptions = {}): T {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = redactChild(value[i], options);
    return value;
  }
  if (typeof value !== 'object' || value === null) return redactChild(value, options) as T;
  const record = value as Record<string, unknown>;
  const userNames = options.userNames ?? true;
  for (const key of Object.keys(record)) {
    const child = record[key];
    if (isCredentialKey(key) || (userNames && USER_NAME.test(key))) {
      if (child !== null && child !== undefined) record[key] = null;
    } else {
      const redacted = redactChild(child, options);
      if (redacted !== child) record[key] = redacted;
    }
  }
  return value;
}
