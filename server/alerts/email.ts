import nodemailer from 'nodemailer';
import {
  ALERT_LANGUAGES,
  registerChannelSender,
  type AlertLanguage,
  type AlertMessage,
  type ChannelConfig,
  type DeliveryOutcome,
} from './channel.js';
import { alertText, htmlText, plainText } from './text.js';

/** Where mail goes when a channel names no server of its own: SMTP_URL and SMTP_FROM. */
export interface SmtpDefaults {
  url: string | null;
  from: string | null;
}

interface Recipient {
  address: string;
  language: AlertLanguage;
}

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;

/** `to` is a list of addresses, or of { address, language } for people who read the other language. */
function recipientsOf(settings: Record<string, unknown>, fallback: AlertLanguage): Recipient[] | string {
  const to = settings.to;
  if (!Array.isArray(to) || to.length === 0) return 'an email channel needs a "to" list';
  const out: Recipient[] = [];
  for (const entry of to) {
    const address = typeof entry === 'string' ? entry : (entry as { address?: unknown })?.address;
    const language =
      typeof entry === 'object' && entry !== null ? (entry as { language?: unknown }).language : undefined;
    if (typeof address !== 'string' || !ADDRESS.test(address)) return `"${String(address)}" is not an email address`;
    if (language !== undefined && !ALERT_LANGUAGES.includes(language as AlertLanguage))
      return 'language must be en or ko';
    out.push({ address, language: (language as AlertLanguage | undefined) ?? fallback });
  }
  return out;
}

function serverOf(channel: ChannelConfig, defaults: SmtpDefaults): { url: URL; from: string } | string {
  const raw = typeof channel.settings.smtp_url === 'string' ? channel.settings.smtp_url : defaults.url;
  if (raw === null || raw === '') return "no SMTP server: set the channel's smtp_url or SMTP_URL";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'smtp_url is not a URL';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return 'smtp_url must be smtp:// or smtps://';
  const from =
    typeof channel.settings.from === 'string' ? channel.settings.from : (defaults.from ?? `console@${url.hostname}`);
  return { url, from };
}

export function createEmailSender(defaults: SmtpDefaults, timeZone: () => string) {
  return {
    type: 'email',
    validate(settings: Record<string, unknown>): string | null {
      const recipients = recipientsOf(settings, 'en');
      if (typeof recipients === 'string') return recipients;
      if (settings.smtp_url !== undefined) {
        const server = serverOf({ id: '', name: '', type: 'email', settings, secrets: {}, language: 'en' }, defaults);
        if (typeof server === 'string') return server;
      }
      return null;
    },
    async send(message: AlertMessage, channel: ChannelConfig, signal: AbortSignal): Promise<DeliveryOutcome> {
      const recipients = recipientsOf(channel.settings, channel.language);
      if (typeof recipients === 'string') return { ok: false, detail: recipients, retry: false };
      const server = serverOf(channel, defaults);
      if (typeof server === 'string') return { ok: false, detail: server, retry: false };
      const { url, from } = server;
      const user =
        typeof channel.settings.username === 'string' ? channel.settings.username : decodeURIComponent(url.username);
      const pass = channel.secrets.password ?? decodeURIComponent(url.password);
      const transport = nodemailer.createTransport({
        host: url.hostname,
        port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
        secure: url.protocol === 'smtps:',
        auth: user === '' ? undefined : { user, pass },
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 15_000,
        tls: { rejectUnauthorized: channel.settings.tls_insecure !== true },
      });
      const abort = () => transport.close();
      signal.addEventListener('abort', abort, { once: true });
      try {
        // One mail per language, each to the people who read it.
        for (const language of ALERT_LANGUAGES) {
          const to = recipients.filter((r) => r.language === language).map((r) => r.address);
          if (to.length === 0) continue;
          const text = alertText(message, language, timeZone());
          // One Message-ID per delivery and language: a mail resent after a crash is the same mail.
          const messageId =
            message.deliveryId === undefined ? undefined : `<${message.deliveryId}.${language}@edge-sound-console>`;
          await transport.sendMail({
            from,
            to,
            messageId,
            subject: text.title,
            text: plainText(text),
            html: htmlText(text),
          });
        }
        return { ok: true, status: 250, retry: false };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode ?? null;
        const retry = code === null || (code >= 400 && code < 500);
        return { ok: false, status: code, detail: (error as Error).message.slice(0, 300), retry };
      } finally {
        signal.removeEventListener('abort', abort);
        transport.close();
      }
    },
  };
}

export function registerEmailSender(defaults: SmtpDefaults, timeZone: () => string): void {
  registerChannelSender(createEmailSender(defaults, timeZone));
}
