import type { GeoPoint } from '../../src/core/ports/geolocation.ts';
import type { Place, PlaceSearch } from '../../src/core/ports/place-search.ts';

/**
 * Chooses the provider on every search: Google when the configuration holds a GoogleMap key (read each time, so
 * a configuration fetched later counts), else the reference server's own search.
 */
export class ConfiguredPlaceSearch implements PlaceSearch {
  private google: { key: string; search: PlaceSearch } | null = null;

  constructor(
    private readonly googleKey: () => string | null,
    private readonly makeGoogle: (key: string) => PlaceSearch,
    private readonly server: PlaceSearch,
  ) {}

  /** The provider a search made now would use. */
  provider(): PlaceSearch {
    const key = this.googleKey();
    if (!key) return this.server;
    if (this.google?.key !== key) this.google = { key, search: this.makeGoogle(key) };
    return this.google.search;
  }

  search(keyword: string, near: GeoPoint | null, signal?: AbortSignal): Promise<Place[]> {
    return this.provider().search(keyword, near, signal);
  }
}
