import dayjs from 'dayjs';
import 'dayjs/locale/ko';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import { i18n, onLanguageChange } from './i18n';
import './format-locales';

// Dates are formatted only on pages, so the date library loads with them, not with the shell.
dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);
const followLanguage = (language: string) => dayjs.locale(language === 'ko' ? 'ko' : 'en');
followLanguage(i18n.language);
onLanguageChange(followLanguage);

// Building an Intl formatter costs far more than using one, and a table formats hundreds of dates.
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The viewer's time zone abbreviation, e.g. "KST" or "GMT+9". */
export function zoneName(date: Date, locale: string): string {
  let format = zoneFormats.get(locale);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { timeZoneName: 'short' });
    zoneFormats.set(locale, format);
  }
  const part = format.formatToParts(date).find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}

/** Local date and time with seconds and the zone, e.g. "2026-11-21 16:41:29 KST". */
export function formatDateTime(iso: string | number | Date, locale = 'en'): string {
  const date = new Date(iso);
  return `${dayjs(date).format('YYYY-MM-DD HH:mm:ss')} ${zoneName(date, locale)}`.trim();
}

export function formatTime(iso: string | number | Date): string {
  return dayjs(iso).format('HH:mm:ss');
}

export function formatUtc(iso: string | number | Date): string {
  return `${new Date(iso).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export function formatRelative(iso: string | number | Date, now = Date.now()): string {
  return dayjs(iso).from(now);
}

export function formatPercent(fraction: number, digits = 0): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return i18n.t('format:duration.seconds', { seconds });
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes < 60) {
    return rest === 0
      ? i18n.t('format:duration.minutes', { minutes })
      : i18n.t('format:duration.minutesSeconds', { minutes, seconds: rest });
  }
  return i18n.t('format:duration.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/**
 * How long something has been open, or took, as a person says it in the UI language: "under a
 * minute", "12 min", "3 h 12 min", "2 d 4 h". Rounded down, so an age never runs ahead of the
 * clock; ages, response times and time to resolve all use it (spans of seconds use formatDuration).
 */
export function formatAge(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return i18n.t('format:age.underMinute');
  if (minutes < 60) return i18n.t('format:age.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return rest === 0
      ? i18n.t('format:age.hours', { hours })
      : i18n.t('format:age.hoursMinutes', { hours, minutes: rest });
  }
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? i18n.t('format:age.days', { days }) : i18n.t('format:age.daysHours', { days, hours: rest });
}
