import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ConsoleDb } from '../db/database.js';
import { clientAddress } from '../auth/sessions.js';
import { clientOf, type EdgeAccess } from '../edge/access.js';
import { itemPath, unsafeId } from '../edge/url.js';
import { redactText } from '../redact.js';
import { pickRequested, requestedFields } from './changes.js';
import { recordAudit, type AuditEntry } from './record.js';

export interface MicAuditOptions {
  db: ConsoleDb;
  /** The console's edge client (the server's token, or the browser's Authorization passed through). */
  edge: EdgeAccess;
  readOnly: boolean;
}

const MIC_ROUTE = '/api/v1/mics/:id';
/** A mic is a few hundred bytes; a larger PATCH body or answer is not parsed for the record. */
const MAX_MIC_BYTES = 1024 * 1024;
const READ_BEFORE_MS = 5_000;
const MAX_DETAIL_CHARS = 300;

interface Pending {
  micId: string;
  requested: Record<string, unknown> | null;
  before: unknown;
}

const pending = new WeakMap<FastifyRequest, Pending>();

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isMicPatch(request: FastifyRequest): boolean {
  return request.method === 'PATCH' && request.routeOptions.url === MIC_ROUTE;
}

function parseJson(payload: unknown): unknown {
  const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : typeof payload === 'string' ? payload : null;
  if (text === null || text.length > MAX_MIC_BYTES) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The edge's (or the console's) reason, short and without credentials. */
export function answerDetail(body: unknown): string | null {
  let detail: string | null = null;
  if (isRecord(body) && typeof body.detail === 'string') detail = body.detail;
  else if (isRecord(body) && Array.isArray(body.detail)) {
    detail = body.detail
      .map((item) => {
        if (!isRecord(item)) return String(item);
        const loc = Array.isArray(item.loc) ? item.loc.filter((p) => p !== 'body').join('.') : '';
        const msg = typeof item.msg === 'string' ? item.msg : 'invalid';
        return loc === '' ? msg : `${loc}: ${msg}`;
      })
      .join('; ');
  }
  if (detail === null) return null;
  const clean = redactText(detail);
  return clean.length > MAX_DETAIL_CHARS ? `${clean.slice(0, MAX_DETAIL_CHARS)}…` : clean;
}

const micAnswer = z.looseObject({ data: z.record(z.string(), z.unknown()) });

/** The mic as the edge has it now (one GET), or null: a failed read never blocks the write. */
async function readMic(request: FastifyRequest, micId: string, options: MicAuditOptions): Promise<unknown> {
  try {
    const answer = await clientOf(options.edge).get(itemPath('mics', micId), undefined, micAnswer, {
      authorization: request.headers.authorization ?? null,
      // The write waits on this read: a slow edge holds it back 5 s at most.
      signal: AbortSignal.timeout(READ_BEFORE_MS),
    });
    return answer.data;
  } catch {
    return null;
  }
}

/** Null stays null: "not known" must not read as "was empty". */
function pickOf(mic: unknown, requested: Record<string, unknown> | null): Record<string, unknown> | null {
  return mic === null || requested === null ? null : pickRequested(mic, requested);
}

function actionOf(requested: Record<string, unknown> | null): string {
  return requested !== null && Object.keys(requested).length === 1 && 'status' in requested
    ? 'mic.status'
    : 'mic.update';
}

async function record(log: FastifyBaseLogger, db: ConsoleDb, entry: AuditEntry): Promise<void> {
  try {
    await recordAudit(db, entry);
  } catch (error) {
    // The write already happened at the edge: its answer still goes back, and the gap is loud in the log.
    log.error({ err: error, action: entry.action, target: entry.target?.id }, 'Audit entry not recorded');
  }
}

/**
 * Records every mic write that goes through the console: reads the mic just before the gateway
 * forwards the PATCH, and records the requested fields before → after from the edge's answer, or
 * the refusal with the edge's (or the console's) status and reason. A write refused before the
 * gateway (a viewer's, a wall's) is recorded as refused too, when someone identifiable sent it.
 */
export function registerMicAudit(app: FastifyInstance, options: MicAuditOptions): void {
  app.addHook('preHandler', async (request) => {
    if (!isMicPatch(request)) return;
    const micId = (request.params as { id?: string }).id;
    if (micId === undefined || unsafeId(micId)) return;
    const body = parseJson(request.body);
    const requested = isRecord(body) ? requestedFields(body) : null;
    const before = options.readOnly ? null : await readMic(request, micId, options);
    pending.set(request, { micId, requested, before });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!isMicPatch(request)) return payload;
    const principal = request.principal;
    const entry = pending.get(request);
    pending.delete(request);
    if (entry === undefined) {
      // Refused by the access rule before its body was read: who asked and the answer are known,
      // what was asked is not. Recorded for a known principal; anonymous noise is not.
      const micId = (request.params as { id?: string }).id;
      if (principal === null || micId === undefined || reply.statusCode < 400) return payload;
      await record(request.log, options.db, {
        actor: principal,
        action: 'mic.update',
        target: { type: 'mic', id: micId.slice(0, 200) },
        details: { requested: null, answer: { status: reply.statusCode, detail: answerDetail(parseJson(payload)) } },
        outcome: 'refused',
        ip: clientAddress(request),
      });
      return payload;
    }
    const answer = parseJson(payload);
    const ok = reply.statusCode >= 200 && reply.statusCode < 300;
    const after = ok && isRecord(answer) && isRecord(answer.data) ? answer.data : null;
    const details: Record<string, unknown> = ok
      ? { before: pickOf(entry.before, entry.requested), after: pickOf(after, entry.requested) }
      : {
          before: pickOf(entry.before, entry.requested),
          requested: entry.requested,
          answer: { status: reply.statusCode, detail: answerDetail(answer) },
        };
    await record(request.log, options.db, {
      actor: principal ?? { kind: 'anonymous' },
      action: actionOf(entry.requested),
      target: { type: 'mic', id: entry.micId },
      details,
      outcome: ok ? 'ok' : reply.statusCode >= 500 ? 'failed' : 'refused',
      ip: clientAddress(request),
    });
    return payload;
  });

  // The browser gave up while the edge was asked: whether the write happened is unknown, and said so.
  app.addHook('onRequestAbort', async (request) => {
    const entry = pending.get(request);
    if (entry === undefined) return;
    pending.delete(request);
    await record(request.log, options.db, {
      actor: request.principal ?? { kind: 'anonymous' },
      action: actionOf(entry.requested),
      target: { type: 'mic', id: entry.micId },
      details: {
        before: pickOf(entry.before, entry.requested),
        requested: entry.requested,
        answer: { status: null, detail: 'The browser closed the request before the edge answered.' },
      },
      outcome: 'failed',
      ip: clientAddress(request),
    });
  });
}
