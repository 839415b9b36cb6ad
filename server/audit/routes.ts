import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { requireRole } from '../auth/guard.js';
import type { ConsoleDb } from '../db/database.js';
import { refuseIssues } from '../http/errors.js';
import { changeSummary } from './changes.js';
import { csvLine } from './csv.js';
import { auditBatches, auditFilterSchema, auditPageSchema, countAudit, pageOfAudit, viewOf } from './query.js';

/** The most rows one CSV export holds; the answer's headers say when a filter matched more. */
export const CSV_CAP = 10_000;

const CSV_COLUMNS = [
  'id',
  'at_utc',
  'actor_kind',
  'actor',
  'action',
  'outcome',
  'target_type',
  'target_id',
  'changes',
  'ip',
  'details_json',
] as const;

export interface AuditRouteOptions {
  db: ConsoleDb;
  retentionDays: number;
}

/** Admin → Audit (list and CSV) and a mic's History. */
export function registerAuditRoutes(app: FastifyInstance, { db, retentionDays }: AuditRouteOptions): void {
  const admin = { preHandler: requireRole('admin') };

  app.get('/api/admin/audit', admin, async (request, reply) => {
    const parsed = auditPageSchema.safeParse(request.query);
    if (!parsed.success) return refuseIssues(reply, 'query', parsed.error);
    const { page, size, ...filter } = parsed.data;
    const body = await pageOfAudit(db, filter, page, size);
    return reply.header('cache-control', 'no-store').send({ ...body, retention_days: retentionDays });
  });

  app.get('/api/admin/audit.csv', admin, async (request, reply) => {
    const parsed = auditFilterSchema.safeParse(request.query);
    if (!parsed.success) return refuseIssues(reply, 'query', parsed.error);
    const filter = parsed.data;
    const total = await countAudit(db, filter);
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    async function* lines() {
      // A byte-order mark, so spreadsheet programs read Korean names as UTF-8.
      yield `\uFEFF${csvLine(CSV_COLUMNS)}`;
      for await (const rows of auditBatches(db, filter, CSV_CAP)) {
        yield rows
          .map((row) => {
            const view = viewOf(row);
            return csvLine([
              view.id,
              view.at,
              view.actor.kind,
              view.actor.name,
              view.action,
              view.outcome,
              view.target?.type,
              view.target?.id,
              changeSummary(view.details),
              view.ip,
              view.details === null ? null : JSON.stringify(view.details),
            ]);
          })
          .join('');
      }
    }
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="audit-${stamp}.csv"`)
      .header('x-export-total', String(total))
      .header('x-export-cap', String(CSV_CAP))
      .header('x-export-truncated', total > CSV_CAP ? '1' : '0')
      .type('text/csv; charset=utf-8')
      .send(Readable.from(lines()));
  });

  // Viewers read a mic's history too: it is the context of a device they watch ("who switched
  // this mic off, and when?"). Wall links hold no account and never show it: they get 403.
  app.get('/api/mics/:id/history', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (request.principal?.kind !== 'account') {
      return reply.code(403).send({ detail: 'A mic’s history needs a signed-in account.' });
    }
    const { id } = request.params as { id: string };
    const parsed = auditPageSchema.pick({ page: true, size: true }).safeParse(request.query);
    if (!parsed.success) return refuseIssues(reply, 'query', parsed.error);
    const filter = { person: null, action: null, mic: id, from: null, to: null };
    return reply.send(await pageOfAudit(db, filter, parsed.data.page, parsed.data.size));
  });
}
