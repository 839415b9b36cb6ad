import type { FastifyInstance, FastifyReply } from 'fastify';
import { refuseIssues } from '../http/errors.js';
import { z } from 'zod';
import { recordAudit } from '../audit/record.js';
import { requireRole, SIGN_IN_NEEDED } from '../auth/guard.js';
import { clientAddress } from '../auth/sessions.js';
import type { ConsoleDb } from '../db/database.js';
import { prioritizerFor } from './index.js';
import { LEVELS, type Level } from './score.js';
import { precisionReport, storedFacts, writeSettings } from './store.js';

const MAX_LABELS = 200;

const level = z.enum(LEVELS);
const labelId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\p{L}\p{N}_.:-]+$/u, 'a label id is letters, digits and _ . : -');
const settingsBody = z
  .object({
    review_level: level.optional(),
    severities: z
      .record(labelId, level)
      .refine((map) => Object.keys(map).length <= MAX_LABELS, `at most ${MAX_LABELS} labels`)
      .optional(),
  })
  .strict();
export const MAX_ITEMS = 200;
const itemKey = z
  .string()
  .regex(/^(composite|event):.{1,200}$/s, 'composite:<id> or event:<id>')
  .refine((key) => ![...key].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f), {
    message: 'must not contain control characters',
  });
const itemsQuery = z.object({
  key: z
    .union([itemKey, z.array(itemKey)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .refine((keys) => keys.length <= MAX_ITEMS, `At most ${MAX_ITEMS} keys per request`),
});

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * Priority's routes: the settings (anyone signed in reads them; only an admin changes them,
 * audited), precision from outcomes, and the context a screen scores its items with.
 */
export function registerPriorityRoutes(app: FastifyInstance, { db }: { db: ConsoleDb }): void {
  const prioritizer = prioritizerFor(db);
  const signedIn = async (request: { principal: unknown }, reply: FastifyReply) => {
    if (request.principal === null) return noStore(reply).code(401).send({ detail: SIGN_IN_NEEDED });
  };

  app.get('/api/priority/settings', { preHandler: signedIn }, async (_request, reply) => {
    const settings = await prioritizer.settings();
    return noStore(reply).send({ review_level: settings.reviewLevel, severities: settings.severities, levels: LEVELS });
  });

  app.patch('/api/priority/settings', { preHandler: requireRole('admin') }, async (request, reply) => {
    const parsed = settingsBody.safeParse(request.body);
    if (!parsed.success) return refuseIssues(reply, 'body', parsed.error);
    const principal = request.principal!;
    const actor = principal.kind === 'account' ? principal.username : 'unknown';
    const changed = await writeSettings(
      db,
      {
        reviewLevel: parsed.data.review_level,
        severities: parsed.data.severities as Record<string, Level> | undefined,
      },
      actor,
    );
    prioritizer.invalidate();
    await recordAudit(db, {
      actor: principal,
      action: 'priority.settings',
      target: { type: 'priority_settings', id: 'priority' },
      details: { changed },
      outcome: 'ok',
      ip: clientAddress(request),
    });
    const settings = await prioritizer.settings();
    return noStore(reply).send({ review_level: settings.reviewLevel, severities: settings.severities, levels: LEVELS });
  });

  app.get('/api/priority/precision', { preHandler: signedIn }, async (_request, reply) => {
    return noStore(reply).send(await precisionReport(db));
  });

  /**
   * The priorities of items the console has read from the edge (the hub's feed, the badge's scan),
   * scored again with today's settings and outcomes. An item it never read is left out: unknown.
   */
  app.get('/api/priority/items', { preHandler: signedIn }, async (request, reply) => {
    const parsed = itemsQuery.safeParse(request.query);
    if (!parsed.success) return refuseIssues(reply, 'query', parsed.error);
    const keys = parsed.data.key.map((text) => {
      const at = text.indexOf(':');
      return { kind: text.slice(0, at), id: text.slice(at + 1) };
    });
    const facts = await storedFacts(db, keys);
    const priorities: Record<string, unknown> = {};
    for (const [key, itemFacts] of facts) priorities[key] = await prioritizer.score(itemFacts);
    return noStore(reply).send({ priorities });
  });

  // What a screen needs to score the items it shows as the server does (score.ts runs in both).
  app.get('/api/priority/context', { preHandler: signedIn }, async (_request, reply) => {
    const context = await prioritizer.browserContext();
    return noStore(reply).send(context);
  });
}
