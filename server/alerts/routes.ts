import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod';
import { recordAudit } from '../audit/record.js';
import { requireRole } from '../auth/guard.js';
import { clientAddress } from '../auth/sessions.js';
import type { ConsoleDb } from '../db/database.js';
import { parseInput, refuseIssues, refuseWith } from '../http/errors.js';
import { causeOf, channelSender, channelTypes } from './channel.js';
import { acknowledgeAlert } from './escalation.js';
import type { AlertMic } from './message.js';
import { testMessage } from './message.js';
import { channelInputSchema, ruleInputSchema } from './model.js';
import {
  AlertConfigError,
  channelConfigOf,
  deleteChannel,
  deleteRule,
  listChannels,
  listRules,
  saveChannel,
  saveRule,
} from './store.js';

export interface AlertRouteOptions {
  db: ConsoleDb;
  publicUrl: string | null;
  timeoutMs: number;
  /** Something changed: the engine reads the rules again. */
  changed: () => void;
}

function actorName(request: FastifyRequest): string {
  const p = request.principal;
  return p === null ? '?' : p.kind === 'account' ? p.username : p.name;
}

const idParams = z.object({ id: z.string().min(1).max(100) });

/** Admin → Alerts (admins only, every change audited, secrets never sent back), and an alert's own page. */
export function registerAlertRoutes(app: FastifyInstance, options: AlertRouteOptions): void {
  const { db } = options;
  const admin = { preHandler: requireRole('admin') };
  const audit = (request: FastifyRequest, action: string, target: { type: string; id: string }, details: object) =>
    recordAudit(db, {
      actor: request.principal!,
      action,
      target,
      details: details as Record<string, unknown>,
      outcome: 'ok',
      ip: clientAddress(request),
    });

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/admin/alerts') || request.url.startsWith('/api/alerts')) {
      reply.header('cache-control', 'no-store');
    }
  });

  app.get('/api/admin/alerts/channels', admin, async () => ({
    results: await listChannels(db),
    types: channelTypes(),
  }));

  for (const [method, withId] of [
    ['post', false],
    ['patch', true],
  ] as const) {
    app[method](
      withId ? '/api/admin/alerts/channels/:id' : '/api/admin/alerts/channels',
      admin,
      async (request, reply) => {
        const parsed = channelInputSchema.safeParse(request.body ?? {});
        if (!parsed.success) return refuseIssues(reply, 'body', parsed.error);
        const id = withId ? (parseInput(idParams, 'path', request.params, reply)?.id ?? null) : null;
        if (withId && id === null) return reply;
        const stored = await fileOwned(db, 'alert_channels', id);
        if (stored) return reply.code(409).send({ detail: 'This channel comes from ALERTS_FILE: change it there' });
        try {
          const channel = await saveChannel(db, parsed.data, id);
          const secrets = Object.keys(parsed.data.secrets).sort();
          await audit(request, id === null ? 'alert.channel.create' : 'alert.channel.update', target(channel), {
            name: channel.name,
            type: channel.type,
            secretsChanged: secrets,
          });
          options.changed();
          return reply.code(id === null ? 201 : 200).send({ channel });
        } catch (error) {
          if (error instanceof AlertConfigError) return refuseWith(reply, error.status, error.message);
          throw error;
        }
      },
    );
  }

  app.delete('/api/admin/alerts/channels/:id', admin, async (request, reply) => {
    const params = parseInput(idParams, 'path', request.params, reply);
    if (params === null) return reply;
    const { id } = params;
    if (await fileOwned(db, 'alert_channels', id)) {
      return reply.code(409).send({ detail: 'This channel comes from ALERTS_FILE: change it there' });
    }
    try {
      const channel = await deleteChannel(db, id);
      await audit(request, 'alert.channel.delete', target(channel), { name: channel.name });
      options.changed();
      return { deleted: channel.id };
    } catch (error) {
      if (error instanceof AlertConfigError) return refuseWith(reply, error.status, error.message);
      throw error;
    }
  });

  // "Send a test": at once, not queued, so the admin sees the receiver's answer; logged like any delivery.
  app.post('/api/admin/alerts/channels/:id/test', admin, async (request, reply) => {
    const params = parseInput(idParams, 'path', request.params, reply);
    if (params === null) return reply;
    const { id } = params;
    const row = await db.db.selectFrom('alert_channels').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined) return reply.code(404).send({ detail: 'No such channel' });
    const sender = channelSender(row.type);
    const started = Date.now();
    let outcome: { ok: boolean; status?: number | null; detail?: string };
    if (sender === null) outcome = { ok: false, detail: `no sender for "${row.type}"` };
    else {
      const signal = AbortSignal.timeout(options.timeoutMs);
      try {
        outcome = await sender.send(testMessage(options.publicUrl), channelConfigOf(row), signal);
      } catch (error) {
        outcome = { ok: false, detail: signal.aborted ? `no answer within ${options.timeoutMs} ms` : causeOf(error) };
      }
    }
    const latencyMs = Date.now() - started;
    await db.db
      .insertInto('alert_attempts')
      .values({
        delivery_id: 'test',
        alert_id: null,
        channel_id: row.id,
        channel_name: row.name,
        kind: 'test',
        at: new Date().toISOString(),
        outcome: outcome.ok ? 'ok' : 'failed',
        status: outcome.status ?? null,
        latency_ms: latencyMs,
        detail: outcome.ok ? null : (outcome.detail ?? 'failed').slice(0, 500),
        replica: 'test',
      })
      .execute();
    await audit(
      request,
      'alert.channel.test',
      { type: 'alert-channel', id: row.id },
      { name: row.name, ok: outcome.ok },
    );
    return { ok: outcome.ok, status: outcome.status ?? null, detail: outcome.detail ?? null, latencyMs };
  });

  app.get('/api/admin/alerts/rules', admin, async () => ({ results: await listRules(db) }));

  for (const [method, withId] of [
    ['post', false],
    ['patch', true],
  ] as const) {
    app[method](withId ? '/api/admin/alerts/rules/:id' : '/api/admin/alerts/rules', admin, async (request, reply) => {
      const parsed = ruleInputSchema.safeParse(request.body ?? {});
      if (!parsed.success) return refuseIssues(reply, 'body', parsed.error);
      const id = withId ? (parseInput(idParams, 'path', request.params, reply)?.id ?? null) : null;
      if (withId && id === null) return reply;
      if (await fileOwned(db, 'alert_rules', id)) {
        return reply.code(409).send({ detail: 'This rule comes from ALERTS_FILE: change it there' });
      }
      try {
        const rule = await saveRule(db, parsed.data, id);
        await audit(
          request,
          id === null ? 'alert.rule.create' : 'alert.rule.update',
          { type: 'alert-rule', id: rule.id },
          {
            name: rule.name,
            settings: rule.settings,
          },
        );
        options.changed();
        return reply.code(id === null ? 201 : 200).send({ rule });
      } catch (error) {
        if (error instanceof AlertConfigError) return refuseWith(reply, error.status, error.message);
        throw error;
      }
    });
  }

  app.delete('/api/admin/alerts/rules/:id', admin, async (request, reply) => {
    const params = parseInput(idParams, 'path', request.params, reply);
    if (params === null) return reply;
    const { id } = params;
    if (await fileOwned(db, 'alert_rules', id)) {
      return reply.code(409).send({ detail: 'This rule comes from ALERTS_FILE: change it there' });
    }
    try {
      const rule = await deleteRule(db, id);
      await audit(request, 'alert.rule.delete', { type: 'alert-rule', id }, { name: rule.name });
      options.changed();
      return { deleted: id };
    } catch (error) {
      if (error instanceof AlertConfigError) return refuseWith(reply, error.status, error.message);
      throw error;
    }
  });

  app.get('/api/admin/alerts/deliveries', admin, async () => {
    const results = await db.db.selectFrom('alert_attempts').selectAll().orderBy('at', 'desc').limit(200).execute();
    return { results: results.map((r) => ({ ...r, id: String(r.id) })), ...(await failures(db)) };
  });

  app.get('/api/admin/alerts/status', admin, async () => failures(db));

  app.get('/api/alerts/:id', { preHandler: requireRole('viewer') }, async (request, reply) => {
    const params = parseInput(idParams, 'path', request.params, reply);
    if (params === null) return reply;
    const { id } = params;
    const alert = await db.db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
    if (alert === undefined) return reply.code(404).send({ detail: 'No such alert' });
    const rule = await db.db
      .selectFrom('alert_rules')
      .select('name')
      .where('id', '=', alert.rule_id)
      .executeTakeFirst();
    const mics = JSON.parse(alert.mics) as AlertMic[];
    return {
      alert: {
        id: alert.id,
        kind: alert.kind,
        ruleName: rule?.name ?? null,
        label: alert.label,
        labelWords: JSON.parse(alert.label_words) as Record<string, string>,
        priority: alert.priority,
        itemKind: alert.item_kind,
        itemId: alert.item_id,
        mics: mics.map((m) => ({ id: m.id, name: m.name })),
        place: alert.place === null ? null : (JSON.parse(alert.place) as unknown),
        detections: alert.detections,
        firstAt: alert.first_at,
        lastAt: alert.last_at,
        state: alert.state,
        acknowledgedBy: alert.acknowledged_by,
        acknowledgedAt: alert.acknowledged_at,
      },
    };
  });

  app.post('/api/alerts/:id/acknowledge', { preHandler: requireRole('operator') }, async (request, reply) => {
    const params = parseInput(idParams, 'path', request.params, reply);
    if (params === null) return reply;
    const { id } = params;
    const who = actorName(request);
    const result = await acknowledgeAlert(db, id, who);
    if (result === 'missing') return reply.code(404).send({ detail: 'No such alert' });
    if (result === 'already') {
      const row = await db.db
        .selectFrom('alerts')
        .select(['acknowledged_by', 'state'])
        .where('id', '=', id)
        .executeTakeFirst();
      return reply.code(409).send({
        detail: row?.acknowledged_by
          ? `Already acknowledged by ${row.acknowledged_by}`
          : `This alert is ${row?.state ?? '?'}`,
      });
    }
    await audit(request, 'alert.acknowledge', { type: 'alert', id }, {});
    options.changed();
    return { acknowledgedBy: who };
  });
}

function target(channel: { id: string }) {
  return { type: 'alert-channel', id: channel.id };
}

async function fileOwned(db: ConsoleDb, table: 'alert_channels' | 'alert_rules', id: string | null): Promise<boolean> {
  if (id === null) return false;
  const row = await db.db.selectFrom(table).select('source').where('id', '=', id).executeTakeFirst();
  return row?.source === 'file';
}

/** For the admins' banner: messages the console gave up on in the last day. */
async function failures(db: ConsoleDb) {
  const since = new Date(Date.now() - 86_400_000).toISOString();
  const rows = await db.db
    .selectFrom('alert_deliveries')
    .select(['updated_at', 'last_error', 'channel_id'])
    .where('state', '=', 'failed')
    .where('updated_at', '>=', since)
    .orderBy('updated_at', 'desc')
    .execute();
  return { failed: rows.length, lastFailure: rows[0] ?? null };
}
