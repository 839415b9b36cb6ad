import type { TFunction } from '@/lib/i18n';
import { parseWindowMinutes, windowParam } from '@/lib/time-window';

/** What an admin picks for a wall screen; the link carries it as the wall's URL query. */
export interface WallOptions {
  edgeId: string;
  label: string;
  windowMinutes: number;
  refreshSeconds: number;
  chime: boolean;
  lang: '' | 'en' | 'ko';
}

export const DEFAULT_WALL_OPTIONS: WallOptions = {
  edgeId: '',
  label: '',
  windowMinutes: 15,
  refreshSeconds: 5,
  chime: false,
  lang: '',
};

export const WINDOW_CHOICES = [5, 15, 30, 60, 180, 360, 720, 1440] as const;

/** The wall's query string for these options; the wall's own defaults are left out. */
export function wallQueryOf(options: WallOptions): string {
  const params = new URLSearchParams();
  if (options.edgeId.trim() !== '') params.set('edge_id', options.edgeId.trim());
  if (options.label.trim() !== '') params.set('label', options.label.trim());
  if (options.windowMinutes !== DEFAULT_WALL_OPTIONS.windowMinutes)
    params.set('window', windowParam(options.windowMinutes));
  if (options.refreshSeconds !== DEFAULT_WALL_OPTIONS.refreshSeconds)
    params.set('refresh', String(options.refreshSeconds));
  if (options.chime) params.set('chime', '1');
  if (options.lang !== '') params.set('lang', options.lang);
  return params.toString();
}

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', ko: '한국어' };

/**
 * A link's wall options in words, in the order the wall names them, e.g. "Chime on · English"
 * for `chime=1&lang=en`; an option this build does not know stays as written.
 */
export function wallOptionWords(
  query: string,
  t: TFunction<'adminWalls'>,
  window: (minutes: number) => string,
): string[] {
  const params = new URLSearchParams(query);
  const words: string[] = [];
  for (const [key, value] of params) {
    const minutes = key === 'window' ? parseWindowMinutes(value) : null;
    if (key === 'edge_id') words.push(t('options.edge', { edge: value }));
    else if (key === 'label') words.push(t('options.label', { label: value }));
    else if (key === 'window' && minutes !== null) words.push(t('options.window', { window: window(minutes) }));
    else if (key === 'refresh' && /^\d+(\.\d+)?$/.test(value))
      words.push(t('options.refresh', { seconds: Number(value) }));
    else if (key === 'chime') words.push(value === '1' ? t('options.chime') : t('options.noChime'));
    else if (key === 'lang' && value in LANGUAGE_NAMES) words.push(LANGUAGE_NAMES[value]!);
    else words.push(`${key}=${value}`);
  }
  return words;
}
