import type { Candidate, Model } from './consensus.js';
import { distance, layoutOf, type LocalFrame, type Point } from './frame.js';
import { ellipse95 } from './least-squares.js';
import type { SourcePrior } from './source-levels.js';
import type { Spread } from './uncertainty.js';
import type { Dropped, Reading, Source, Why } from './types.js';

/** The pieces every method's estimate is made of. */

/** Louder than this no sound in air is (dB): the pressure would swing below vacuum. */
export const MAX_LEVEL_DB = 194;
/** Radius floor of the level method (m): levels do not place a sound to the metre. */
export const LEVEL_FLOOR_M = 10;

export interface LocateRules {
  /** How finely the timestamps resolve (ms), from the whole composite event. */
  resolutionMs: number;
  /** How far a mic hears (m): the nearest-mic radius, and the most any estimate may claim. */
  hearingRadiusM: number;
  /** What the sound's category says of its source level; null (or absent) when nothing is known. */
  sourcePrior?: SourcePrior | null;
}

/** `v` to `digits` decimals, without binary fractions' tails (0.30000000000000004). */
export const round = (v: number, digits = 1) => Number(v.toFixed(digits));
export const signed = (v: number, unit: string) =>
  `${v > 0 ? '+' : '−'}${Math.abs(round(v, unit === 'ms' ? 0 : 1))} ${unit}`;

export interface Placed extends Reading {
  point: Point;
}

export const LINE: Why = { code: 'line', text: 'the mics stand in a line, so the sound may be on either side of it' };

/** The place reflected across the line the mics stand on: equally well explained by the readings. */
function mirrored(at: Point, points: readonly Point[]): Point {
  const mx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const my = points.reduce((s, p) => s + p.y, 0) / points.length;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  const syy = points.reduce((s, p) => s + (p.y - my) ** 2, 0);
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const angle = Math.atan2(2 * sxy, sxx - syy) / 2;
  const [ux, uy] = [Math.cos(angle), Math.sin(angle)];
  const along = (at.x - mx) * ux + (at.y - my) * uy;
  return { x: 2 * (mx + along * ux) - at.x, y: 2 * (my + along * uy) - at.y };
}

/**
 * Why a fit is not good enough to state: its radius no better than the nearest mic's, or its
 * mirror image across the line the mics stand on as likely (judged on the local spread, which
 * sees one of the two).
 */
export function weakness(
  at: Point,
  stated: Spread | null,
  local: Spread | null,
  points: readonly Point[],
  rules: LocateRules,
) {
  if (stated === null || local === null || stated.radius > rules.hearingRadiusM) {
    return {
      code: 'weak-geometry',
      text: "the mics' geometry cannot fix the place better than the nearest mic",
    } as Why;
  }
  if (layoutOf(points).kind === 'line' && distance(at, mirrored(at, points)) > local.radius) return LINE;
  return null;
}

/** The levels' posterior alone, as a spread: for repeats fitted together, where no one least squares speaks for all. */
export function posteriorSpread(covariance: number[][]): Spread | null {
  const e = ellipse95(covariance);
  if (!Number.isFinite(e.major)) return null;
  return { major: e.major, minor: e.minor, bearingDeg: e.bearingDeg, radius: Math.max(e.major, LEVEL_FLOOR_M) };
}

/** The levels' answer: the posterior's ellipse, and the larger of its 95 % radius and the local fit's. */
export function statedSpread(local: Spread, radius95: number, covariance: number[][]): Spread {
  const e = ellipse95(covariance);
  return {
    major: Math.max(e.major, local.major),
    minor: Math.max(e.minor, local.minor),
    bearingDeg: e.major >= local.major ? e.bearingDeg : local.bearingDeg,
    radius: Math.max(local.radius, radius95, LEVEL_FLOOR_M),
  };
}

export function describe(
  method: Source['method'],
  frame: LocalFrame,
  at: Point,
  emittedAt: number,
  spread: Spread | null,
  used: Placed[],
): Omit<Source, 'dropped' | 'residuals' | 'source_level_db' | 'reason' | 'reason_codes'> {
  const place = frame.toPlace(at);
  return {
    at: new Date(Math.round(emittedAt)).toISOString(),
    latitude: round(place.latitude, 7),
    longitude: round(place.longitude, 7),
    radius_m: spread === null ? 0 : Math.ceil(spread.radius),
    ellipse:
      spread === null
        ? null
        : {
            semi_major_m: round(spread.major),
            semi_minor_m: round(spread.minor),
            bearing_deg: Math.round(spread.bearingDeg),
          },
    method,
    mic_ids: used.map((r) => r.micId),
    event_ids: used.map((r) => r.eventId),
  };
}

export function fitted(model: Model, candidate: Candidate) {
  return { at: { x: candidate.fit.p[0]!, y: candidate.fit.p[1]! }, inliers: new Set(candidate.inliers), model };
}

export function nearestMic(
  placed: Placed[],
  frame: LocalFrame,
  whys: Why[],
  rules: LocateRules,
  dropped: Dropped[],
): Source {
  const loud = placed.filter((r) => r.level !== null && r.level >= 0 && r.level <= MAX_LEVEL_DB);
  const pick = (loud.length > 0 ? loud : placed).reduce((best, r) => {
    if (loud.length > 0) return r.level! > best.level! ? r : best;
    return r.at < best.at ? r : best;
  });
  return {
    ...describe('nearest-mic', frame, pick.point, pick.at, null, [pick]),
    radius_m: rules.hearingRadiusM,
    dropped,
    residuals: [],
    source_level_db: null,
    reason: `cannot locate: ${whys.map((w) => w.text).join('; ')}`,
    reason_codes: whys.map((w) => w.code),
  };
}
