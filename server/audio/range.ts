/** One byte range of a body of `length` bytes, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The one range a Range header asks for: null to send the whole body (no header, another unit,
 * several ranges, or a malformed one: all may be ignored, RFC 9110 §14.2), 'unsatisfiable' for a
 * range starting past the end (answered 416).
 */
export function parseRange(header: string | undefined, length: number): ByteRange | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || length === 0) return 'unsatisfiable';
    return { start: Math.max(0, length - suffix), end: length - 1 };
  }
  const start = Number(first);
  if (start >= length) return 'unsatisfiable';
  const end = last === '' ? length - 1 : Number(last);
  if (end < start) return null;
  return { start, end: Math.min(end, length - 1) };
}
