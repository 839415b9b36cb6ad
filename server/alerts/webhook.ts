import crypto from 'node:crypto';
import { registerChannelSender, type AlertMessage, type ChannelConfig, type DeliveryOutcome } from './channel.js';
import { alertText, plainText } from './text.js';

/** The header carrying `sha256=<hex HMAC of the body>` when the channel has a signing secret. */
export const SIGNATURE_HEADER = 'x-console-signature';
/** The header naming the delivery, for receivers that drop repeats. */
export const DELIVERY_HEADER = 'x-console-delivery';
export const WEBHOOK_FORMATS = ['console', 'slack', 'teams'] as const;
type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** Only http(s): an admin sets the URL, but a file:, gopher: or data: URL is refused and named. */
export function webhookUrlRefusal(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return 'a webhook needs a url';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not a URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `a webhook URL must be http:// or https://, not ${url.protocol}`;
  }
  if (url.username !== '' || url.password !== '') return 'put credentials in the token secret, not in the URL';
  return null;
}

/**
 * The edge's names (labels, mics, places) as text in chat: Slack reads `<!channel>`, `<@user>` and
 * `<url|words>` in a message, so its three control characters become entities (as Slack asks);
 * Teams reads HTML and Markdown links, so those are escaped too.
 */
const slackText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const teamsText = (text: string) => slackText(text).replace(/[[\]\\]/g, (c) => `\\${c}`);

export function webhookBody(message: AlertMessage, format: WebhookFormat, channel: ChannelConfig, timeZone: string) {
  if (format === 'console') return { type: `alert.${message.kind}`, alert: message };
  const text = alertText(message, channel.language, timeZone);
  const body = plainText(text);
  if (format === 'slack') return { text: slackText(body) };
  // Teams' incoming webhooks take a MessageCard (and Workflows accept its `text`).
  return {
    '@type': 'MessageCard',
    '@context': 'https://schema.org/extensions',
    summary: text.title,
    text: teamsText(body),
  };
}

/** Signs the exact bytes sent: the receiver recomputes HMAC-SHA256 of the raw body with the shared secret. */
export function signBody(body: string, secret: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function createWebhookSender(timeZone: () => string) {
  return {
    type: 'webhook',
    validate(settings: Record<string, unknown>): string | null {
      const refusal = webhookUrlRefusal(settings.url);
      if (refusal !== null) return refusal;
      const format = settings.format ?? 'console';
      if (!WEBHOOK_FORMATS.includes(format as WebhookFormat))
        return `format must be one of ${WEBHOOK_FORMATS.join(', ')}`;
      return null;
    },
    async send(message: AlertMessage, channel: ChannelConfig, signal: AbortSignal): Promise<DeliveryOutcome> {
      const format = (channel.settings.format ?? 'console') as WebhookFormat;
      const body = JSON.stringify(webhookBody(message, format, channel, timeZone()));
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'user-agent': 'edge-sound-console',
      };
      const { secret, token } = channel.secrets;
      if (secret) headers[SIGNATURE_HEADER] = signBody(body, secret);
      if (token) headers.authorization = `Bearer ${token}`;
      if (message.deliveryId !== undefined) headers[DELIVERY_HEADER] = message.deliveryId;
      const response = await fetch(String(channel.settings.url), {
        method: 'POST',
        headers,
        body,
        signal,
        redirect: 'manual',
      });
      // The body is not ours to read; drop it so the connection is freed.
      await response.body?.cancel().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status, retry: false };
      if (response.status >= 300 && response.status < 400) {
        return {
          ok: false,
          status: response.status,
          detail: 'the receiver redirected; redirects are not followed',
          retry: false,
        };
      }
      const retry = response.status >= 500 || response.status === 429 || response.status === 408;
      return { ok: false, status: response.status, detail: `HTTP ${response.status}`, retry };
    },
  };
}

export function registerWebhookSender(timeZone: () => string): void {
  registerChannelSender(createWebhookSender(timeZone));
}
