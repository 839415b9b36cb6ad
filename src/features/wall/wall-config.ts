import { parseWindowMinutes } from '@/components/map/time-window';

export interface WallConfig {
  edgeId: string | null;
  label: string | null;
  windowMinutes: number;
  refreshSeconds: number;
  chime: boolean;
  lang: 'en' | 'ko' | null;
  /** Size factor on top of the screen's own (`?scale=1.5` for a screen seen from far away). */
  scale: number;
}

export const DEFAULT_WALL_CONFIG: WallConfig = {
  edgeId: null,
  label: null,
  windowMinutes: 15,
  refreshSeconds: 5,
  chime: false,
  lang: null,
  scale: 1,
};

export const WALL_SCALE_RANGE = { min: 0.75, max: 2 } as const;

const text = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());

const MIN_REFRESH_SECONDS = 0.25;

/**
 * A wall screen's setup from its URL (`?edge_id=…&label=…&window=15m&refresh=5&chime=1&lang=ko&scale=1.5`).
 * Unreadable values fall back to the defaults so a typo never leaves a wall blank.
 */
export function parseWallConfig(params: URLSearchParams): WallConfig {
  const refresh = Number(params.get('refresh'));
  const lang = params.get('lang');
  return {
    edgeId: text(params.get('edge_id')),
    label: text(params.get('label')),
    windowMinutes: parseWindowMinutes(params.get('window'), { max: 1440 }) ?? DEFAULT_WALL_CONFIG.windowMinutes,
    // Fractions down to a quarter second let soak benchmarks compress days of refreshes into minutes.
    refreshSeconds:
      params.get('refresh') !== null && Number.isFinite(refresh) && refresh >= MIN_REFRESH_SECONDS
        ? Math.min(300, Math.round(refresh * 4) / 4)
        : DEFAULT_WALL_CONFIG.refreshSeconds,
    chime: ['1', 'true', 'on', 'yes'].includes((params.get('chime') ?? '').toLowerCase()),
    lang: lang === 'en' || lang === 'ko' ? lang : null,
    scale: parseScale(params.get('scale')),
  };
}

/** A readable factor is kept within the range (a typo never makes a wall unreadable); anything else is 1. */
function parseScale(value: string | null): number {
  const scale = Number(value);
  if (value === null || value.trim() === '' || !Number.isFinite(scale)) return DEFAULT_WALL_CONFIG.scale;
  return Math.min(WALL_SCALE_RANGE.max, Math.max(WALL_SCALE_RANGE.min, Math.round(scale * 100) / 100));
}

/** Mics change rarely: a wall re-reads them at most once a minute, however fast it refreshes events. */
export function micRefreshMs(config: WallConfig): number {
  return Math.max(60_000, config.refreshSeconds * 12_000);
}

/** Data older than this without a successful refresh is stale even if no request has failed yet. */
export function staleAfterMs(config: WallConfig): number {
  return Math.max(15_000, config.refreshSeconds * 3_000);
}
