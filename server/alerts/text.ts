import type { AlertLanguage, AlertMessage } from './channel.js';

/**
 * The words of one alert in one language, shared by every channel. Edge text (labels, mic names)
 * is only ever put in as text: the HTML form escapes it.
 */
const WORDS = {
  en: {
    alert: 'Alert',
    update: 'Update',
    escalation: 'Not yet acknowledged',
    summary: 'Many alerts',
    acknowledged: 'Acknowledged',
    test: 'Test',
    heardBy: (n: number) => `heard by ${n} mic${n === 1 ? '' : 's'}`,
    detections: (n: number) => `${n} detection${n === 1 ? '' : 's'}`,
    at: 'at',
    near: 'near',
    estimated: 'estimated location',
    priority: 'Priority',
    takenBy: (who: string) => `Taken by ${who}`,
    open: 'Open the incident',
    acknowledge: 'Acknowledge',
    suppressed: (n: number) => `${n} more detection${n === 1 ? '' : 's'} held back by the storm cap`,
    testBody: 'This is a test from Edge Sound Console. If you read it, the channel works.',
    priorities: { low: 'low', medium: 'medium', high: 'high', critical: 'critical' },
  },
  ko: {
    alert: '알림',
    update: '업데이트',
    escalation: '아직 확인되지 않음',
    summary: '알림 다수',
    acknowledged: '확인됨',
    test: '테스트',
    heardBy: (n: number) => `마이크 ${n}대 감지`,
    detections: (n: number) => `감지 ${n}건`,
    at: '시각',
    near: '위치',
    estimated: '추정 위치',
    priority: '우선순위',
    takenBy: (who: string) => `${who} 님이 확인함`,
    open: '사건 열기',
    acknowledge: '확인',
    suppressed: (n: number) => `폭주 제한으로 감지 ${n}건을 보류함`,
    testBody: 'Edge Sound Console의 테스트 메시지입니다. 이 메시지가 보이면 채널이 작동합니다.',
    priorities: { low: '낮음', medium: '보통', high: '높음', critical: '긴급' },
  },
} as const;

export interface AlertText {
  title: string;
  lines: string[];
  link: string;
  acknowledgeLink: string;
  words: (typeof WORDS)[AlertLanguage];
}

export function alertText(message: AlertMessage, language: AlertLanguage, timeZone: string): AlertText {
  const words = WORDS[language];
  const label = message.labelWords[language] || message.label;
  const title = `[${words[message.kind]}] ${label}`;
  if (message.kind === 'test')
    return { title, lines: [words.testBody], link: message.link, acknowledgeLink: '', words };
  const time = formatTime(message.at, language, timeZone);
  const lines = [
    `${label} — ${words.heardBy(message.heardBy)}, ${words.detections(message.detections)}`,
    `${words.at} ${time}`,
  ];
  if (message.place !== null) {
    lines.push(`${words.near} ${message.place.name}${message.place.estimated ? ` (${words.estimated})` : ''}`);
  }
  lines.push(`${words.priority}: ${words.priorities[message.priority]}`);
  if (message.suppressed !== undefined && message.suppressed > 0) lines.push(words.suppressed(message.suppressed));
  if (message.acknowledgedBy !== null) lines.push(words.takenBy(message.acknowledgedBy));
  return { title, lines, link: message.link, acknowledgeLink: message.acknowledgeLink, words };
}

export function plainText(text: AlertText): string {
  const links = [`${text.words.open}: ${text.link}`];
  if (text.acknowledgeLink !== '') links.push(`${text.words.acknowledge}: ${text.acknowledgeLink}`);
  return [text.title, '', ...text.lines, '', ...links].join('\n');
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function htmlText(text: AlertText): string {
  const link = (href: string, words: string) => `<a href="${escapeHtml(href)}">${escapeHtml(words)}</a>`;
  const links = [link(text.link, text.words.open)];
  if (text.acknowledgeLink !== '') links.push(link(text.acknowledgeLink, text.words.acknowledge));
  return [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h2>${escapeHtml(text.title)}</h2>`,
    ...text.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${links.join(' · ')}</p>`,
    '</body></html>',
  ].join('\n');
}

function formatTime(iso: string, language: AlertLanguage, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-GB', {
      dateStyle: 'medium',
      // 'long' names the zone: a mail read in another zone, or forwarded, says which clock it means.
      timeStyle: 'long',
      timeZone,
    }).format(new Date(iso));
  } catch {
    return iso;
  }
}
