import type { GeoPoint, Geolocation, GeolocationFailure, GeolocationResult } from '../../src/core/ports/geolocation.ts';

/** Shanghai's Bund: where the fake device is unless told otherwise. */
const FAKE_POSITION: GeoPoint = { lat: 31.2400, lng: 121.4900 };

/** A device whose position a test sets; hold() makes answers wait until release(). */
export class FakeGeolocation implements Geolocation {
  private result: GeolocationResult = { ok: true, point: FAKE_POSITION };
  private held: Array<() => void> | null = null;
  /** How many times current() was asked. */
  calls = 0;

  at(point: GeoPoint): void {
    this.result = { ok: true, point: { ...point } };
  }

  fail(reason: GeolocationFailure): void {
    this.result = { ok: false, reason };
  }

  hold(): void {
    this.held ??= [];
  }

  release(): void {
    const waiting = this.held ?? [];
    this.held = null;
    for (const answer of waiting) answer();
  }

  current(): Promise<GeolocationResult> {
    this.calls += 1;
    const answer = (): GeolocationResult => (this.result.ok ? { ok: true, point: { ...this.result.point } } : { ...this.result });
    if (!this.held) return Promise.resolve(answer());
    const held = this.held;
    return new Promise((resolve) => held.push(() => resolve(answer())));
  }
}
