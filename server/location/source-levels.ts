/**
 * What a deployment knows of how loud each kind of sound is at its source before any mic hears
 * it: a typical peak level (dB at 1 m, as the edge's detectors report levels) and how much one
 * sound of the kind differs from it. Screams and calls vary with the person, glass with the pane,
 * a gunshot with the weapon, and the direction each faces the mic: the spread is the scatter of
 * one sound about its kind, not the scatter of one reading.
 */
export interface SourcePrior {
  db: number;
  sigmaDb: number;
}

/** Typical source levels of the detected categories (published peak levels at 1 m, rounded). */
const TYPICAL_DB: Record<string, number> = {
  scream: 130,
  help_call: 128,
  glass_break: 135,
  siren: 140,
  gunshot: 155,
  explosion: 165,
};

/** Scatter of one sound about its kind's typical level, dB (a little more than the ±3 dB the catalog's kinds hold). */
export const SOURCE_SIGMA_DB = 2.5;

/** The prior on a sound's source level by its category; null for a category without one (it is then fitted freely). */
export function sourcePriorOf(labelId: string): SourcePrior | null {
  const db = TYPICAL_DB[labelId];
  return db === undefined ? null : { db, sigmaDb: SOURCE_SIGMA_DB };
}
