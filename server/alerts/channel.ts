/**
 * The contract between the alert engine (server/alerts/) and the senders of each channel type:
 * webhook, email and MQTT here, Web Push in server/alerts/push/. A sender turns one AlertMessage
 * into one delivery on one channel; the engine decides when, retries, logs and claims (exactly once
 * across replicas), so a sender never touches the database or retries by itself.
 */

export type AlertLanguage = 'en' | 'ko';
export const ALERT_LANGUAGES: readonly AlertLanguage[] = ['en', 'ko'];

export type AlertPriority = 'low' | 'medium' | 'high' | 'critical';
export const ALERT_PRIORITIES: readonly AlertPriority[] = ['low', 'medium', 'high', 'critical'];

/**
 * Why this message goes out: the first of an incident, a later detection's update (same alertId),
 * an escalation step, the storm cap's one summary, who acknowledged it, or an admin's "send a test".
 */
export type AlertMessageKind = 'alert' | 'update' | 'escalation' | 'summary' | 'acknowledged' | 'test';

export interface AlertPlace {
  /** The nearest mic's name, or "Estimated location" when `estimated`. Untrusted edge text: send as text. */
  name: string;
  latitude: number;
  longitude: number;
  /** True when the console's location estimate placed it, false when it is the nearest mic. */
  estimated: boolean;
}

/**
 * Everything a message may say. Built by the engine from its own rows: it never holds an edge
 * token, a device credential or a session (a test checks every sender's output for them).
 */
export interface AlertMessage {
  kind: AlertMessageKind;
  /** Stable for one incident: an update or escalation repeats the first message's id. */
  alertId: string;
  ruleName: string;
  /** The edge's label id (e.g. "gunshot"). */
  label: string;
  /** The label's words per language, from the edge (untrusted text). */
  labelWords: Record<AlertLanguage, string>;
  place: AlertPlace | null;
  /** How many distinct mics heard it so far. */
  heardBy: number;
  /** How many detections the alert holds so far. */
  detections: number;
  /** The first detection (ISO 8601 UTC). */
  at: string;
  /** The newest detection (ISO 8601 UTC). */
  lastAt: string;
  priority: AlertPriority;
  /** The incident in the console (absolute when PUBLIC_URL is set, else a path). */
  link: string;
  /** The page that acknowledges it after sign-in. */
  acknowledgeLink: string;
  /** How many updates this alert has had (0 for the first message). */
  updates: number;
  /** Who took it, once someone did. */
  acknowledgedBy: string | null;
  /** The escalation step this message belongs to: 0 for the rule's own channels. */
  step: number;
  /** For kind 'summary': detections the storm cap held back in that minute. */
  suppressed?: number;
  /**
   * The queued delivery this message is (the same on a retry or a resend after a crash): a receiver
   * that keeps the ids it has seen drops a message a replica sent again after dying between the
   * receiver's answer and recording it.
   */
  deliveryId?: string;
}

/**
 * One configured channel as the engine hands it to a sender. `settings` are what the admin sees
 * again; `secrets` (passwords, tokens, signing keys) are write-only in the API and only ever read
 * here. Each sender validates its own settings with `validate`.
 */
export interface ChannelConfig {
  id: string;
  name: string;
  type: string;
  settings: Record<string, unknown>;
  secrets: Record<string, string>;
  /** The language of the channel's words when the recipient's own is unknown. */
  language: AlertLanguage;
}

export interface DeliveryOutcome {
  ok: boolean;
  /** HTTP status, SMTP reply code, … when there was one. */
  status?: number | null;
  /** One line for the delivery log: never a secret or a URL's credentials. */
  detail?: string;
  /**
   * Worth another attempt (timeouts, 5xx, refused connections). A 4xx or a bad setting is not:
   * the engine gives up at once and says so.
   */
  retry: boolean;
}

export interface ChannelSender {
  /** The channel type this sender answers for: 'webhook', 'email', 'mqtt', 'push'. */
  type: string;
  /**
   * Checks an admin's (or ALERTS_FILE's) settings and secrets; returns the reason they are
   * refused, or null. Called before anything is stored.
   */
  validate(settings: Record<string, unknown>, secrets: Record<string, string>): string | null;
  /** Sends one message. Must give up when `signal` aborts (the engine's timeout). */
  send(message: AlertMessage, channel: ChannelConfig, signal: AbortSignal): Promise<DeliveryOutcome>;
}

const senders = new Map<string, ChannelSender>();

/** Plugs a channel type in (each sender module calls this once when imported). */
export function registerChannelSender(sender: ChannelSender): void {
  senders.set(sender.type, sender);
}

export function channelSender(type: string): ChannelSender | null {
  return senders.get(type) ?? null;
}

export function channelTypes(): string[] {
  return [...senders.keys()].sort();
}

/*
 * For the Web Push sender (server/alerts/push/): register with registerChannelSender({ type: 'push', … })
 * from server/alerts/push/index.ts; server/alerts/senders.ts imports every sender module (add the push
 * import there, one line). A push channel's settings are the push sender's to define and validate.
 */

/** Why a send threw, in words: fetch's "fetch failed" hides the reason (ECONNREFUSED, bad port, …) in its cause. */
export function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
