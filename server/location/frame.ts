// The haversine's sphere: distances here and there agree to millimetres at city scale.
import { EARTH_RADIUS_M, type Place } from '../insights/geo.js';

const RAD = Math.PI / 180;

export interface Point {
  /** Metres east of the frame's origin. */
  x: number;
  /** Metres north of the frame's origin. */
  y: number;
}

/** A flat east-north frame in metres around a point: exact enough within a few kilometres. */
export class LocalFrame {
  private readonly metresPerDegLat = EARTH_RADIUS_M * RAD;
  private readonly metresPerDegLon: number;

  constructor(readonly origin: Place) {
    this.metresPerDegLon = EARTH_RADIUS_M * RAD * Math.cos(origin.latitude * RAD);
  }

  /** Around the mean of the places. */
  static around(places: readonly Place[]): LocalFrame {
    const n = Math.max(places.length, 1);
    return new LocalFrame({
      latitude: places.reduce((s, p) => s + p.latitude, 0) / n,
      longitude: places.reduce((s, p) => s + p.longitude, 0) / n,
    });
  }

  toPoint(place: Place): Point {
    return {
      x: (place.longitude - this.origin.longitude) * this.metresPerDegLon,
      y: (place.latitude - this.origin.latitude) * this.metresPerDegLat,
    };
  }

  toPlace(point: Point): Place {
    return {
      latitude: this.origin.latitude + point.y / this.metresPerDegLat,
      longitude: this.origin.longitude + point.x / this.metresPerDegLon,
    };
  }
}

export const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

export type Layout = { kind: 'spread' } | { kind: 'one-place' } | { kind: 'line'; widthM: number };

/**
 * How the mics stand: all at one place (within a metre), along a line (their spread across the
 * main axis under a metre, or under 2 % of the spread along it), or spread out enough to fix a place.
 */
export function layoutOf(points: readonly Point[]): Layout {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2 / n;
    syy += (p.y - my) ** 2 / n;
    sxy += ((p.x - mx) * (p.y - my)) / n;
  }
  const mean = (sxx + syy) / 2;
  const spread = Math.sqrt(((sxx - syy) / 2) ** 2 + sxy * sxy);
  const along = Math.sqrt(Math.max(mean + spread, 0));
  const across = Math.sqrt(Math.max(mean - spread, 0));
  if (along < 1) return { kind: 'one-place' };
  if (across < Math.max(1, 0.02 * along)) return { kind: 'line', widthM: across };
  return { kind: 'spread' };
}
