export interface GeoPoint {
  lat: number;
  lng: number;
}

/** Why no position came: the user refused, the device could not tell, it took too long, or there is no GPS API. */
export type GeolocationFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export type GeolocationResult = { ok: true; point: GeoPoint } | { ok: false; reason: GeolocationFailure };

/** The device's position (the browser's geolocation in the app). */
export interface Geolocation {
  current(): Promise<GeolocationResult>;
}
export const Geolocation = Symbol('Geolocation');
