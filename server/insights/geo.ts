/** The haversine sphere's radius (the mean Earth radius). */
export const EARTH_RADIUS_M = 6_371_008.8;

export interface Place {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in metres (haversine): exact enough at city scale and never NaN for valid input. */
export function distanceMeters(a: Place, b: Place): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `meters` away from `from` towards `bearingDeg` (0 = north), on a flat local approximation. */
export function offsetPlace(from: Place, meters: number, bearingDeg: number): Place {
  const rad = (bearingDeg * Math.PI) / 180;
  const dLat = (meters * Math.cos(rad)) / 111_320;
  const dLon = (meters * Math.sin(rad)) / (111_320 * Math.cos((from.latitude * Math.PI) / 180));
  return { latitude: from.latitude + dLat, longitude: from.longitude + dLon };
}
