import { fitArrival, arrivalModel, type TimedReadings } from './arrival-time.js';
import { distance, layoutOf, LocalFrame, type Layout } from './frame.js';
import { fitLevel, levelModel, SEND_WITHIN_M } from './level.js';
import { LEVEL_SIGMA_DB } from './level-likelihood.js';
import type { Hearing } from './level-posterior.js';
import {
  describe,
  fitted,
  LEVEL_FLOOR_M,
  LINE,
  MAX_LEVEL_DB,
  nearestMic,
  round,
  signed,
  posteriorSpread,
  statedSpread,
  weakness,
  type LocateRules,
  type Placed,
} from './source-parts.js';
import { spreadOf, type SpreadRules } from './uncertainty.js';
import { SPEED_OF_SOUND_MPS, type Dropped, type Reading, type Source, type Why } from './types.js';

/** Expected disagreement of two mics' clocks that agree (ms): network time on a city's devices. */
export const CLOCK_SIGMA_MS = 3;
/** Timestamps coarser than this (ms) cannot time sound across a street. */
const FINEST_USELESS_MS = 1000;

/** Radius floors: mic positions and the model are not exact to the metre (nor levels to ten). */
const ARRIVAL_SPREAD: Omit<SpreadRules, 'priorSigma'> = { floorM: 3 };
const LEVEL_SPREAD: SpreadRules = { priorSigma: LEVEL_SIGMA_DB, floorM: LEVEL_FLOOR_M };

/** Hearing is not a hard edge: past this, though, a place is no explanation of a mic that heard it. */
const reach = (rules: LocateRules) => 2.5 * rules.hearingRadiusM;
/** How fast a mic's chance of hearing falls with distance (e-fold), the level method's prior. */
const falloff = (rules: LocateRules) => 0.6 * rules.hearingRadiusM;

const timingSigmaMs = (resolutionMs: number) => Math.sqrt(CLOCK_SIGMA_MS ** 2 + resolutionMs ** 2 / 12);

/** One sound's readings as the arrival-time fit takes them: times from the first, levels where plausible. */
function timed(placed: readonly Placed[], rules: LocateRules): TimedReadings {
  const base = Math.min(...placed.map((r) => r.at));
  return {
    points: placed.map((r) => r.point),
    times: placed.map((r) => r.at - base),
    levels: placed.map((r) => (r.level !== null && r.level >= 0 && r.level <= MAX_LEVEL_DB ? r.level : null)),
    sigmaMs: timingSigmaMs(rules.resolutionMs),
    reachM: reach(rules),
    prior: rules.sourcePrior ?? null,
    micIds: placed.map((r) => r.micId),
  };
}

function byArrival(
  placed: Placed[],
  frame: LocalFrame,
  rules: LocateRules,
  repeats: readonly Reading[][],
): Source | Why {
  const base = Math.min(...placed.map((r) => r.at));
  const input = timed(placed, rules);
  const { points, times, sigmaMs } = input;
  const others = repeats.map((group) =>
    timed(
      group.flatMap((r) => (r.place === null ? [] : [{ ...r, point: frame.toPoint(r.place) }])),
      rules,
    ),
  );
  const result = fitArrival({ ...input, repeats: others });
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

/** Said of a place the levels give between places they allow (level.ts, SEND_WITHIN_M). */
const BETWEEN: Why = {
  code: 'levels-between',
  text: `the levels allow more than one place; this one lies between them, the likeliest to be within ${SEND_WITHIN_M} m of the sound`,
};

const plausibleLevel = (r: Reading) => r.level !== null && r.level >= 0 && r.level <= MAX_LEVEL_DB;

/** A sound's levels, and with coarse timestamps what they still say of the order it reached the mics. */
function hearingOf(readings: readonly Reading[], frame: LocalFrame, rules: LocateRules): Hearing {
  const used = readings.filter((r) => r.place !== null && plausibleLevel(r));
  return {
    points: used.map((r) => frame.toPoint(r.place!)),
    levels: used.map((r) => r.level!),
    order:
      rules.resolutionMs >= FINEST_USELESS_MS
        ? { times: used.map((r) => r.at), resolutionMs: rules.resolutionMs }
        : null,
  };
}

function byLevel(
  placed: Placed[],
  frame: LocalFrame,
  rules: LocateRules,
  repeats: readonly Reading[][],
): { source: Source | Why; dropped: Dropped[] } {
  const plausible = placed.filter(plausibleLevel);
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
  const hearing = hearingOf(plausible, frame, rules);
  const { points, levels } = hearing;
  const others = repeats.map((group) => hearingOf(group, frame, rules)).filter((h) => h.points.length >= 3);
  const prior = rules.sourcePrior ?? null;
  const result = fitLevel(hearing, reach(rules), falloff(rules), others, prior);
  if (!result.ok) return { source: result.why, dropped };
  const { candidate } = result;
  const { at, inliers, model } = fitted(levelModel(points, levels, prior), candidate);
  // With repeats fitted together, one repeat's least squares would overstate the spread: the posterior's own.
  const local = result.repeats > 1 ? posteriorSpread(result.covariance) : spreadOf(model, candidate, LEVEL_SPREAD);
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
      reason: result.between ? BETWEEN.text : null,
      reason_codes: result.between ? [BETWEEN.code] : [],
    },
    dropped,
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
export function locateGroup(
  readings: readonly Reading[],
  rules: LocateRules,
  repeats: readonly Reading[][] = [],
): Source | null {
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
    const arrival = byArrival(placed, frame, rules, repeats);
    if (!isWhy(arrival)) return { ...arrival, dropped: [...unplaced, ...arrival.dropped] };
    whys.push(named(arrival, layout));
  }
  const level = byLevel(placed, frame, rules, repeats);
  const located = level.source;
  if (!isWhy(located)) {
    const said = located.reason_codes.includes(BETWEEN.code) ? [...whys, BETWEEN] : whys;
    return {
      ...located,
      dropped: [...unplaced, ...located.dropped],
      reason: said.map((w) => w.text).join('; '),
      reason_codes: said.map((w) => w.code),
    };
  }
  const levelWhy = named(located, layout);
  if (!whys.some((w) => w.code === levelWhy.code)) whys.push(levelWhy);
  return nearestMic(placed, frame, whys, rules, [...unplaced, ...level.dropped]);
}
