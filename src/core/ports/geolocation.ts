export interface GeoPoint {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in whole metres (haversine): a place's distanceM from the point searched near. */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** Why no position came: the user refused, the device could not tell, it took too long, or there is no GPS API. */
export type GeolocationFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export type GeolocationResult = { ok: true; point: GeoPoint } | { ok: false; reason: GeolocationFailure };

/** The device's position (the browser's geolocation in the app). */
export interface Geolocation {
  current(): Promise<GeolocationResult>;
}
export const Geolocation = Symbol('Geolocation');
