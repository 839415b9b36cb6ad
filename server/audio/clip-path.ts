import path from 'node:path';

/** A base event's `file_path`, accepted or refused; a refusal says why, for the log. */
export type ClipPath = { ok: true; encoded: string } | { ok: false; reason: string };

const MAX_PATH = 1024;

const refused = (reason: string): ClipPath => ({ ok: false, reason });

function controlOrSpace(text: string): boolean {
  for (const ch of text) {
    if (ch === ' ') continue;
    const code = ch.codePointAt(0)!;
    // C0, DEL, C1, and the other Unicode spaces and separators a server might trim or split on.
    if (code < 0x20 || (code >= 0x7f && code <= 0xa0) || /\p{Z}/u.test(ch) || code === 0xfeff) return true;
  }
  return false;
}

/** Why a path (raw, or once decoded) is not a plain absolute path, or null. */
function shapeProblem(text: string): string | null {
  if (!text.startsWith('/')) return 'not an absolute path';
  if (text.startsWith('//')) return 'a host, not a path';
  if (text.includes('\\')) return 'a backslash';
  if (controlOrSpace(text)) return 'a control character or an unusual space';
  if (text.includes('?') || text.includes('#')) return 'a query or fragment';
  if (/^\/[a-z][a-z0-9+.-]*:/i.test(text) || text.includes('://')) return 'a scheme';
  const segments = text.slice(1).split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'a dot segment';
  if (segments.some((segment) => segment === '')) return 'an empty segment';
  return null;
}

/**
 * Checks a base event's `file_path` (data from the edge, so untrusted) before anything is fetched
 * with it: only a plain absolute path passes. The raw text must be one; decoded once it must still
 * be one, with no `%` left that a second decoding could turn into something else (`%252e%252e`);
 * and normalising it must change nothing. What goes to the edge is the decoded path with each
 * segment encoded again, so the request names exactly the segments that were checked.
 */
export function checkClipPath(raw: unknown): ClipPath {
  if (typeof raw !== 'string' || raw === '') return refused('no path');
  if (raw.length > MAX_PATH) return refused('longer than 1024 characters');
  const rawProblem = shapeProblem(raw);
  if (rawProblem !== null) return refused(rawProblem);
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return refused('malformed percent-encoding');
  }
  if (decoded.includes('%')) return refused('encoded twice');
  const decodedProblem = shapeProblem(decoded);
  if (decodedProblem !== null) return refused(`${decodedProblem} once decoded`);
  if (path.posix.normalize(decoded) !== decoded) return refused('not in normal form');
  const encoded = decoded
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return { ok: true, encoded };
}

/**
 * The URL of a checked path under `base` (EDGE_AUDIO_URL or the edge's address, with any path
 * prefix it has), or null when the URL parser would make it anything else.
 */
export function clipUrl(base: string, encoded: string): string | null {
  const url = new URL(base);
  const prefix = url.pathname.replace(/\/+$/, '');
  const target = new URL(`${url.origin}${prefix}${encoded}`);
  if (target.origin !== url.origin || target.pathname !== `${prefix}${encoded}` || target.search !== '') return null;
  return target.toString();
}
