import { CLOCK_SCATTER_MS, incidentFaults, levelAt, type Truth } from './acoustics.js';
import { distanceMeters, offsetPlace, type Place } from './geo.js';
import { LABELS } from './catalog.js';
import { Random } from './random.js';

/** Speed of sound in air: a mic hears an incident distance / 343 m/s after it happened. */
export const SPEED_OF_SOUND_MPS = 343;
/**
 * What a city district hears: sirens passing most days, now and then screams or breaking glass,
 * a gunshot or a blast rarely (relative weights; issue 26: a demo at rest asks for a handful of
 * reviews a day, not one every few minutes).
 */
const INCIDENT_LABELS: readonly (readonly [string, number])[] = [
  ['siren', 92],
  ['scream', 3],
  ['glass_break', 2.5],
  ['help_call', 1],
  ['gunshot', 0.75],
  ['explosion', 0.75],
];
const INCIDENT_WEIGHT = INCIDENT_LABELS.reduce((sum, [, weight]) => sum + weight, 0);
/** Sirens pass by; the other incidents stay where they happened. */
const MOVING_LABELS = new Set(['siren']);
/**
 * `city`: the natural rate of a district (the default demo, the live feed). `dense`: a history of
 * a given size for tests and the benchmark, where every category and incident comes up often.
 */
export type SoundMix = 'city' | 'dense';
const INCIDENT_SHARE: Record<SoundMix, number> = { city: 0.03, dense: 0.06 };

/** How often a lone detection is one of the sounds its spot hears most. */
const ROLE_SHARE: Record<SoundMix, number> = { city: 0.5, dense: 0.7 };
const BACKGROUND_WEIGHT = LABELS.reduce((sum, label) => sum + label.weight, 0);

/** A background category by its weight, in one draw (as `rng.pick`). */
function backgroundLabel(rng: Random, mix: SoundMix): string {
  if (mix === 'dense') return rng.pick(LABELS).id;
  let left = rng.next() * BACKGROUND_WEIGHT;
  for (const label of LABELS) {
    left -= label.weight;
    if (left < 0) return label.id;
  }
  return LABELS[0]!.id;
}

/** A weighted pick that draws exactly one number, as `rng.pick` does, so the draws after it stay where they were. */
function incidentLabel(rng: Random, mix: SoundMix): string {
  if (mix === 'dense') return rng.pick(INCIDENT_LABELS)[0];
  let left = rng.next() * INCIDENT_WEIGHT;
  for (const [label, weight] of INCIDENT_LABELS) {
    left -= weight;
    if (left < 0) return label;
  }
  return INCIDENT_LABELS[0]![0];
}
const NOISY_SHARE = 0.12;

export interface PlacedMic extends Place {
  id: string;
  /** Which seeded site the mic stands on (mics are dealt to sites in turn). */
  site: number;
  /** The area (edge) whose daily rhythm the site follows. */
  edgeId: string;
  /** Categories the mic's spot hears most; empty means any. */
  labels: readonly string[];
}

export interface Detection {
  mic: number;
  labelId: string;
  at: number;
  /** An incident's level at the mic (dB); lone detections leave it to the edge's writer. */
  level?: number;
  /** An incident's true source, for the benchmark and tests. */
  truth?: Truth;
}

export interface Quirks {
  /** Index of the mic that hears nothing from `deafSince` on, or -1. */
  deaf: number;
  deafSince: number;
  /** Noisy mics: index → the one category they keep firing alone. */
  noisy: ReadonlyMap<number, string>;
}

/** The second mic on the second site (Gangnam Station Exit 11), when there is one: fixed by position alone. */
export function deafMicIndex(micCount: number, siteCount: number): number {
  return micCount > 1 + siteCount ? 1 + siteCount : -1;
}

/** Which mics are odd: one deaf mic, and every twentieth mic (from the tenth) noisy in its first category. */
export function chooseQuirks(mics: readonly PlacedMic[], siteCount: number, now: number): Quirks {
  const deaf = deafMicIndex(mics.length, siteCount);
  const noisy = new Map<number, string>();
  mics.forEach((mic, i) => {
    if (i % 20 === 9 && i !== deaf) noisy.set(i, mic.labels[0] ?? 'car_horn');
  });
  return { deaf, deafSince: now - 36 * 3_600_000, noisy };
}

/**
 * How busy an area is at a moment, 0.2–1, by Korean local hour: Seoul peaks with the commutes
 * and the evening, Busan late in the evening by the beaches, Incheon early with the flights.
 */
export function areaActivity(edgeId: string, ms: number): number {
  const hour = ((new Date(ms).getUTCHours() + 9) % 24) + new Date(ms).getUTCMinutes() / 60;
  const bump = (peak: number, width: number) => {
    const d = Math.min(Math.abs(hour - peak), 24 - Math.abs(hour - peak));
    return Math.exp(-((d / width) ** 2));
  };
  const peaks: Record<string, [number, number][]> = {
    'edge-seoul-01': [
      [8.5, 1.5],
      [19, 3],
    ],
    'edge-busan-01': [[21.5, 3]],
    'edge-incheon-01': [
      [7, 2],
      [16, 4],
    ],
  };
  const level = (peaks[edgeId] ?? [[14, 6]]).reduce((sum, [peak, width]) => Math.max(sum, bump(peak, width)), 0);
  return 0.2 + 0.8 * level;
}

/** Chance that a mic `meters` away hears an incident: nearly sure up close, fading over a few hundred metres. */
export function hearingChance(meters: number): number {
  return meters <= 40 ? 0.97 : 0.97 * Math.exp(-(meters - 40) / 280);
}

/**
 * The demo edge's world: mics standing on sites, incidents at a place heard by the mics around
 * it (with a chance falling with distance, after distance / 343 m/s), noisy mics firing alone,
 * one deaf mic, and each area's daily rhythm. Both the seeded history and the live feed use it.
 */
export class Soundscape {
  private readonly bySite: number[][] = [];
  private readonly siteCentre: Place[] = [];

  /**
   * @param noise draws the levels and faults of incidents, apart from the caller's generator, so
   * that the seeded history (who hears what, when) is the same as before the demo had levels.
   */
  constructor(
    private readonly mics: readonly PlacedMic[],
    private readonly quirks: Quirks,
    private readonly noise = new Random(343),
    private readonly mix: SoundMix = 'city',
  ) {
    mics.forEach((mic, i) => {
      (this.bySite[mic.site] ??= []).push(i);
    });
    this.bySite.forEach((members, site) => {
      const lat = members.reduce((s, i) => s + mics[i]!.latitude, 0) / members.length;
      const lon = members.reduce((s, i) => s + mics[i]!.longitude, 0) / members.length;
      this.siteCentre[site] = { latitude: lat, longitude: lon };
    });
  }

  /**
   * What the mics detect of one moment at a random site, or nothing when the area is quiet then
   * (the caller draws moments uniformly; the rhythm thins them out).
   */
  moment(rng: Random, at: number): Detection[] {
    const site = rng.int(0, this.bySite.length - 1);
    const members = this.bySite[site];
    if (members === undefined || members.length === 0) return [];
    if (rng.next() > areaActivity(this.mics[members[0]!]!.edgeId, at)) return [];
    const roll = rng.next();
    if (roll < INCIDENT_SHARE[this.mix]) return this.incident(rng, at, site);
    if (roll < INCIDENT_SHARE[this.mix] + NOISY_SHARE) {
      const noisy = members.filter((i) => this.quirks.noisy.has(i));
      if (noisy.length > 0) {
        const mic = rng.pick(noisy);
        return this.heard(mic, at) ? [{ mic, labelId: this.quirks.noisy.get(mic)!, at }] : [];
      }
    }
    const mic = rng.pick(members);
    const labels = this.mics[mic]!.labels;
    // A spot hears its own sounds more; otherwise the city's mix, by each category's weight.
    const labelId =
      labels.length > 0 && rng.chance(ROLE_SHARE[this.mix]) ? rng.pick(labels) : backgroundLabel(rng, this.mix);
    return this.heard(mic, at) ? [{ mic, labelId, at }] : [];
  }

  /**
   * One incident near the site: a sound repeated a few times, standing still or passing by, heard
   * after distance / 343 m/s (clocks agreeing within a few ms) at a level falling 20·log10(distance);
   * now and then one mic's clock is off by a few hundred ms, or one mic stands behind a wall.
   */
  incident(rng: Random, at: number, site: number): Detection[] {
    const members = this.bySite[site] ?? [];
    const centre = this.siteCentre[site];
    if (centre === undefined) return [];
    const labelId = incidentLabel(rng, this.mix);
    const moving = MOVING_LABELS.has(labelId);
    let place = offsetPlace(centre, rng.range(0, 350), rng.range(0, 360));
    const heading = rng.range(0, 360);
    const speed = moving ? rng.range(10, 20) : 0;
    const repeats = moving ? rng.int(3, 6) : rng.int(1, 4);
    const faults = incidentFaults(this.noise, labelId, members);
    const out: Detection[] = [];
    let t = at;
    for (let k = 0; k < repeats; k++) {
      for (const mic of members) {
        const meters = distanceMeters(place, this.mics[mic]!);
        if (!rng.chance(hearingChance(meters))) continue;
        const clockOffsetMs = faults.clock.get(mic) ?? 0;
        const scatter = rng.range(-CLOCK_SCATTER_MS, CLOCK_SCATTER_MS);
        const heardAt = Math.round(t + (meters / SPEED_OF_SOUND_MPS) * 1000 + scatter + clockOffsetMs);
        if (!this.heard(mic, heardAt)) continue;
        const truth: Truth = {
          incident: faults.id,
          repeat: k,
          ...place,
          emittedAt: t,
          clockOffsetMs,
          shadeDb: faults.shade.get(mic) ?? 0,
        };
        out.push({ mic, labelId, at: heardAt, level: levelAt(faults, mic, meters, this.noise), truth });
      }
      const gap = rng.range(3_000, 9_000);
      place = offsetPlace(place, (speed * gap) / 1000, heading);
      t += gap;
    }
    return out;
  }

  private heard(mic: number, at: number): boolean {
    return !(mic === this.quirks.deaf && at >= this.quirks.deafSince);
  }
}
