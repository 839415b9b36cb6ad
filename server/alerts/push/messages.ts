import type { Priority } from './subscriptions.js';

/** What an alert says on a phone's lock screen; the console's text, in the device's language. */
export interface PushAlert {
  alertId: string;
  label: string;
  priority: Priority;
  /** The location estimate's words, else the nearest mic's name; null when neither is known. */
  place: string | null;
  heardBy: number;
  /** When it was heard (ISO-8601). */
  at: string;
  /** The incident's page on this console, a path: '/composite-events/ce-1'. */
  path: string;
  /** The escalation step (0: the first notice); a later step rings again instead of updating quietly. */
  step?: number;
  /** Who acknowledged it, when the message says the alert was taken. */
  takenBy?: string | null;
}

type Language = 'en' | 'ko';

const PRIORITY: Record<Language, Record<Priority, string>> = {
  en: { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' },
  ko: { critical: '긴급', high: '높음', medium: '보통', low: '낮음' },
};

/** The common labels in Korean; another label is shown as the edge names it. */
const LABELS_KO: Record<string, string> = {
  gunshot: '총성',
  explosion: '폭발음',
  scream: '비명',
  glass_break: '유리 깨짐',
  glass: '유리 깨짐',
  siren: '사이렌',
  dog_bark: '개 짖는 소리',
  car_horn: '자동차 경적',
  alarm: '경보음',
};

export function labelIn(language: Language, label: string): string {
  const words = language === 'ko' ? LABELS_KO[label] : undefined;
  return words ?? label.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** Only a path on this console: a notification click never opens another site. */
export function safePath(path: string): string {
  return /^\/(?![/\\])[^\s]*$/.test(path) ? path : '/';
}

/** The JSON the service worker (public/sw.js) turns into a notification. */
export interface PushPayload {
  v: 1;
  title: string;
  body: string;
  tag: string;
  url: string;
  renotify: boolean;
  at: string;
}

export function alertPayload(alert: PushAlert, language: Language): PushPayload {
  const label = labelIn(language, alert.label);
  const priority = PRIORITY[language][alert.priority];
  const heard =
    language === 'ko'
      ? `마이크 ${alert.heardBy}개에서 감지`
      : `heard by ${alert.heardBy} mic${alert.heardBy === 1 ? '' : 's'}`;
  const place = alert.place ?? (language === 'ko' ? '위치 미상' : 'place unknown');
  const taken =
    alert.takenBy == null ? '' : language === 'ko' ? ` · ${alert.takenBy} 님이 확인` : ` · taken by ${alert.takenBy}`;
  const step = alert.step ?? 0;
  const again = step > 0 ? (language === 'ko' ? ' (재알림)' : ' (not yet acknowledged)') : '';
  return {
    v: 1,
    title: `${priority}: ${label}${again}`,
    body: `${place} · ${heard}${taken}`,
    tag: alert.alertId,
    url: safePath(alert.path),
    renotify: step > 0,
    at: alert.at,
  };
}

export function testPayload(language: Language, id: string): PushPayload {
  return {
    v: 1,
    title: language === 'ko' ? '테스트 알림' : 'Test notification',
    body:
      language === 'ko'
        ? 'Edge Sound Console의 알림이 이 기기에 도착합니다.'
        : 'Notifications from Edge Sound Console reach this device.',
    tag: `test-${id}`,
    url: '/',
    renotify: false,
    at: new Date().toISOString(),
  };
}
