import type { InventoryMic, MicLevels } from '@/api';

/*
 * Where the mics could locate a sound: a place is covered when at least three active, hearing
 * mics would hear a typical sound of the category made there (three is the fewest the locator
 * can place a sound with). Computed in the browser from the mic inventory and each mic's threshold
 * for the category (GET /api/inventory/levels).
 *
 * The edge interface does not say what unit a threshold's `sound_level_ge` is in. The demo edge
 * and the base events' `sound_level` read as dB, so thresholds are taken as dB when every one of
 * them lies where dB thresholds do (20–140, the console server's `in_db`); otherwise each mic gets
 * the category's fixed typical range, with the same model and a 65 dB threshold.
 */

/** A typical sound of each category at 1 m, dB peak (as edge detectors report levels). */
export const TYPICAL_SOURCE_DB: Readonly<Record<string, number>> = {
  explosion: 165,
  gunshot: 155,
  siren: 140,
  glass_break: 135,
  scream: 130,
  help_call: 128,
  car_horn: 115,
  dog_bark: 110,
  baby_cry: 105,
};
/** A category this build has no figure for. */
export const OTHER_SOURCE_DB = 120;
/** A mic without a threshold for the category (the demo edge's default as well). */
export const DEFAULT_THRESHOLD_DB = 65;
/** Beyond spherical spreading: air, ground and buildings in a city (dB per metre). */
export const EXCESS_DB_PER_M = 0.02;
/** However loud: no city mic picks out one sound from farther than this. */
export const MAX_RANGE_M = 3000;
/** The fewest mics that can place a sound. */
export const MIN_MICS = 3;

export const sourceDbOf = (category: string) => TYPICAL_SOURCE_DB[category] ?? OTHER_SOURCE_DB;

/**
 * How far a source of `sourceDb` at 1 m stays at or above `thresholdDb`: the distance r where
 * sourceDb − 20·log10(r) − EXCESS_DB_PER_M·r = thresholdDb (that side falls steadily: bisection).
 */
export function hearingRangeM(sourceDb: number, thresholdDb: number): number {
  const level = (r: number) => sourceDb - 20 * Math.log10(r) - EXCESS_DB_PER_M * r;
  if (level(1) < thresholdDb) return 0;
  if (level(MAX_RANGE_M) >= thresholdDb) return MAX_RANGE_M;
  let low = 1;
  let high = MAX_RANGE_M;
  for (let i = 0; i < 40; i++) {
    const mid = (low + high) / 2;
    if (level(mid) >= thresholdDb) low = mid;
    else high = mid;
  }
  return Math.round(low);
}

export interface CoverageMic {
  id: string;
  lat: number;
  lng: number;
  rangeM: number;
}

/** The mics that count: active, not suspected deaf (Insights → mic health), placed, each with its hearing range. */
export function coverageMics(
  mics: readonly InventoryMic[],
  { category, in_db: inDb, levels }: MicLevels,
  suspects: ReadonlySet<string>,
): { mics: CoverageMic[]; inDb: boolean } {
  const sourceDb = sourceDbOf(category);
  const fixed = hearingRangeM(sourceDb, DEFAULT_THRESHOLD_DB);
  const hearing = mics.filter(
    (mic) =>
      mic.status === 'active' &&
      !suspects.has(mic.id) &&
      Number.isFinite(mic.location.latitude) &&
      Number.isFinite(mic.location.longitude),
  );
  return {
    inDb,
    mics: hearing.map((mic) => ({
      id: mic.id,
      lat: mic.location.latitude,
      lng: mic.location.longitude,
      rangeM: inDb ? hearingRangeM(sourceDb, levelOf(levels, mic.id)) : fixed,
    })),
  };
}

// Keys are the edge's mic ids: only the record's own.
const levelOf = (levels: MicLevels['levels'], micId: string) =>
  Object.hasOwn(levels, micId) ? levels[micId]! : DEFAULT_THRESHOLD_DB;

const HALF_DIAGONAL = Math.SQRT1_2;

export interface CoverageGrid {
  cols: number;
  rows: number;
  cell: number;
  /** How many mics hear the centre of each cell (row by row), up to 255. */
  counts: Uint8Array;
}

/**
 * Counts, for each `cell`-pixel square of a `width`×`height` view, the mics whose hearing disc
 * holds its centre. `discs` are in the view's pixels; each only touches the cells in its box.
 */
export function countGrid(
  discs: readonly { x: number; y: number; r: number }[],
  width: number,
  height: number,
  cell: number,
): CoverageGrid {
  const cols = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const counts = new Uint8Array(cols * rows);
  for (const disc of discs) {
    const { x, y } = disc;
    if (disc.r <= 0) continue;
    // Zoomed out, a disc smaller than a cell still counts in its own: a site stays visible.
    const r = Math.max(disc.r, cell * HALF_DIAGONAL);
    if (x + r < 0 || y + r < 0 || x - r > width || y - r > height) continue;
    const r2 = r * r;
    const c0 = Math.max(0, Math.floor((x - r) / cell));
    const c1 = Math.min(cols - 1, Math.floor((x + r) / cell));
    const r0 = Math.max(0, Math.floor((y - r) / cell));
    const r1 = Math.min(rows - 1, Math.floor((y + r) / cell));
    for (let row = r0; row <= r1; row++) {
      const dy = (row + 0.5) * cell - y;
      const base = row * cols;
      for (let col = c0; col <= c1; col++) {
        const dx = (col + 0.5) * cell - x;
        if (dx * dx + dy * dy <= r2 && counts[base + col]! < 255) counts[base + col]!++;
      }
    }
  }
  return { cols, rows, cell, counts };
}
