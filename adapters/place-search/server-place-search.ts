import type { GeoPoint } from '../../src/core/ports/geolocation.ts';
import { PLACE_SEARCH_LIMIT, PlaceSearchFailure, type Place, type PlaceSearch } from '../../src/core/ports/place-search.ts';
import type { ApiClient } from '../../src/core/request/api-client.ts';
import { ApiError } from '../../src/core/request/api-error.ts';
import { UploadCalls } from '../../src/core/upload/upload-protocol.ts';

/** The reference server's own place search (SearchPlace) through the request layer; its errors are not toasted. */
export class ServerPlaceSearch implements PlaceSearch {
  constructor(private readonly api: ApiClient) {}

  async search(keyword: string, near: GeoPoint | null, signal?: AbortSignal): Promise<Place[]> {
    const word = keyword.trim();
    if (!word && !near) return [];
    let list: Place[];
    try {
      const input = near ? { keyword: word, lat: String(near.lat), lng: String(near.lng) } : { keyword: word };
      ({ list } = await this.api.request(UploadCalls.placeSearch, input, { suppressTips: true, ...(signal ? { signal } : {}) }));
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.isCancelled) throw new PlaceSearchFailure('cancelled', error.msg);
        throw new PlaceSearchFailure(error.isNetworkFailure || error.ret < 0 ? 'network' : 'refused', error.msg);
      }
      throw new PlaceSearchFailure('network', error instanceof Error ? error.message : String(error));
    }
    return list.slice(0, PLACE_SEARCH_LIMIT);
  }
}
