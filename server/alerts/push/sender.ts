import crypto from 'node:crypto';
import type { ConsoleDb } from '../../db/database.js';
import { deliver, type PushOutcome } from './deliver.js';
import type { EndpointRules } from './endpoint.js';
import { alertPayload, type PushAlert, type PushPayload } from './messages.js';
import { accountsWanting, devicesOf, forgetEndpoint, noteOutcome, type Device } from './subscriptions.js';
import { cachedVapidKeys } from './vapid-keys.js';

export interface PushSenderOptions {
  db: ConsoleDb;
  /** The VAPID subject (RFC 8292): an https URL or mailto: that push services may contact. */
  subject: string;
  rules: EndpointRules;
  timeoutMs?: number;
}

export interface DeviceAttempt {
  deviceId: string;
  accountId: string;
  outcome: PushOutcome;
}

/** At most this many requests to push services at once: a long list of devices never floods out. */
const PARALLEL = 8;

/** Sends alerts to people's devices; what the alerts engine's 'push' channel calls. */
export class PushSender {
  readonly keys: ReturnType<typeof cachedVapidKeys>;

  constructor(private readonly options: PushSenderOptions) {
    this.keys = cachedVapidKeys(options.db);
  }

  /** The people a rule names, and those whose own choices ask for this label and priority. */
  async recipients(alert: Pick<PushAlert, 'label' | 'priority'>, named: readonly string[]): Promise<string[]> {
    const wanting = await accountsWanting(this.options.db, alert.label, alert.priority);
    return [...new Set([...named, ...wanting])];
  }

  /** The alert to every device of these people, each in its own language. */
  sendAlert(alert: PushAlert, accountIds: readonly string[]): Promise<DeviceAttempt[]> {
    return this.sendMessage(accountIds, (language) => alertPayload(alert, language), {
      alertId: alert.alertId,
      urgency: alert.priority === 'critical' || alert.priority === 'high' ? 'high' : 'normal',
    });
  }

  /** One message to every device of these people; `payloadFor` writes it in each device's language. */
  async sendMessage(
    accountIds: readonly string[],
    payloadFor: (language: 'en' | 'ko') => PushPayload,
    { alertId, urgency, signal }: { alertId: string; urgency: 'high' | 'normal'; signal?: AbortSignal },
  ): Promise<DeviceAttempt[]> {
    const devices = await devicesOf(this.options.db, accountIds);
    return this.sendEach(devices, (device) => payloadFor(device.language), {
      topic: topicOf(alertId),
      urgency,
      signal,
    });
  }

  /** One message to one device (the profile's "send a test"). */
  async sendTo(device: Device, payload: PushPayload): Promise<PushOutcome> {
    const [attempt] = await this.sendEach([device], () => payload, { topic: topicOf(payload.tag), urgency: 'normal' });
    return attempt!.outcome;
  }

  private async sendEach(
    devices: Device[],
    payloadFor: (device: Device) => PushPayload,
    { topic, urgency, signal }: { topic: string; urgency: 'high' | 'normal'; signal?: AbortSignal },
  ): Promise<DeviceAttempt[]> {
    const vapid = await this.keys();
    const attempts: DeviceAttempt[] = [];
    const queue = [...devices];
    const worker = async () => {
      for (let device = queue.shift(); device !== undefined && signal?.aborted !== true; device = queue.shift()) {
        const outcome = await deliver(
          {
            endpoint: device.endpoint,
            keys: device.keys,
            payload: JSON.stringify(payloadFor(device)),
            topic,
            urgency,
            ttl: 3600,
          },
          {
            vapid,
            subject: this.options.subject,
            rules: this.options.rules,
            timeoutMs: this.options.timeoutMs ?? 10_000,
            signal,
          },
        );
        if (outcome.kind === 'gone') await forgetEndpoint(this.options.db, device.id);
        else await noteOutcome(this.options.db, device.id, outcome.kind === 'delivered' ? null : outcome.error);
        attempts.push({ deviceId: device.id, accountId: device.accountId, outcome });
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, devices.length) }, worker));
    return attempts;
  }
}

/** A Topic header from an alert id: base64url, 32 characters at most, the same for every update. */
export function topicOf(id: string): string {
  return crypto.createHash('sha256').update(id).digest('base64url').slice(0, 32);
}
