import { describe, expect, it } from 'vitest';
import type { GeoPoint, Geolocation, GeolocationFailure } from '../../src/core/ports/geolocation.ts';

export interface GeolocationHarness {
  geolocation: Geolocation;
  /** The device knows where it is. */
  at(point: GeoPoint): void;
  /** The device cannot tell, for this reason. */
  fail(reason: Exclude<GeolocationFailure, 'unsupported'>): void;
}

export function geolocationContract(name: string, makeHarness: () => GeolocationHarness): void {
  describe(`Geolocation contract: ${name}`, () => {
    it('answers the position', async () => {
      const h = makeHarness();
      h.at({ lat: 31.2397, lng: 121.4998 });
      expect(await h.geolocation.current()).toEqual({ ok: true, point: { lat: 31.2397, lng: 121.4998 } });
      h.at({ lat: -33.86, lng: 151.21 });
      expect(await h.geolocation.current()).toEqual({ ok: true, point: { lat: -33.86, lng: 151.21 } });
    });

    it.each(['denied', 'unavailable', 'timeout'] as const)('answers %s without rejecting', async (reason) => {
      const h = makeHarness();
      h.fail(reason);
      expect(await h.geolocation.current()).toEqual({ ok: false, reason });
    });
  });
}
