import type { GeoPoint } from '../../src/core/ports/geolocation.ts';
import { PLACE_SEARCH_LIMIT, PlaceSearchFailure, type Place, type PlaceSearch } from '../../src/core/ports/place-search.ts';
import { distanceMetres } from '../../src/core/ports/geolocation.ts';

export type FetchLike = (input: string, init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal }) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

export interface GooglePlaceSearchOptions {
  apiKey: string;
  /** The fetch to use (the page's by default). */
  fetch?: FetchLike;
  /** Where the Places API lives (tests point it elsewhere). */
  endpoint?: string;
  /** The language of names and addresses. */
  languageCode?: string;
  /** Radius (m) of the circle a keyword search is biased to, and of the nearby search. */
  radiusM?: number;
}

const GOOGLE_PLACES_ENDPOINT = 'https://places.googleapis.com';
/** Only the fields we show: the Places API bills by the fields asked for. */
export const GOOGLE_FIELD_MASK = 'places.id,places.displayName,places.formattedAddress,places.location';

interface GooglePlace {
  id?: unknown;
  displayName?: { text?: unknown };
  formattedAddress?: unknown;
  location?: { latitude?: unknown; longitude?: unknown };
}

/**
 * Google Places API (New) over REST: places:searchText for a keyword (biased to a circle around the point when
 * there is one), places:searchNearby (ranked by distance) for an empty keyword with a point.
 */
export class GooglePlaceSearch implements PlaceSearch {
  private readonly fetch: FetchLike;
  private readonly endpoint: string;

  constructor(private readonly options: GooglePlaceSearchOptions) {
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.endpoint = (options.endpoint ?? GOOGLE_PLACES_ENDPOINT).replace(/\/$/, '');
  }

  async search(keyword: string, near: GeoPoint | null, signal?: AbortSignal): Promise<Place[]> {
    const word = keyword.trim();
    if (!word && !near) return [];
    if (signal?.aborted) throw cancelled();
    const language = this.options.languageCode ?? 'zh-CN';
    const radius = this.options.radiusM ?? 5_000;
    const circle = near ? { circle: { center: { latitude: near.lat, longitude: near.lng }, radius } } : null;
    const [method, body] = word
      ? ['searchText', { textQuery: word, languageCode: language, pageSize: PLACE_SEARCH_LIMIT, ...(circle ? { locationBias: circle } : {}) }]
      : ['searchNearby', { languageCode: language, maxResultCount: PLACE_SEARCH_LIMIT, rankPreference: 'DISTANCE', locationRestriction: circle }];
    let response: Awaited<ReturnType<FetchLike>>;
    let data: unknown;
    try {
      response = await this.fetch(`${this.endpoint}/v1/places:${method}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Goog-Api-Key': this.options.apiKey,
          'X-Goog-FieldMask': GOOGLE_FIELD_MASK,
        },
        body: JSON.stringify(body),
        ...(signal ? { signal } : {}),
      });
      data = await response.json().catch(() => null);
    } catch (error) {
      if (signal?.aborted) throw cancelled();
      throw new PlaceSearchFailure('network', error instanceof Error ? error.message : String(error));
    }
    if (signal?.aborted) throw cancelled();
    if (!response.ok) throw new PlaceSearchFailure('refused', errorMessage(data) || `Places API answered ${response.status}`);
    const raw = typeof data === 'object' && data !== null ? (data as { places?: unknown }).places : undefined;
    const places = (Array.isArray(raw) ? (raw as GooglePlace[]) : []).flatMap((place) => toPlace(place, near) ?? []);
    if (near && !word) places.sort((a, b) => (a.distanceM ?? 0) - (b.distanceM ?? 0));
    return places.slice(0, PLACE_SEARCH_LIMIT);
  }
}

function toPlace(place: GooglePlace, near: GeoPoint | null): Place | null {
  const id = typeof place.id === 'string' ? place.id : '';
  const name = typeof place.displayName?.text === 'string' ? place.displayName.text : '';
  const lat = Number(place.location?.latitude);
  const lng = Number(place.location?.longitude);
  if (!id || !name || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const result: Place = { id, name, address: typeof place.formattedAddress === 'string' ? place.formattedAddress : '', lat, lng };
  if (near) result.distanceM = distanceMetres(near, result);
  return result;
}

function errorMessage(data: unknown): string {
  const error = typeof data === 'object' && data !== null ? (data as { error?: { message?: unknown } }).error : undefined;
  return typeof error?.message === 'string' ? error.message : '';
}

function cancelled(): PlaceSearchFailure {
  return new PlaceSearchFailure('cancelled', '终止请求');
}
