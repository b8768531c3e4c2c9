import type { Geolocation, GeolocationResult } from '../../src/core/ports/geolocation.ts';

/** The part of navigator.geolocation used here. */
export interface GeolocationApi {
  getCurrentPosition(
    success: (position: { coords: { latitude: number; longitude: number } }) => void,
    error?: (failure: { code: number; message?: string }) => void,
    options?: { enableHighAccuracy?: boolean; timeout?: number; maximumAge?: number },
  ): void;
}

export interface BrowserGeolocationOptions {
  /** How long the device may take (ms). */
  timeoutMs?: number;
  /** How old a cached position may be (ms). */
  maximumAgeMs?: number;
}

/** The browser's geolocation (navigator.geolocation); 'unsupported' when the page has none. */
export class BrowserGeolocation implements Geolocation {
  constructor(
    private readonly api: GeolocationApi | null | undefined,
    private readonly options: BrowserGeolocationOptions = {},
  ) {}

  current(): Promise<GeolocationResult> {
    const api = this.api;
    if (!api) return Promise.resolve({ ok: false, reason: 'unsupported' });
    return new Promise<GeolocationResult>((resolve) => {
      try {
        api.getCurrentPosition(
          (position) => resolve({ ok: true, point: { lat: position.coords.latitude, lng: position.coords.longitude } }),
          // PositionError codes: 1 permission denied, 2 position unavailable, 3 timeout.
          (failure) => resolve({ ok: false, reason: failure.code === 1 ? 'denied' : failure.code === 3 ? 'timeout' : 'unavailable' }),
          { enableHighAccuracy: false, timeout: this.options.timeoutMs ?? 10_000, maximumAge: this.options.maximumAgeMs ?? 60_000 },
        );
      } catch {
        resolve({ ok: false, reason: 'unavailable' });
      }
    });
  }
}
