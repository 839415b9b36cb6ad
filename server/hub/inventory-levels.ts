import type { Inventory } from './inventory.js';

/** Where thresholds lie when they are dB (the demo edge's and the base events' `sound_level`). */
const DB_RANGE = { min: 20, max: 140 };

/** What GET /api/inventory/levels answers (the client's `micLevelsSchema` reads it). */
export interface LevelsResponse {
  version: string;
  category: string;
  /**
   * Whether every threshold of every mic lies where dB thresholds do: the interface does not say
   * what unit `sound_level_ge` is in, and the map's coverage layer works out hearing ranges only
   * from dB (see src/features/map/coverage-model.ts).
   */
  in_db: boolean;
  /** Mic id to its `sound_level_ge` for the category; a mic without a threshold for it is absent. */
  levels: Record<string, number>;
}

/**
 * The one threshold figure per mic the coverage layer reads, for one category: the inventory
 * leaves thresholds out (they were half its bytes on every page reading it), so the layer asks
 * for these when it is switched on.
 */
export function levelsOf(inventory: Inventory, category: string): LevelsResponse {
  let inDb = true;
  // Keys are the edge's mic ids: no prototype for one named `__proto__` to reach.
  const levels = Object.create(null) as Record<string, number>;
  for (const mic of inventory.mics()) {
    for (const key in mic.thresholds) {
      const level = mic.thresholds[key]!.sound_level_ge;
      if (!(Number.isFinite(level) && level >= DB_RANGE.min && level <= DB_RANGE.max)) inDb = false;
      if (key === category) levels[mic.id] = level;
    }
  }
  return { version: inventory.version, category, in_db: inDb, levels };
}
