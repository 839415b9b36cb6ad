import type { FastifyInstance, FastifyReply } from 'fastify';
import { refuseIssues } from '../http/errors.js';
import { z } from 'zod';
import { BACKFILL_DAYS, WINDOW_MS, type InsightsService } from './service.js';
import { indexDirectory } from './directory-index.js';
import { EdgeError } from '../edge/errors.js';
import type { EdgeReader } from './edge-reader.js';
import { connections, HEALTH_WINDOW_MS, micHealth } from './health-report.js';
import { labelNames } from './insight-store.js';
import { parseComposite, replay } from './replay.js';
import { sendEdgeError } from './routes.js';
import { ADVICE_DAYS, rateAround, thresholdAdvice } from './threshold-report.js';
import { P_THRESHOLD, unusualAt } from './unusual-report.js';
import { DEFAULT_ADVICE } from './threshold-advice.js';

export interface AcousticOptions {
  /** Null when the browser holds the edge token: nothing can read the edge on the console's own. */
  service: InsightsService | null;
  reader: EdgeReader;
  now?: () => number;
}

/** Answers are computed at most this often; every wall on every screen reads the same one. */
const ANSWER_TTL_MS = 10_000;

const isoTime = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'must be an ISO 8601 time');
const id = z.string().min(1).max(200);
const thresholdsQuery = z.object({ mic_id: id.optional(), label_id: id.optional() });
const rateQuery = z.object({
  mic_id: id,
  label_id: id,
  at: isoTime,
  days: z.coerce.number().int().min(1).max(BACKFILL_DAYS).default(7),
});
const replayParams = z.object({ compositeId: id });

/** Without the server's edge token nothing reads the edge on the console's own, so there is nothing to answer from. */
export function needsServerToken(reply: FastifyReply) {
  return reply
    .code(503)
    .header('cache-control', 'no-store')
    .send({ detail: 'Acoustic insights need the server to hold the edge token' });
}

/** GET /api/insights/{unusual,health,thresholds,rate,replay/:id}: read by any signed-in principal. */
export function registerAcousticInsights(
  app: FastifyInstance,
  { service, reader, now = Date.now }: AcousticOptions,
): void {
  // Screens asking while an answer is being computed wait for that one: it is never computed twice at once.
  const memo = new Map<string, { at: number; body: Promise<unknown> }>();
  const remembered = (key: string, compute: () => Promise<unknown>) => {
    const hit = memo.get(key);
    if (hit !== undefined && now() - hit.at < ANSWER_TTL_MS) return hit.body;
    const body = compute();
    if (memo.size > 100) memo.clear();
    const entry = { at: now(), body };
    memo.set(key, entry);
    // A failure is not remembered: the next request tries again.
    body.then(
      () => (entry.at = now()),
      () => memo.get(key) === entry && memo.delete(key),
    );
    return body;
  };

  const answer = async (reply: FastifyReply, key: string, compute: (s: InsightsService) => Promise<unknown>) => {
    if (service === null) return needsServerToken(reply);
    try {
      return reply.header('cache-control', 'no-store').send(await remembered(key, () => compute(service)));
    } catch (error) {
      return sendEdgeError(reply, error);
    }
  };

  const backfillOf = (s: InsightsService) => {
    const state = s.backfill.state;
    return {
      status: state?.status ?? 'idle',
      days: BACKFILL_DAYS,
      covered_from: state === null ? null : new Date(state.from).toISOString(),
      progress: s.backfill.progress(),
      requests: state?.requests ?? 0,
      error: state?.error ?? null,
    };
  };

  app.get('/api/insights/unusual', (_request, reply) =>
    answer(reply, 'unusual', async (s) => {
      const { at, found } = await unusualAt(s, now);
      return {
        computed_at: new Date(at).toISOString(),
        window_minutes: WINDOW_MS / 60_000,
        p_threshold: P_THRESHOLD,
        backfill: backfillOf(s),
        ...found,
      };
    }),
  );

  app.get('/api/insights/health', (_request, reply) =>
    answer(reply, 'health', async (s) => {
      const mics = await reader.mics();
      const at = now();
      const page = await reader.getJson('/api/v1/composite-events', {
        page: 1,
        size: 100,
        order_by: 'desc',
        created_at__ge: new Date(at - HEALTH_WINDOW_MS).toISOString(),
      });
      const parsed = z.object({ results: z.array(z.unknown()) }).safeParse(page);
      if (parsed.success) {
        await s.fromComposites(parsed.data.results.flatMap((c) => parseComposite(c) ?? []));
      }
      return {
        computed_at: new Date(at).toISOString(),
        window_hours: HEALTH_WINDOW_MS / 3_600_000,
        min_missed: s.settings.deafMinMissed,
        backfill: backfillOf(s),
        mics: await micHealth({
          db: s.db,
          mics,
          index: await indexDirectory(mics, s.settings.rules.radiusM),
          connections: connections(page),
          rules: s.settings.rules,
          minMissed: s.settings.deafMinMissed,
          now: at,
        }),
      };
    }),
  );

  app.get('/api/insights/thresholds', (request, reply) => {
    const q = thresholdsQuery.safeParse(request.query);
    if (!q.success) return refuseIssues(reply, 'query', q.error);
    return answer(reply, `thresholds\u0000${q.data.mic_id ?? ''}\u0000${q.data.label_id ?? ''}`, async (s) => {
      const at = now();
      const suggestions = await thresholdAdvice(
        s.db,
        await reader.mics(),
        await labelNames(s.db),
        s.backfill.state,
        at,
        {
          micId: q.data.mic_id,
          labelId: q.data.label_id,
        },
      );
      return {
        computed_at: new Date(at).toISOString(),
        days: ADVICE_DAYS,
        keep_share: DEFAULT_ADVICE.keepShare,
        // Until the history is read the advice is partial: the page says so and asks again sooner.
        backfill: backfillOf(s),
        suggestions,
      };
    });
  });

  app.get('/api/insights/rate', (request, reply) => {
    const q = rateQuery.safeParse(request.query);
    if (!q.success) return refuseIssues(reply, 'query', q.error);
    const { mic_id: micId, label_id: labelId, days } = q.data;
    const at = Date.parse(q.data.at);
    return answer(reply, `rate\u0000${micId}\u0000${labelId}\u0000${at}\u0000${days}`, async (s) => ({
      mic_id: micId,
      label_id: labelId,
      at: new Date(at).toISOString(),
      days,
      ...(await rateAround(s.db, micId, labelId, at, days, s.backfill.state, s.backfill.completeThrough(), now())),
    }));
  });

  app.get('/api/insights/replay/:compositeId', async (request, reply) => {
    const p = replayParams.safeParse(request.params);
    if (!p.success) return refuseIssues(reply, 'path', p.error);
    const compositeId = p.data.compositeId;
    if (service === null) return answer(reply, 'replay', async () => null);
    try {
      const body = await reader.getJson(`/api/v1/composite-events/${encodeURIComponent(compositeId)}`, {});
      const composite = parseComposite(body);
      if (composite === null) throw new EdgeError('shape', 'Edge server sent a composite event of an unexpected shape');
      await service.fromComposites([composite]);
      return reply
        .header('cache-control', 'no-store')
        .send(await replay(composite, await reader.mics(), reader, service.settings.rules.radiusM));
    } catch (error) {
      if (error instanceof EdgeError && error.status === 404) {
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .send({ detail: `No composite event ${compositeId}` });
      }
      return sendEdgeError(reply, error);
    }
  });
}
