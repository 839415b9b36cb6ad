import type { AlertLanguage, AlertMessage, ChannelConfig, ChannelSender, DeliveryOutcome } from '../channel.js';
import type { ConsoleDb } from '../../db/database.js';
import { safePath, testPayload, type PushPayload } from './messages.js';
import type { PushSender } from './sender.js';

/**
 * A push channel's settings: `people`, the usernames it pushes to (a rule's "who"), and
 * `preferences` (default true): also everyone whose own choices (labels, minimum priority) match.
 * `{ name: phones, type: push, people: [kim, lee] }` in ALERTS_FILE.
 */
export function validatePushSettings(settings: Record<string, unknown>): string | null {
  const people = settings.people ?? [];
  if (!Array.isArray(people) || people.some((p) => typeof p !== 'string' || p.trim() === '' || p.length > 64))
    return 'people: a list of usernames';
  if (settings.preferences !== undefined && typeof settings.preferences !== 'boolean')
    return 'preferences: true or false';
  const known = new Set(['people', 'preferences']);
  const unknown = Object.keys(settings).find((key) => !known.has(key));
  return unknown === undefined ? null : `${unknown}: not a push channel setting (people, preferences)`;
}

/** The incident's path on this console, from the engine's link (absolute when PUBLIC_URL is set). */
function pathOf(link: string): string {
  try {
    const url = new URL(link, 'http://console.invalid');
    return safePath(`${url.pathname}${url.search}${url.hash}`);
  } catch {
    return '/';
  }
}

const PRIORITY = {
  en: { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' },
  ko: { critical: '긴급', high: '높음', medium: '보통', low: '낮음' },
} as const;

/** What the engine's message says on a lock screen, in the device's language. */
export function messagePayload(message: AlertMessage, language: AlertLanguage): PushPayload {
  if (message.kind === 'test') return testPayload(language, message.alertId);
  const ko = language === 'ko';
  const label = message.labelWords[language] || message.label;
  const heard = ko
    ? `마이크 ${message.heardBy}개에서 감지`
    : `heard by ${message.heardBy} mic${message.heardBy === 1 ? '' : 's'}`;
  const place = message.place?.name ?? (ko ? '위치 미상' : 'place unknown');
  const parts = [place, heard];
  if (message.acknowledgedBy !== null)
    parts.push(ko ? `${message.acknowledgedBy} 님이 확인` : `taken by ${message.acknowledgedBy}`);
  let title = `${PRIORITY[language][message.priority]}: ${label}`;
  if (message.kind === 'escalation') title += ko ? ' (미확인 재알림)' : ' (not yet acknowledged)';
  if (message.kind === 'summary')
    title = ko
      ? `${message.ruleName}: 알림 ${message.suppressed ?? 0}건 보류`
      : `${message.ruleName}: ${message.suppressed ?? 0} more held back`;
  return {
    v: 1,
    title,
    body: parts.join(' · '),
    tag: message.alertId,
    url: pathOf(message.link),
    // An update or an acknowledgement replaces the notification quietly; an escalation rings again.
    renotify: message.kind === 'escalation',
    at: message.lastAt,
  };
}

async function accountIdsOf(db: ConsoleDb, usernames: string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await db.db
    .selectFrom('accounts')
    .select('id')
    .where(
      'username',
      'in',
      usernames.map((name) => name.toLowerCase()),
    )
    .where('disabled', '=', 0)
    .execute();
  return rows.map((row) => row.id);
}

/** The 'push' channel type for the alerts engine (server/alerts/channel.ts). */
export function pushChannelSender(db: ConsoleDb, sender: PushSender): ChannelSender {
  return {
    type: 'push',
    validate: (settings) => validatePushSettings(settings),
    async send(message: AlertMessage, channel: ChannelConfig, signal: AbortSignal): Promise<DeliveryOutcome> {
      const people = (channel.settings.people as string[] | undefined) ?? [];
      const named = await accountIdsOf(db, people);
      const recipients =
        channel.settings.preferences === false || message.kind === 'test'
          ? named
          : await sender.recipients(message, named);
      const attempts = await sender.sendMessage(recipients, (language) => messagePayload(message, language), {
        alertId: message.alertId,
        urgency: message.priority === 'critical' || message.priority === 'high' ? 'high' : 'normal',
        signal,
      });
      if (attempts.length === 0)
        return { ok: true, status: null, detail: 'No device subscribed for these people.', retry: false };
      const delivered = attempts.filter((a) => a.outcome.kind === 'delivered').length;
      const gone = attempts.filter((a) => a.outcome.kind === 'gone').length;
      const failures = attempts.flatMap((a) => (a.outcome.kind === 'failed' ? [a.outcome] : []));
      const detail =
        `${delivered} of ${attempts.length} devices` +
        (gone > 0 ? `; ${gone} unsubscribed, removed` : '') +
        (failures.length > 0 ? `; ${failures[0]!.error}` : '');
      // Another attempt would ring again on the devices that got it: retry only when none did.
      const retry = delivered === 0 && failures.length > 0 && failures.every((f) => f.retryable);
      return { ok: delivered > 0 || failures.length === 0, status: failures[0]?.status ?? null, detail, retry };
    },
  };
}
