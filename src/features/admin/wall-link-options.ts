import { windowParam } from '@/lib/time-window';

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
