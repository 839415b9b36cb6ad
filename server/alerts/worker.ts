import crypto from 'node:crypto';
import type { ConsoleDb } from '../db/database.js';
import type { AlertDeliveriesTable } from '../db/tables/alerts.js';
import { causeOf, channelSender, type AlertMessage, type AlertMessageKind } from './channel.js';
import { messageOf } from './message.js';
import type { AlertSettings } from './settings.js';
import { channelConfigOf } from './store.js';

/** The queue's knobs are the settings' own (ALERTS_TIMEOUT_MS, …); the links' base and the log come from the server. */
export type WorkerOptions = Pick<
  AlertSettings,
  'timeoutMs' | 'maxAttempts' | 'backoffMs' | 'concurrency' | 'perChannel' | 'pollMs'
> & {
  /** PUBLIC_URL: the base of the links in messages. */
  publicUrl: string | null;
  log: (message: string) => void;
};

/**
 * Sends what the queue holds. Every replica runs one: each row is claimed by an UPDATE that only
 * one replica can win (state and claim as they were read), so a message goes out once; a replica
 * that dies holding a claim loses it when `claimed_until` passes and another sends it.
 */
export class DeliveryWorker {
  readonly replica = crypto.randomBytes(6).toString('hex');
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private inFlight = 0;
  private readonly perChannel = new Map<string, number>();
  private readonly sends = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly db: ConsoleDb,
    private readonly options: WorkerOptions,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    await Promise.allSettled([...this.sends]);
  }

  /** Look at the queue now (something was just queued here). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.pass()
      .catch((error: unknown) => this.options.log(`alerts: delivery queue: ${(error as Error).message}`))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async pass(): Promise<void> {
    const free = this.options.concurrency - this.inFlight;
    if (free <= 0) return;
    const now = new Date().toISOString();
    // Channels using all their slots here are left out of the query: a dead receiver's queue, however
    // long, filled every row asked for, and no other channel got its turn.
    const full = [...this.perChannel].filter(([, n]) => n >= this.options.perChannel).map(([id]) => id);
    let query = this.db.db
      .selectFrom('alert_deliveries')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'pending'), eb('next_at', '<=', now)]),
          eb.and([eb('state', '=', 'sending'), eb('claimed_until', '<', now)]),
        ]),
      );
    if (full.length > 0) query = query.where('channel_id', 'not in', full);
    const due = await query
      .orderBy('next_at')
      .limit(free * 4)
      .execute();
    for (const row of due) {
      if (this.inFlight >= this.options.concurrency) break;
      if ((this.perChannel.get(row.channel_id) ?? 0) >= this.options.perChannel) continue;
      if (!(await this.claim(row))) continue;
      this.inFlight += 1;
      this.perChannel.set(row.channel_id, (this.perChannel.get(row.channel_id) ?? 0) + 1);
      const send = this.deliver(row)
        .catch((error: unknown) => this.options.log(`alerts: delivery ${row.id}: ${(error as Error).message}`))
        .finally(() => {
          this.inFlight -= 1;
          this.perChannel.set(row.channel_id, (this.perChannel.get(row.channel_id) ?? 1) - 1);
          this.sends.delete(send);
          this.kick();
        });
      this.sends.add(send);
    }
  }

  private async claim(row: AlertDeliveriesTable): Promise<boolean> {
    const until = new Date(Date.now() + this.options.timeoutMs + 30_000).toISOString();
    let update = this.db.db
      .updateTable('alert_deliveries')
      .set({ state: 'sending', claimed_by: this.replica, claimed_until: until, attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .where('state', '=', row.state)
      .where('attempts', '=', row.attempts);
    update =
      row.claimed_until === null
        ? update.where('claimed_until', 'is', null)
        : update.where('claimed_until', '=', row.claimed_until);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Whether an escalation may still go: its alert not yet taken. Acknowledging cancels the queued
   * steps, but one being sent then, failing and queued again, went out after the acknowledgement.
   */
  private async stillOpen(row: AlertDeliveriesTable): Promise<boolean> {
    const alert =
      row.alert_id === null
        ? undefined
        : await this.db.db.selectFrom('alerts').select('state').where('id', '=', row.alert_id).executeTakeFirst();
    if (alert?.state === 'open') return true;
    await this.db.db
      .updateTable('alert_deliveries')
      .set({ state: 'cancelled', claimed_by: null, claimed_until: null, updated_at: new Date().toISOString() })
      .where('id', '=', row.id)
      .where('claimed_by', '=', this.replica)
      .execute();
    return false;
  }

  private async messageFor(row: AlertDeliveriesTable): Promise<AlertMessage | null> {
    if (row.message !== null) return JSON.parse(row.message) as AlertMessage;
    if (row.alert_id === null) return null;
    const alert = await this.db.db.selectFrom('alerts').selectAll().where('id', '=', row.alert_id).executeTakeFirst();
    if (alert === undefined) return null;
    const rule = await this.db.db
      .selectFrom('alert_rules')
      .select('name')
      .where('id', '=', alert.rule_id)
      .executeTakeFirst();
    return messageOf(alert, rule?.name ?? '', row.kind as AlertMessageKind, row.step, this.options.publicUrl);
  }

  private async deliver(row: AlertDeliveriesTable): Promise<void> {
    if (row.kind === 'escalation' && !(await this.stillOpen(row))) return;
    const attempt = row.attempts + 1;
    const channelRow = await this.db.db
      .selectFrom('alert_channels')
      .selectAll()
      .where('id', '=', row.channel_id)
      .executeTakeFirst();
    const read = await this.messageFor(row);
    const message = read === null ? null : { ...read, deliveryId: row.id };
    const started = Date.now();
    let outcome: { ok: boolean; status?: number | null; detail?: string; retry: boolean };
    const sender = channelRow === undefined ? null : channelSender(channelRow.type);
    if (channelRow === undefined || message === null) {
      outcome = { ok: false, detail: 'the channel or the alert no longer exists', retry: false };
    } else if (sender === null) {
      outcome = { ok: false, detail: `no sender for channel type "${channelRow.type}"`, retry: false };
    } else {
      const signal = AbortSignal.timeout(this.options.timeoutMs);
      try {
        outcome = await sender.send(message, channelConfigOf(channelRow), signal);
      } catch (error) {
        const timedOut = signal.aborted;
        const detail = timedOut ? `no answer within ${this.options.timeoutMs} ms` : causeOf(error);
        outcome = { ok: false, detail, retry: true };
      }
    }
    const latency = Date.now() - started;
    const giveUp = !outcome.ok && (!outcome.retry || attempt >= this.options.maxAttempts);
    const state = outcome.ok ? 'sent' : giveUp ? 'failed' : 'pending';
    const backoff = Math.min(60_000, this.options.backoffMs * 2 ** (attempt - 1));
    const now = new Date();
    const detail = outcome.ok ? null : (outcome.detail ?? 'failed').slice(0, 500);
    await this.db.db
      .updateTable('alert_deliveries')
      .set({
        state,
        next_at: new Date(now.getTime() + (state === 'pending' ? backoff : 0)).toISOString(),
        claimed_by: null,
        claimed_until: null,
        last_error: detail,
        updated_at: now.toISOString(),
      })
      .where('id', '=', row.id)
      .where('claimed_by', '=', this.replica)
      .execute();
    await this.db.db
      .insertInto('alert_attempts')
      .values({
        delivery_id: row.id,
        alert_id: row.alert_id,
        channel_id: row.channel_id,
        channel_name: channelRow?.name ?? '?',
        kind: row.kind,
        at: now.toISOString(),
        outcome: outcome.ok ? 'ok' : giveUp ? 'failed' : 'retry',
        status: outcome.status ?? null,
        latency_ms: latency,
        detail,
        replica: this.replica,
      })
      .execute();
    if (giveUp) this.options.log(`alerts: gave up on ${channelRow?.name ?? '?'} after ${attempt} attempts: ${detail}`);
  }
}
