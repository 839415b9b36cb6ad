import type { Place } from '../insights/geo.js';

/** Speed of sound in air at about 20 °C. */
export const SPEED_OF_SOUND_MPS = 343;

export type Method = 'arrival-time' | 'level' | 'nearest-mic';

/** One mic's detection of one sound: a base event of a composite event. */
export interface Reading {
  micId: string;
  eventId: string;
  /** Where the mic stands; null when the edge gave no location. */
  place: Place | null;
  /** When the mic heard it, milliseconds since the epoch. */
  at: number;
  /** Sound level in dB as the mic measured it; null when not reported. */
  level: number | null;
}

/** Why a method could not be used, or why a mic was left out: a stable code and an English sentence. */
export type ReasonCode =
  | 'no-location'
  | 'one-mic'
  | 'one-place'
  | 'two-mics'
  | 'line'
  | 'coarse-timestamps'
  | 'timing-impossible'
  | 'timing-disagrees'
  | 'timing-ambiguous'
  | 'no-levels'
  | 'levels-disagree'
  | 'levels-ambiguous'
  | 'levels-between'
  | 'implausible-source'
  | 'weak-geometry';

export interface Why {
  code: ReasonCode;
  text: string;
}

export type DropCode = 'no-location' | 'clock' | 'level' | 'implausible-level';

export interface Dropped {
  mic_id: string;
  event_id: string;
  code: DropCode;
  why: string;
}

export interface Residual {
  mic_id: string;
  event_id: string;
  /** Metres from the estimated place. */
  distance_m: number;
  /** Heard this much later (+) or earlier (−) than sound from the estimate would arrive; arrival-time only. */
  arrival_ms: number | null;
  /** Measured this much louder (+) or quieter (−) than the fitted fall-off; level only. */
  level_db: number | null;
}

/** One located sound, as the endpoint answers it. */
export interface Source {
  /** When the sound was made (estimated): ISO 8601. */
  at: string;
  latitude: number;
  longitude: number;
  /** The truth lies within this many metres with 95 % probability (the ellipse's larger semi-axis, at least the floor). */
  radius_m: number;
  /** The 95 % error ellipse; null for the nearest mic. */
  ellipse: { semi_major_m: number; semi_minor_m: number; bearing_deg: number } | null;
  method: Method;
  /** Mics whose readings the estimate used. */
  mic_ids: string[];
  event_ids: string[];
  dropped: Dropped[];
  residuals: Residual[];
  /** Level method: the fitted source level, dB at 1 m. */
  source_level_db: number | null;
  /** Why a better method could not be used; a nearest-mic estimate's starts with "cannot locate:". */
  reason: string | null;
  reason_codes: ReasonCode[];
}
