import type { GeoPoint } from './geolocation.ts';

/** A place a post can be tagged with. */
export interface Place {
  /** The provider's id (a Google place id, or the reference server's id). */
  id: string;
  name: string;
  address: string;
  lat: number;
  lng: number;
  /** Metres from the point searched near, when one was given. */
  distanceM?: number;
}

/**
 * Finds places: by keyword (optionally near a point), or the places near a point when the keyword is empty.
 * Two adapters: Google Places when the config's GoogleMap key is set, else the reference server's own search.
 */
export interface PlaceSearch {
  /**
   * At most 20 places. With a point, each has distanceM; an empty keyword lists the places nearest the point
   * first; an empty keyword and no point finds nothing. Rejects with a PlaceSearchFailure.
   */
  search(keyword: string, near: GeoPoint | null, signal?: AbortSignal): Promise<Place[]>;
}

export type PlaceSearchFailureKind = 'network' | 'refused' | 'cancelled';

/** No places came: the provider could not be reached, refused the search, or the caller aborted it. */
export class PlaceSearchFailure extends Error {
  constructor(
    readonly kind: PlaceSearchFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'PlaceSearchFailure';
  }
}

/** Most places one search answers. */
export const PLACE_SEARCH_LIMIT = 20;
export const PlaceSearch = Symbol('PlaceSearch');
