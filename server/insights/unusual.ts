import { poissonUpperTail } from './poisson.js';

/**
 * Expected events per window are floored here: a label a mic has never reported is not
 * impossible, just rare. At 0.05 per quarter hour (one in five hours), one or two such events
 * stay ordinary and three in a quarter hour are flagged (P ≈ 2e-5).
 */
export const MIN_EXPECTED = 0.05;

export interface Observation {
  micId: string;
  labelId: string;
  observed: number;
  expected: number;
  borrowed: boolean;
}

export interface Judged extends Observation {
  p: number;
}

export interface Group {
  id: string;
  labelId: string;
  observed: number;
  expected: number;
  p: number;
  micIds: string[];
}

/** P(X ≥ observed | λ = max(expected, MIN_EXPECTED)); flagged when strictly below the threshold. */
export function judge(observed: number, expected: number): number {
  return poissonUpperTail(observed, Math.max(expected, MIN_EXPECTED));
}

/** The flagged observations, most unusual first (smallest p, then most events). */
export function flagged(observations: readonly Observation[], pThreshold: number): Judged[] {
  return observations
    .map((o) => ({ ...o, p: judge(o.observed, o.expected) }))
    .filter((o) => o.p < pThreshold)
    .sort((a, b) => a.p - b.p || b.observed - a.observed || a.micId.localeCompare(b.micId));
}

/**
 * Sums observed and expected events per group (an edge, an area) and label, and judges the sums:
 * a group may be unusual although none of its mics is on its own (many mics each a little busy).
 * Observations of mics outside any group are left out.
 */
export function rollUp(
  observations: readonly Observation[],
  groupOf: (micId: string) => string | undefined,
  pThreshold: number,
): Group[] {
  const groups = new Map<string, Group>();
  for (const o of observations) {
    const id = groupOf(o.micId);
    if (id === undefined) continue;
    const key = `${id}\u0000${o.labelId}`;
    const group = groups.get(key) ?? { id, labelId: o.labelId, observed: 0, expected: 0, p: 1, micIds: [] };
    group.observed += o.observed;
    group.expected += Math.max(o.expected, MIN_EXPECTED);
    group.micIds.push(o.micId);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((g) => ({ ...g, p: poissonUpperTail(g.observed, g.expected) }))
    .filter((g) => g.p < pThreshold)
    .sort((a, b) => a.p - b.p || b.observed - a.observed || a.id.localeCompare(b.id));
}
