/**
 * What every RateLimitStore adapter must do. Run against the memory store always and against
 * Redis when REDIS_URL is set (rate-limit-store.test.ts). Keys are unique per test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimitStore } from '../../server/rate-limit/rate-limit-store.ts';
import { MINUTE, uniqueName } from './support.ts';

export function rateLimitStoreContract(name: string, factory: () => Promise<RateLimitStore>): void {
  describe(`RateLimitStore contract: ${name}`, () => {
    let store: RateLimitStore;
    const t0 = 1_900_000_000_000;
    const window = 15 * MINUTE;

    beforeAll(async () => {
      store = await factory();
    });

    afterAll(async () => {
      await store?.close();
    });

    it('counts nothing for an unknown key', async () => {
      expect(await store.count(uniqueName('k'), window, t0)).toBe(0);
    });

    it('counts each hit and answers the count including the new one', async () => {
      const key = uniqueName('k');
      expect(await store.hit(key, window, t0)).toBe(1);
      expect(await store.hit(key, window, t0)).toBe(2);
      expect(await store.hit(key, window, t0 + 1)).toBe(3);
      expect(await store.count(key, window, t0 + 1)).toBe(3);
    });

    it('forgets hits once the window has passed (sliding window)', async () => {
      const key = uniqueName('k');
      await store.hit(key, window, t0);
      await store.hit(key, window, t0 + 10 * MINUTE);
      expect(await store.count(key, window, t0 + window - 1)).toBe(2);
      expect(await store.count(key, window, t0 + window)).toBe(1);
      expect(await store.hit(key, window, t0 + window + 1)).toBe(2);
      expect(await store.count(key, window, t0 + 10 * MINUTE + window)).toBe(1);
    });

    it('keeps keys apart', async () => {
      const a = uniqueName('a');
      const b = uniqueName('b');
      await store.hit(a, window, t0);
      await store.hit(a, window, t0);
      await store.hit(b, window, t0);
      expect(await store.count(a, window, t0)).toBe(2);
      expect(await store.count(b, window, t0)).toBe(1);
    });

    it('counts concurrent hits exactly', async () => {
      const key = uniqueName('k');
      const results = await Promise.all(Array.from({ length: 10 }, () => store.hit(key, window, t0)));
      expect([...results].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(await store.count(key, window, t0)).toBe(10);
    });

    it('claims up to max hits within the window, each counted like a hit', async () => {
      const key = uniqueName('c');
      const first = await store.claim(key, window, t0, 3);
      expect(first).toEqual(expect.any(String));
      expect(await store.hit(key, window, t0)).toBe(2);
      expect(await store.claim(key, window, t0 + 1, 3)).toEqual(expect.any(String));
      expect(await store.claim(key, window, t0 + 2, 3)).toBeNull();
      expect(await store.count(key, window, t0 + 2)).toBe(3);
      // The refused claim recorded nothing; once the first hits leave the window, claims succeed again.
      expect(await store.claim(key, window, t0 + window, 3)).toEqual(expect.any(String));
      expect(await store.count(key, window, t0 + window)).toBe(2);
    });

    it('gives exactly max of many parallel claims', async () => {
      const key = uniqueName('c');
      const ids = await Promise.all(Array.from({ length: 50 }, () => store.claim(key, window, t0, 5)));
      const granted = ids.filter((id) => id !== null);
      expect(granted).toHaveLength(5);
      expect(new Set(granted).size).toBe(5);
      expect(await store.count(key, window, t0)).toBe(5);
    });

    it('release gives back that one claimed hit', async () => {
      const key = uniqueName('c');
      const a = await store.claim(key, window, t0, 2);
      const b = await store.claim(key, window, t0, 2);
      expect(await store.claim(key, window, t0, 2)).toBeNull();
      await store.release(key, a ?? '');
      expect(await store.count(key, window, t0)).toBe(1);
      await store.release(key, a ?? '');
      await store.release(key, 'no-such-id');
      expect(await store.count(key, window, t0)).toBe(1);
      expect(await store.claim(key, window, t0, 2)).toEqual(expect.any(String));
      await store.release(key, b ?? '');
      expect(await store.count(key, window, t0)).toBe(1);
    });

    it('reset forgets every hit of the key only', async () => {
      const key = uniqueName('k');
      const other = uniqueName('k');
      await store.hit(key, window, t0);
      await store.hit(other, window, t0);
      await store.reset(key);
      expect(await store.count(key, window, t0)).toBe(0);
      expect(await store.count(other, window, t0)).toBe(1);
    });
  });
}
