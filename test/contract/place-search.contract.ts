import { describe, expect, it } from 'vitest';
import { PlaceSearchFailure, type Place, type PlaceSearch } from '../../src/core/ports/place-search.ts';

export interface PlaceSearchHarness {
  search: PlaceSearch;
  /** The places the provider knows. */
  seed(places: Place[]): void;
  /** The provider's next answer is a refusal, or the connection drops. */
  failNext(kind: 'network' | 'refused'): void;
  /** The provider's next answer never comes. */
  hangNext(): void;
}

/** Around the Bund, in Shanghai, nearest first from BUND, plus one in Beijing. */
export const SEED: Place[] = [
  { id: 'bund', name: '外滩', address: '上海市黄浦区中山东一路', lat: 31.24, lng: 121.49 },
  { id: 'pearl', name: '东方明珠', address: '上海市浦东新区世纪大道1号', lat: 31.2397, lng: 121.4998 },
  { id: 'yuyuan', name: '豫园', address: '上海市黄浦区福佑路168号', lat: 31.2272, lng: 121.4921 },
  { id: 'xintiandi', name: '新天地', address: '上海市黄浦区太仓路181弄', lat: 31.2196, lng: 121.4751 },
  { id: 'palace', name: '故宫博物院', address: '北京市东城区景山前街4号', lat: 39.9163, lng: 116.3972 },
];
const BUND = { lat: 31.2401, lng: 121.4901 };

async function failure(promise: Promise<unknown>): Promise<PlaceSearchFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlaceSearchFailure);
  return error as PlaceSearchFailure;
}

export function placeSearchContract(name: string, makeHarness: () => PlaceSearchHarness | Promise<PlaceSearchHarness>): void {
  describe(`PlaceSearch contract: ${name}`, () => {
    it('finds places by keyword, with their id, name, address and position', async () => {
      const h = await makeHarness();
      h.seed(SEED);
      const found = await h.search.search('东方明珠', null);
      expect(found[0]).toEqual({ id: 'pearl', name: '东方明珠', address: '上海市浦东新区世纪大道1号', lat: 31.2397, lng: 121.4998 });
      expect(found.every((p) => p.distanceM === undefined)).toBe(true);
    });

    it('lists the places near a point for an empty keyword, nearest first, with distances', async () => {
      const h = await makeHarness();
      h.seed(SEED);
      const near = await h.search.search('', BUND);
      expect(near[0]?.id).toBe('bund');
      expect(near.slice(0, 4).map((p) => p.id)).toEqual(['bund', 'pearl', 'yuyuan', 'xintiandi']);
      const distances = near.map((p) => p.distanceM as number);
      expect(distances.every((d) => Number.isFinite(d) && d >= 0)).toBe(true);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
      expect(distances[0]).toBeLessThan(50);
    });

    it('gives each keyword result its distance when searching near a point', async () => {
      const h = await makeHarness();
      h.seed(SEED);
      const found = await h.search.search('故宫', BUND);
      expect(found.map((p) => p.id)).toEqual(['palace']);
      expect(found[0]?.distanceM).toBeGreaterThan(1_000_000);
    });

    it('finds nothing for an empty keyword without a point, and at most 20 places', async () => {
      const h = await makeHarness();
      h.seed(Array.from({ length: 30 }, (_, i) => ({ id: `cafe-${i}`, name: `咖啡馆${i}`, address: '上海', lat: 31.24 + i / 1000, lng: 121.49 })));
      expect(await h.search.search('   ', null)).toEqual([]);
      expect(await h.search.search('咖啡', null)).toHaveLength(20);
      expect(await h.search.search('', BUND)).toHaveLength(20);
    });

    it('rejects when the provider refuses or cannot be reached', async () => {
      const h = await makeHarness();
      h.seed(SEED);
      h.failNext('refused');
      expect((await failure(h.search.search('外滩', null))).kind).toBe('refused');
      h.failNext('network');
      expect((await failure(h.search.search('外滩', null))).kind).toBe('network');
      expect((await h.search.search('外滩', null))[0]?.id).toBe('bund');
    });

    it('rejects cancelled when aborted, before or while waiting', async () => {
      const h = await makeHarness();
      h.seed(SEED);
      const before = new AbortController();
      before.abort();
      expect((await failure(h.search.search('外滩', null, before.signal))).kind).toBe('cancelled');
      h.hangNext();
      const waiting = new AbortController();
      const pending = failure(h.search.search('外滩', null, waiting.signal));
      await new Promise((resolve) => setTimeout(resolve, 20));
      waiting.abort();
      expect((await pending).kind).toBe('cancelled');
    });
  });
}
