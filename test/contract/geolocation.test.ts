import { describe, expect, it } from 'vitest';
import { BrowserGeolocation, type GeolocationApi } from '../../adapters/geolocation/browser-geolocation.ts';
import { FakeGeolocation } from '../../adapters/geolocation/fake-geolocation.ts';
import { geolocationContract } from './geolocation.contract.ts';

/** navigator.geolocation as a browser behaves: answers later, with a position or a PositionError code. */
function scriptedApi() {
  let answer: { point: { lat: number; lng: number } } | { code: number } = { code: 2 };
  const options: unknown[] = [];
  const api: GeolocationApi = {
    getCurrentPosition(success, error, given) {
      options.push(given);
      const now = answer;
      setTimeout(() => {
        if ('point' in now) success({ coords: { latitude: now.point.lat, longitude: now.point.lng } });
        else error?.({ code: now.code, message: 'no' });
      }, 1);
    },
  };
  return { api, options, set: (next: typeof answer) => (answer = next) };
}

const CODES = { denied: 1, unavailable: 2, timeout: 3 } as const;

geolocationContract('BrowserGeolocation over a scripted navigator.geolocation', () => {
  const scripted = scriptedApi();
  return {
    geolocation: new BrowserGeolocation(scripted.api),
    at: (point) => scripted.set({ point }),
    fail: (reason) => scripted.set({ code: CODES[reason] }),
  };
});

geolocationContract('FakeGeolocation', () => {
  const fake = new FakeGeolocation();
  return { geolocation: fake, at: (point) => fake.at(point), fail: (reason) => fake.fail(reason) };
});

describe('BrowserGeolocation', () => {
  it('answers unsupported when the page has no geolocation, unavailable when it throws', async () => {
    expect(await new BrowserGeolocation(undefined).current()).toEqual({ ok: false, reason: 'unsupported' });
    const throwing: GeolocationApi = {
      getCurrentPosition() {
        throw new Error('insecure origin');
      },
    };
    expect(await new BrowserGeolocation(throwing).current()).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('asks with a timeout and a maximum age', async () => {
    const scripted = scriptedApi();
    scripted.set({ point: { lat: 1, lng: 2 } });
    await new BrowserGeolocation(scripted.api, { timeoutMs: 5000, maximumAgeMs: 0 }).current();
    expect(scripted.options[0]).toMatchObject({ timeout: 5000, maximumAge: 0 });
  });
});

describe('FakeGeolocation', () => {
  it('holds answers until released and counts the asks', async () => {
    const fake = new FakeGeolocation();
    fake.hold();
    let answered = false;
    const pending = fake.current().then(() => (answered = true));
    await Promise.resolve();
    expect(answered).toBe(false);
    fake.release();
    await pending;
    expect(answered).toBe(true);
    expect(fake.calls).toBe(1);
  });
});
