import type { Random } from './random.js';

/**
 * How loud each incident is at its source, dB at 1 m (peak, as the edge's detectors report
 * levels): loud enough to clear the mics' level thresholds a few hundred metres away.
 */
const SOURCE_DB: Record<string, number> = {
  scream: 130,
  help_call: 128,
  glass_break: 135,
  siren: 140,
  gunshot: 155,
  explosion: 165,
};

/** Scatter of a level around the 20·log10(distance) fall-off (directivity, ground, the mic), dB. */
export const LEVEL_NOISE_DB = 1;
/** A mic's timestamp lies within this many ms of the true arrival (network time on each device). */
export const CLOCK_SCATTER_MS = 3;
/** Share of incidents in which one hearing mic's clock is off by a few hundred ms. */
export const CLOCK_FAULT_SHARE = 0.15;
/** Share of incidents in which one hearing mic stands behind a wall. */
export const SHADE_SHARE = 0.2;

/** Where an incident's sound really was: kept by the demo for the benchmark and tests, never served. */
export interface Truth {
  incident: string;
  /** Which repeat of the incident (0 for the first sound). */
  repeat: number;
  latitude: number;
  longitude: number;
  /** When the sound was made, ms since the epoch. */
  emittedAt: number;
  /** This mic's clock error on this incident (ms), beyond the ordinary scatter. */
  clockOffsetMs: number;
  /** dB this mic reads low because a wall stands between it and the incident. */
  shadeDb: number;
}

/** One standard normal draw (Box–Muller). */
export function gaussian(rng: Random): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** What goes wrong for one incident, as in a real city: now and then a clock off, a mic behind a wall. */
export interface IncidentFaults {
  id: string;
  sourceDb: number;
  /** Mic index → ms its clock is off for this incident. */
  clock: Map<number, number>;
  /** Mic index → dB it reads low. */
  shade: Map<number, number>;
}

export function incidentFaults(noise: Random, labelId: string, members: readonly number[]): IncidentFaults {
  const faults: IncidentFaults = {
    id: noise.hex(16),
    sourceDb: (SOURCE_DB[labelId] ?? 125) + noise.range(-3, 3),
    clock: new Map(),
    shade: new Map(),
  };
  if (members.length === 0) return faults;
  if (noise.chance(CLOCK_FAULT_SHARE)) {
    faults.clock.set(noise.pick(members), (noise.chance(0.5) ? 1 : -1) * noise.range(150, 600));
  }
  if (noise.chance(SHADE_SHARE)) faults.shade.set(noise.pick(members), noise.range(6, 12));
  return faults;
}

/** The level a mic `meters` away reads: the fall-off with distance, a little scatter, and its wall if any. */
export function levelAt(faults: IncidentFaults, mic: number, meters: number, noise: Random): number {
  const level =
    faults.sourceDb -
    20 * Math.log10(Math.max(meters, 1)) +
    LEVEL_NOISE_DB * gaussian(noise) -
    (faults.shade.get(mic) ?? 0);
  return Math.round(level * 10) / 10;
}
