import { fitArrival, arrivalModel } from './arrival-time.js';
import type { Candidate, Model } from './consensus.js';
import { distance, layoutOf, LocalFrame, type Layout, type Point } from './frame.js';
import { fitLevel, levelModel } from './level.js';
import { LEVEL_SIGMA_DB } from './level-posterior.js';
import { ellipse95 } from './least-squares.js';
import { spreadOf, type Spread, type SpreadRules } from './uncertainty.js';
import { SPEED_OF_SOUND_MPS, type Dropped, type Reading, type Source, type Why } from './types.js';

/** Expected disagreement of two mics' clocks that agree (ms): network time on a city's devices. */
export const CLOCK_SIGMA_MS = 3;
/** Timestamps coarser than this (ms) cannot time sound across a street. */
const FINEST_USELESS_MS = 1000;
/** Louder than this no sound in air is (dB): the pressure would swing below vacuum. */
const MAX_LEVEL_DB = 194;

/** Radius floors: mic positions and the model are not exact to the metre (nor levels to ten). */
export const ARRIVAL_SPREAD: Omit<SpreadRules, 'priorSigma'> = { floorM: 3 };
export const LEVEL_SPREAD: SpreadRules = { priorSigma: LEVEL_SIGMA_DB, floorM: 10 };

export interface LocateRules {
  /** How finely the timestamps resolve (ms), from the whole composite event. */
  resolutionMs: number;
  /** How far a mic hears (m): the nearest-mic radius, and the most any estimate may claim. */
  hearingRadiusM: number;
}

/** Hearing is not a hard edge: past this, though, a place is no explanation of a mic that heard it. */
const reach = (rules: LocateRules) => 2.5 * rules.hearingRadiusM;
/** How fast a mic's chance of hearing falls with distance (e-fold), the level method's prior. */
const falloff = (rules: LocateRules) => 0.6 * rules.hearingRadiusM;

export const timingSigmaMs = (resolutionMs: number) => Math.sqrt(CLOCK_SIGMA_MS ** 2 + resolutionMs ** 2 / 12);

/** `v` to `digits` decimals, without binary fractions' tails (0.30000000000000004). */
const round = (v: number, digits = 1) => Number(v.toFixed(digits));
const signed = (v: number, unit: string) => `${v > 0 ? '+' : '−'}${Math.abs(round(v, unit === 'ms' ? 0 : 1))} ${unit}`;

interface Placed extends Reading {
  point: Point;
}

const LINE: Why = { code: 'line', text: 'the mics stand in a line, so the sound may be on either side of it' };

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
function weakness(
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

/** The levels' answer: the posterior's ellipse, and the larger of its 95 % radius and the local fit's. */
function statedSpread(local: Spread, radius95: number, covariance: number[][]): Spread {
  const e = ellipse95(covariance);
  return {
    major: Math.max(e.major, local.major),
    minor: Math.max(e.minor, local.minor),
    bearingDeg: e.major >= local.major ? e.bearingDeg : local.bearingDeg,
    radius: Math.max(local.radius, radius95, LEVEL_SPREAD.floorM),
  };
}

function describe(
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

function fitted(model: Model, candidate: Candidate) {
  return { at: { x: candidate.fit.p[0]!, y: candidate.fit.p[1]! }, inliers: new Set(candidate.inliers), model };
}

function byArrival(placed: Placed[], frame: LocalFrame, rules: LocateRules): Source | Why {
  const base = Math.min(...placed.map((r) => r.at));
  const points = placed.map((r) => r.point);
  const times = placed.map((r) => r.at - base);
  const levels = placed.map((r) => (r.level !== null && r.level >= 0 && r.level <= MAX_LEVEL_DB ? r.level : null));
  const sigmaMs = timingSigmaMs(rules.resolutionMs);
  const result = fitArrival({ points, times, levels, sigmaMs, reachM: reach(rules) });
  if (!result.ok) return result.why;
  const { candidate } = result;
  const { at, inliers, model } = fitted(arrivalModel(points, times, 0, 0), candidate);
  const local = spreadOf(model, candidate, { ...ARRIVAL_SPREAD, priorSigma: sigmaMs });
  // A place the levels could not rule out stays inside the stated radius.
  const spread =
    local === null
      ? null
      : {
          ...local,
          radius: Math.max(local.radius, ...result.alternatives.map((alt) => distance(at, alt) + local.radius)),
        };
  const used = placed.filter((_, i) => inliers.has(i));
  const weak = weakness(
    at,
    spread,
    local,
    used.map((r) => r.point),
    rules,
  );
  if (weak !== null) return weak;
  return {
    ...describe('arrival-time', frame, at, base + candidate.fit.p[2]!, spread, used),
    dropped: placed.flatMap((r, i) =>
      inliers.has(i)
        ? []
        : [
            {
              mic_id: r.micId,
              event_id: r.eventId,
              code: 'clock' as const,
              why: `its time is ${signed(candidate.residuals[i]!, 'ms')} off what the other mics imply (its clock?)`,
            },
          ],
    ),
    residuals: used.map((r) => ({
      mic_id: r.micId,
      event_id: r.eventId,
      distance_m: round(distance(at, r.point)),
      arrival_ms: round(candidate.residuals[placed.indexOf(r)]!),
      level_db: null,
    })),
    source_level_db: null,
    reason: result.byLevels ? 'the levels chose between places the arrival times allowed' : null,
    reason_codes: [],
  };
}

function byLevel(
  placed: Placed[],
  frame: LocalFrame,
  rules: LocateRules,
): { source: Source | Why; dropped: Dropped[] } {
  const plausible = placed.filter((r) => r.level !== null && r.level >= 0 && r.level <= MAX_LEVEL_DB);
  const dropped: Dropped[] = placed
    .filter((r) => r.level !== null && !plausible.includes(r))
    .map((r) => ({
      mic_id: r.micId,
      event_id: r.eventId,
      code: 'implausible-level',
      why: `its level of ${r.level} dB is not a sound level in air`,
    }));
  if (plausible.length < 3) {
    const text =
      plausible.length === 0
        ? 'the mics reported no usable levels'
        : `only ${plausible.length} of the mics reported a usable level`;
    return { source: { code: 'no-levels', text }, dropped };
  }
  const points = plausible.map((r) => r.point);
  const levels = plausible.map((r) => r.level!);
  const result = fitLevel(points, levels, reach(rules), falloff(rules));
  if (!result.ok) return { source: result.why, dropped };
  const { candidate } = result;
  const { at, inliers, model } = fitted(levelModel(points, levels), candidate);
  const local = spreadOf(model, candidate, LEVEL_SPREAD);
  const spread = local === null ? null : statedSpread(local, result.radius95, result.covariance);
  const used = plausible.filter((_, i) => inliers.has(i));
  const weak = weakness(
    at,
    spread,
    local,
    used.map((r) => r.point),
    rules,
  );
  if (weak !== null) return { source: weak, dropped };
  // The timestamps cannot fix the place, but they date the sound: the mean arrival less travel time.
  const emitted =
    used.reduce((s, r) => s + r.at + rules.resolutionMs / 2 - (distance(at, r.point) / SPEED_OF_SOUND_MPS) * 1000, 0) /
    used.length;
  const outliers: Dropped[] = plausible.flatMap((r, i) =>
    inliers.has(i)
      ? []
      : [
          {
            mic_id: r.micId,
            event_id: r.eventId,
            code: 'level' as const,
            why: `its level is ${signed(candidate.residuals[i]!, 'dB')} off what the other mics imply (behind a wall?)`,
          },
        ],
  );
  return {
    source: {
      ...describe('level', frame, at, emitted, spread, used),
      dropped: [...dropped, ...outliers],
      residuals: used.map((r) => ({
        mic_id: r.micId,
        event_id: r.eventId,
        distance_m: round(distance(at, r.point)),
        arrival_ms: null,
        level_db: round(candidate.residuals[plausible.indexOf(r)]!),
      })),
      source_level_db: round(result.sourceDb),
      reason: null,
      reason_codes: [],
    },
    dropped,
  };
}

function nearestMic(placed: Placed[], frame: LocalFrame, whys: Why[], rules: LocateRules, dropped: Dropped[]): Source {
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

const isWhy = (value: Source | Why): value is Why => 'code' in value && !('method' in value);

/** Two places fitting equally well, with the mics in a line, are the line's mirror images: say so. */
const named = (why: Why, layout: Layout): Why =>
  layout.kind === 'line' && (why.code === 'timing-ambiguous' || why.code === 'levels-ambiguous') ? LINE : why;

/**
 * Where one sound was made, from the mics that heard it: by arrival times when the timestamps
 * resolve finely and agree, else by levels, else at the nearest mic with a radius as wide as a
 * mic hears. Null only when no mic that heard it has a location.
 */
export function locateGroup(readings: readonly Reading[], rules: LocateRules): Source | null {
  const frame = LocalFrame.around(readings.flatMap((r) => (r.place === null ? [] : [r.place])));
  const placed: Placed[] = readings.flatMap((r) => (r.place === null ? [] : [{ ...r, point: frame.toPoint(r.place) }]));
  if (placed.length === 0) return null;
  const unplaced: Dropped[] = readings
    .filter((r) => r.place === null)
    .map((r) => ({
      mic_id: r.micId,
      event_id: r.eventId,
      code: 'no-location',
      why: 'the edge gave no location for this mic',
    }));
  const whys: Why[] = [];
  const layout = layoutOf(placed.map((r) => r.point));
  if (placed.length === 1) whys.push({ code: 'one-mic', text: 'only one mic heard it' });
  else if (layout.kind === 'one-place')
    whys.push({ code: 'one-place', text: 'the mics that heard it stand at one place' });
  if (whys.length > 0) return nearestMic(placed, frame, whys, rules, unplaced);

  if (rules.resolutionMs >= FINEST_USELESS_MS) {
    whys.push({ code: 'coarse-timestamps', text: 'the timestamps are in whole seconds' });
  } else if (placed.length === 2) {
    whys.push({ code: 'two-mics', text: 'two mics fix a curve, not a point' });
  } else {
    const arrival = byArrival(placed, frame, rules);
    if (!isWhy(arrival)) return { ...arrival, dropped: [...unplaced, ...arrival.dropped] };
    whys.push(named(arrival, layout));
  }
  const level = byLevel(placed, frame, rules);
  const located = level.source;
  if (!isWhy(located)) {
    const reason = whys.map((w) => w.text).join('; ');
    return {
      ...located,
      dropped: [...unplaced, ...located.dropped],
      reason,
      reason_codes: whys.map((w) => w.code),
    };
  }
  const levelWhy = named(located, layout);
  if (!whys.some((w) => w.code === levelWhy.code)) whys.push(levelWhy);
  return nearestMic(placed, frame, whys, rules, [...unplaced, ...level.dropped]);
}
