import type { GeoPoint } from '../../src/core/ports/geolocation.ts';
import { PLACE_SEARCH_LIMIT, PlaceSearchFailure, type Place, type PlaceSearch, type PlaceSearchFailureKind } from '../../src/core/ports/place-search.ts';
import { distanceMetres } from '../../src/core/ports/geolocation.ts';

/** A few well-known places (Shanghai and Beijing), the fake's default world. */
const FAKE_PLACES: readonly Place[] = [
  { id: 'fake-bund', name: '外滩', address: '上海市黄浦区中山东一路', lat: 31.2400, lng: 121.4900 },
  { id: 'fake-pearl', name: '东方明珠', address: '上海市浦东新区世纪大道1号', lat: 31.2397, lng: 121.4998 },
  { id: 'fake-yuyuan', name: '豫园', address: '上海市黄浦区福佑路168号', lat: 31.2272, lng: 121.4921 },
  { id: 'fake-nanjing-road', name: '南京路步行街', address: '上海市黄浦区南京东路', lat: 31.2354, lng: 121.4800 },
  { id: 'fake-xintiandi', name: '新天地', address: '上海市黄浦区太仓路181弄', lat: 31.2196, lng: 121.4751 },
  { id: 'fake-people-square', name: '人民广场', address: '上海市黄浦区人民大道', lat: 31.2317, lng: 121.4726 },
  { id: 'fake-tiananmen', name: '天安门广场', address: '北京市东城区东长安街', lat: 39.9055, lng: 116.3976 },
  { id: 'fake-palace', name: '故宫博物院', address: '北京市东城区景山前街4号', lat: 39.9163, lng: 116.3972 },
];

/**
 * The search every imitation of a place provider answers with: places whose name or address holds the keyword
 * (all of them when it is empty and a point is given); with a point, distanceM set and the nearest first.
 */
export function matchPlaces(places: readonly Place[], keyword: string, near: GeoPoint | null, limit = PLACE_SEARCH_LIMIT): Place[] {
  const word = keyword.trim().toLowerCase();
  if (!word && !near) return [];
  const found = places
    .filter((place) => !word || place.name.toLowerCase().includes(word) || place.address.toLowerCase().includes(word))
    .map((place) => {
      const copy: Place = { id: place.id, name: place.name, address: place.address, lat: place.lat, lng: place.lng };
      if (near) copy.distanceM = distanceMetres(near, place);
      return copy;
    });
  if (near) found.sort((a, b) => (a.distanceM ?? 0) - (b.distanceM ?? 0));
  return found.slice(0, limit);
}

/** Places from memory. failNext() makes the next search reject; every search is logged. */
export class FakePlaceSearch implements PlaceSearch {
  readonly searches: Array<{ keyword: string; near: GeoPoint | null }> = [];
  private failure: PlaceSearchFailureKind | null = null;
  private hanging = false;

  constructor(private places: readonly Place[] = FAKE_PLACES) {}

  setPlaces(places: readonly Place[]): void {
    this.places = places.map((place) => ({ ...place }));
  }

  failNext(kind: Exclude<PlaceSearchFailureKind, 'cancelled'>): void {
    this.failure = kind;
  }

  /** The next search answers only when its signal aborts (a provider that is slow to answer). */
  hangNext(): void {
    this.hanging = true;
  }

  async search(keyword: string, near: GeoPoint | null, signal?: AbortSignal): Promise<Place[]> {
    this.searches.push({ keyword, near: near ? { ...near } : null });
    if (signal?.aborted) throw new PlaceSearchFailure('cancelled', '终止请求');
    if (this.hanging) {
      this.hanging = false;
      await new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(new PlaceSearchFailure('cancelled', '终止请求')), { once: true }));
    }
    const failure = this.failure;
    this.failure = null;
    if (failure) throw new PlaceSearchFailure(failure, failure === 'network' ? '网络错误' : '搜索失败');
    return matchPlaces(this.places, keyword, near);
  }
}
