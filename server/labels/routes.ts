import type { FastifyInstance } from 'fastify';
import { SIGN_IN_NEEDED, refuse } from '../auth/guard.js';
import type { ConsoleDb } from '../db/database.js';

/** A city edge names some dozens of categories; a bound keeps the answer small whatever an edge sends. */
export const MAX_LABELS = 500;
/** Edge text is untrusted: a name longer than this is cut (the browser renders it as text). */
export const MAX_NAME_CHARS = 200;
/** Every screen asks on opening: a burst of them reads the table once. Short, so a name the hub just read is served. */
const FRESH_MS = 5_000;

export interface LabelNames {
  /**
   * False when the console reads no events of its own (the browser holds the edge token): it then
   * knows no names, and a screen learns them from the events it reads.
   */
  kept: boolean;
  labels: { id: string; name: { ko: string; en: string } }[];
  /** False when the console holds more categories than one answer carries. */
  complete: boolean;
}

const cut = (text: string) => (text.length > MAX_NAME_CHARS ? text.slice(0, MAX_NAME_CHARS) : text);

/**
 * GET /api/labels: the ko/en name of every category the console has seen in an event it read
 * (the hub's polls, the back-fill; kept in insight_labels). The edge has no label list, so a
 * page used to read three pages of 100 events to learn names, and named a category the edge had
 * not sent lately by its key. Any signed-in screen, a wall link too, may read it.
 */
export function registerLabels(
  app: FastifyInstance,
  { db, kept, freshMs = FRESH_MS }: { db: ConsoleDb; kept: boolean; freshMs?: number },
): void {
  let cached: { at: number; answer: Promise<LabelNames> } | null = null;
  const read = async (): Promise<LabelNames> => {
    const rows = await db.db
      .selectFrom('insight_labels')
      .select(['label_id', 'name_ko', 'name_en'])
      .orderBy('label_id')
      .limit(MAX_LABELS + 1)
      .execute();
    return {
      kept,
      labels: rows
        .slice(0, MAX_LABELS)
        .map((r) => ({ id: r.label_id, name: { ko: cut(r.name_ko), en: cut(r.name_en) } })),
      complete: rows.length <= MAX_LABELS,
    };
  };
  app.get('/api/labels', async (request, reply) => {
    if (request.principal === null) return refuse(reply, { status: 401, detail: SIGN_IN_NEEDED });
    const now = Date.now();
    // Every screen asks on opening: one read of the table serves them all for a while.
    if (cached === null || now - cached.at >= freshMs) {
      const answer = read();
      cached = { at: now, answer };
      answer.catch(() => (cached = null));
    }
    return reply.header('cache-control', 'no-store').send(await cached.answer);
  });
}
