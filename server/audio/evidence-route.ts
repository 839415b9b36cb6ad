import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/record.js';
import { viewOf } from '../audit/query.js';
import { requireRole } from '../auth/guard.js';
import { clientAddress } from '../auth/sessions.js';
import type { ConsoleDb } from '../db/database.js';
import { EdgeError } from '../edge/errors.js';
import { getEdge, type EdgeAccess } from '../edge/access.js';
import { getItem, getStates, getThread } from '../review/store.js';
import type { ClipSource } from './clip-source.js';
import { ClipError, type Clip } from './edge-clip.js';
import { buildPack, evidenceCompositeSchema, type EvidenceComposite } from './evidence-pack.js';
import { badId, refuse } from './routes.js';

export interface EvidenceOptions {
  db: ConsoleDb;
  clips: ClipSource;
  edge: EdgeAccess;
}

/** Clips read from the edge at once for one pack: quick, without flooding a small edge. */
const CLIP_CONCURRENCY = 4;
/** The location estimate waits this long at most; the pack goes out without it after. */
const LOCATION_WAIT_MS = 5_000;
const MAX_AUDIT_ROWS = 10_000;

async function clipsOf(clips: ClipSource, composite: EvidenceComposite, authorization: string | null) {
  const out = new Map<string, Clip | ClipError>();
  const queue = [...composite.events];
  const worker = async () => {
    for (let event = queue.shift(); event !== undefined; event = queue.shift()) {
      try {
        out.set(event.id, await clips.clipAt(composite.id, event.id, event.audio_file.file_path, authorization));
      } catch (error) {
        if (!(error instanceof ClipError)) throw error;
        out.set(event.id, error);
      }
    }
  };
  await Promise.all(Array.from({ length: CLIP_CONCURRENCY }, worker));
  return out;
}

/**
 * The location estimate, asked of the console's own route with the exporter's credentials, so it
 * answers what they would see; a console without that route, or an estimate that fails, leaves it out.
 */
async function locationOf(request: FastifyRequest, id: string): Promise<{ body: unknown } | { missing: string }> {
  const headers: Record<string, string> = {};
  for (const name of ['cookie', 'authorization', 'host'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), LOCATION_WAIT_MS)));
  try {
    const answer = await Promise.race([
      request.server.inject({
        method: 'GET',
        url: `/api/insights/composite-events/${encodeURIComponent(id)}/source`,
        headers,
      }),
      late,
    ]);
    if (answer === null) return { missing: `no estimate within ${LOCATION_WAIT_MS / 1000} s` };
    if (answer.statusCode !== 200) return { missing: `the estimate answered ${answer.statusCode}` };
    return { body: answer.json() };
  } catch (error) {
    return { missing: `the estimate failed (${(error as Error).message})` };
  } finally {
    clearTimeout(timer);
  }
}

/** The incident's review and those of its base events that have one, with every comment and step. */
async function reviewOf(db: ConsoleDb, composite: EvidenceComposite) {
  const key = { kind: 'composite' as const, id: composite.id };
  const events = [];
  const eventKeys = composite.events.map((event) => ({ kind: 'event' as const, id: event.id }));
  for (const item of await getStates(db, eventKeys)) {
    const thread = await getThread(db, item);
    if (item.version > 0 || thread.comments.length > 0) events.push({ item, ...thread });
  }
  return { item: await getItem(db, key), ...(await getThread(db, key)), events };
}

async function auditOf(db: ConsoleDb, composite: EvidenceComposite) {
  const eventIds = composite.events.map((event) => event.id);
  const rows = await db.db
    .selectFrom('audit')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('target_type', '=', 'composite_event'), eb('target_id', '=', composite.id)]),
        ...(eventIds.length === 0 ? [] : [eb.and([eb('target_type', '=', 'event'), eb('target_id', 'in', eventIds)])]),
      ]),
    )
    .orderBy('id')
    .limit(MAX_AUDIT_ROWS)
    .execute();
  return rows.map(viewOf);
}

/**
 * POST /api/evidence/composite-events/:id (operators and admins): the incident's evidence pack
 * (evidence-pack.ts) as a ZIP download. Every export is in the audit trail with the manifest's hash.
 */
export function registerEvidenceRoute(app: FastifyInstance, { db, clips, edge }: EvidenceOptions): void {
  app.post<{ Params: { id: string } }>(
    '/api/evidence/composite-events/:id',
    { preHandler: requireRole('operator'), compress: false },
    async (request, reply) => {
      const { id } = request.params;
      if (badId(id)) return refuse(reply, 404, 'Not Found');
      const principal = request.principal;
      if (principal?.kind !== 'account') return refuse(reply, 403, 'An account is needed to export evidence.');
      const authorization = request.headers.authorization ?? null;
      let composite: EvidenceComposite;
      try {
        const path = `/api/v1/composite-events/${encodeURIComponent(id)}`;
        composite = await getEdge(edge, path, new URLSearchParams(), authorization, evidenceCompositeSchema);
      } catch (error) {
        if (error instanceof EdgeError && error.status === 404) {
          return refuse(reply, 404, `The edge has no composite event ${id}.`);
        }
        throw error;
      }
      const [clipMap, location, review, audit] = await Promise.all([
        clipsOf(clips, composite, authorization),
        locationOf(request, id),
        reviewOf(db, composite),
        auditOf(db, composite),
      ]);
      const exportedAt = new Date().toISOString();
      const pack = buildPack({
        composite,
        clips: clipMap,
        location,
        review,
        audit,
        exportedBy: { username: principal.username, role: principal.role },
        exportedAt,
      });
      await recordAudit(db, {
        actor: principal,
        action: 'evidence.export',
        target: { type: 'composite_event', id },
        details: {
          manifest_sha256: pack.manifestSha256,
          files: pack.files,
          clips: pack.clips,
          clips_missing: pack.clipsMissing,
          bytes: pack.zip.byteLength,
        },
        outcome: 'ok',
        ip: clientAddress(request),
      });
      const stamp = exportedAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
      const file = `evidence-${id.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60)}-${stamp}.zip`;
      return reply
        .code(200)
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file}"`)
        .header('cache-control', 'no-store')
        .header('x-evidence-manifest-sha256', pack.manifestSha256)
        .send(Buffer.from(pack.zip.buffer, pack.zip.byteOffset, pack.zip.byteLength));
    },
  );
}
