import { LocalFrame } from './frame.js';
import type { Source } from './types.js';

export interface Track {
  /** Indexes into `sources`, in time order. */
  source_indexes: number[];
  speed_mps: number;
  /** 95 % half-width of the speed (m/s). */
  speed_error_mps: number;
  /** Where it went, degrees clockwise from north. */
  heading_deg: number;
  from: string;
  to: string;
}

/** Faster than any street vehicle (m/s): two estimates further apart in time than this allows are not one source. */
const MAX_SPEED_MPS = 50;
/** Repeats further apart in time than this are separate sounds, not one source going by. */
const MAX_GAP_MS = 60_000;
/** The 95 % radius is 2.45 σ in two dimensions. */
const SIGMA_PER_RADIUS = 1 / 2.45;

/**
 * Moving sources (a siren going by): the located repeats of one kind of sound, chained when each
 * could have reached the next at a street vehicle's speed, fitted with a constant velocity
 * (weighted by each estimate's radius). A chain is a track only when its speed is clearly above
 * zero (more than twice its standard error, and over 1 m/s); three shots from one spot are not.
 */
export function tracksOf(sources: readonly (Source & { label_id: string })[]): Track[] {
  const located = sources
    .map((s, index) => ({ s, index, t: Date.parse(s.at) }))
    .filter((e) => e.s.method !== 'nearest-mic')
    .sort((a, b) => a.t - b.t);
  const chains: (typeof located)[] = [];
  for (const e of located) {
    const chain = chains.find((c) => {
      const last = c[c.length - 1]!;
      const gap = e.t - last.t;
      if (last.s.label_id !== e.s.label_id || gap <= 0 || gap > MAX_GAP_MS) return false;
      const frame = new LocalFrame(last.s);
      const p = frame.toPoint(e.s);
      const apart = Math.max(0, Math.hypot(p.x, p.y) - last.s.radius_m - e.s.radius_m);
      return apart / (gap / 1000) <= MAX_SPEED_MPS;
    });
    if (chain === undefined) chains.push([e]);
    else chain.push(e);
  }
  return chains.flatMap((chain) => {
    if (chain.length < 2) return [];
    const frame = new LocalFrame(chain[0]!.s);
    const t0 = chain[0]!.t;
    // Weighted least squares of x = a + vx·t and y = b + vy·t, each point with σ = radius / 2.45.
    let sw = 0;
    let st = 0;
    let stt = 0;
    const sums = { x: 0, y: 0, tx: 0, ty: 0 };
    for (const e of chain) {
      const w = 1 / (e.s.radius_m * SIGMA_PER_RADIUS) ** 2;
      const t = (e.t - t0) / 1000;
      const p = frame.toPoint(e.s);
      sw += w;
      st += w * t;
      stt += w * t * t;
      sums.x += w * p.x;
      sums.y += w * p.y;
      sums.tx += w * t * p.x;
      sums.ty += w * t * p.y;
    }
    const det = sw * stt - st * st;
    if (det <= 0) return [];
    const vx = (sw * sums.tx - st * sums.x) / det;
    const vy = (sw * sums.ty - st * sums.y) / det;
    const sigmaV = Math.sqrt(sw / det);
    const speed = Math.hypot(vx, vy);
    if (speed < 1 || speed < 2 * sigmaV) return [];
    return [
      {
        source_indexes: chain.map((e) => e.index),
        speed_mps: Math.round(speed * 10) / 10,
        speed_error_mps: Math.round(1.96 * sigmaV * 10) / 10,
        heading_deg: Math.round(((Math.atan2(vx, vy) * 180) / Math.PI + 360) % 360),
        from: chain[0]!.s.at,
        to: chain[chain.length - 1]!.s.at,
      },
    ];
  });
}
