import type { FastifyInstance } from 'fastify';
import { refuseInput, type Loc } from './http/errors.js';

const NUL = '\u0000';
export const NUL_REFUSED = 'Text may not contain the NUL character (U+0000).';

/** Where the first NUL is in a parsed value (a key or a string, at any depth), or null. */
function findNul(value: unknown, at: Loc): Loc | null {
  // A stack, not recursion: a 64 KB body can nest deeper than the call stack goes.
  const pending: [unknown, Loc][] = [[value, at]];
  while (pending.length > 0) {
    const [item, loc] = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes(NUL)) return loc;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) pending.push([item[i], [...loc, i]]);
    } else if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item);
      for (const [key] of entries) if (key.includes(NUL)) return [...loc, key];
      for (let i = entries.length - 1; i >= 0; i--) pending.push([entries[i]![1], [...loc, entries[i]![0]]]);
    }
  }
  return null;
}

/** A body the gateway keeps as bytes, to forward as sent: read as JSON when it is, as text otherwise. */
function bodyValue(body: unknown): unknown {
  if (!Buffer.isBuffer(body)) return body;
  const text = body.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Refuses U+0000 in any body, query string or path parameter with the shared 422 shape, before a
 * route sees it: PostgreSQL cannot store it in text (the query failed with a 500), an edge may
 * not either, and no name, comment or search needs it. One hook for every route, present and future.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const loc =
      findNul(request.params, ['path']) ??
      findNul(request.query, ['query']) ??
      findNul(bodyValue(request.body), ['body']);
    if (loc === null) return;
    return refuseInput(reply, loc, NUL_REFUSED);
  });
}
