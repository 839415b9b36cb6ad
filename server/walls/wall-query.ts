/** The wall's URL options a link may carry (see src/features/wall/wall-config.ts). */
export const WALL_OPTIONS = ['edge_id', 'label', 'window', 'refresh', 'chime', 'lang'] as const;

const MAX_QUERY_CHARS = 500;
const MAX_VALUE_CHARS = 120;

export class WallQueryError extends Error {}

/**
 * Normalises a link's wall options (`edge_id=…&window=15m`, with or without a leading `?`):
 * known keys only, each once, short values, a known language. Throws WallQueryError naming what
 * is wrong, so the admin (or the CLI user) sees why instead of a wall that silently ignores it.
 */
export function normaliseWallQuery(input: string): string {
  const text = input.trim().replace(/^\?/, '');
  if (text.length > MAX_QUERY_CHARS)
    throw new WallQueryError(`Wall options are too long (at most ${MAX_QUERY_CHARS} characters)`);
  const params = new URLSearchParams(text);
  const out = new URLSearchParams();
  for (const [key, rawValue] of params) {
    if (!(WALL_OPTIONS as readonly string[]).includes(key)) {
      throw new WallQueryError(`Unknown wall option "${key}" (known: ${WALL_OPTIONS.join(', ')})`);
    }
    if (out.has(key)) throw new WallQueryError(`Wall option "${key}" is given twice`);
    const value = rawValue.trim();
    if (value.length > MAX_VALUE_CHARS) throw new WallQueryError(`Wall option "${key}" is too long`);
    if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
      throw new WallQueryError(`Wall option "${key}" contains control characters`);
    }
    if (key === 'lang' && value !== 'en' && value !== 'ko')
      throw new WallQueryError('Wall option "lang" must be en or ko');
    if (value !== '') out.set(key, value);
  }
  return out.toString();
}
