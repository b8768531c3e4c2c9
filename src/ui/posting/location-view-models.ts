import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { debounce, type Debounced } from '../../core/display/debounce.ts';
import type { Clock } from '../../core/ports/clock.ts';
import type { Geolocation, GeolocationFailure } from '../../core/ports/geolocation.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import { PlaceSearchFailure, type Place, type PlaceSearch } from '../../core/ports/place-search.ts';
import type { PostDraftStore } from '../../core/upload/post-draft.ts';
import { UploadConstants } from '../../core/upload/upload-protocol.ts';
import { UploadTexts } from '../../core/upload/upload-texts.ts';
import { PostingRoutes } from './posting-routes.ts';
import type { DraftModel, PostingUiState } from './posting-state.ts';
import { distanceText, PostingTexts } from './posting-texts.ts';
import { viewModelToken } from '../app/view-model-token.ts';

export interface PlaceRow {
  place: Place;
  distance: string;
  selected: boolean;
}

export interface LocationDeps {
  store: PostDraftStore;
  draft: DraftModel;
  ui: PostingUiState;
  navigator: Navigator;
  places: PlaceSearch;
}

/** Why no places: what went wrong, as shown. */
function locationFailureText(reason: GeolocationFailure): string {
  return reason === 'denied' || reason === 'unsupported' ? UploadTexts.locationDenied : PostingTexts.locationUnavailable;
}

function searchFailureText(error: unknown): string {
  return error instanceof PlaceSearchFailure && error.kind === 'refused' && error.message ? error.message : PostingTexts.searchFailed;
}

function rows(places: readonly Place[], chosen: Place | null): PlaceRow[] {
  return places.map((place) => ({ place, distance: distanceText(place.distanceM), selected: chosen?.id === place.id }));
}

/**
 * /getUserLocation — the places near the device (asked once per visit to the app), 不显示位置, and a search box
 * that opens /searchUserLocation in this page's place (its back arrow comes back here; a choice there goes back
 * to the form).
 */
export class LocationViewModel {
  status: 'locating' | 'ready' | 'failed' = 'locating';
  failure = '';

  constructor(private readonly deps: LocationDeps & { geolocation: Geolocation }) {
    makeAutoObservable<LocationViewModel, 'deps'>(this, { deps: false }, { autoBind: true });
  }

  get rows(): PlaceRow[] {
    return rows(this.deps.ui.nearby ?? [], this.deps.draft.draft.location);
  }

  get hidden(): boolean {
    return this.deps.draft.draft.location === null;
  }

  get empty(): boolean {
    return this.status === 'ready' && this.rows.length === 0;
  }

  opened(): void {
    if (this.deps.ui.nearby) this.status = 'ready';
    else void this.locate();
  }

  async locate(): Promise<void> {
    this.status = 'locating';
    this.failure = '';
    const position = await this.deps.geolocation.current();
    if (!position.ok) {
      runInAction(() => {
        this.status = 'failed';
        this.failure = locationFailureText(position.reason);
      });
      return;
    }
    try {
      const places = await this.deps.places.search('', position.point);
      runInAction(() => {
        this.deps.ui.rememberNearby(position.point, places);
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'failed';
        this.failure = searchFailureText(error);
      });
    }
  }

  placeTapped(place: Place): void {
    this.deps.store.setLocation(place);
    this.deps.navigator.back();
  }

  hideTapped(): void {
    this.deps.store.setLocation(null);
    this.deps.navigator.back();
  }

  searchTapped(): void {
    this.deps.navigator.replace(PostingRoutes.searchLocation);
  }
}

/** /searchUserLocation — places by keyword (near the device when it said where it is), 300 ms after typing stops. */
export class SearchLocationViewModel {
  input = '';
  keyword = '';
  status: 'idle' | 'loading' | 'ready' | 'failed' = 'idle';
  results: Place[] = [];
  failure = '';
  private controller: AbortController | null = null;
  private readonly searchLater: Debounced<[string]>;

  constructor(private readonly deps: LocationDeps & { clock: Clock }) {
    this.searchLater = debounce(deps.clock, (text: string) => void this.search(text));
    makeAutoObservable<SearchLocationViewModel, 'deps' | 'controller' | 'searchLater'>(
      this,
      { deps: false, controller: false, searchLater: false, results: observableRef },
      { autoBind: true },
    );
  }

  get rows(): PlaceRow[] {
    return rows(this.results, this.deps.draft.draft.location);
  }

  get empty(): boolean {
    return this.status === 'ready' && this.results.length === 0;
  }

  typed(text: string): void {
    this.input = text.slice(0, UploadConstants.maxPlaceKeyword);
    this.searchLater(this.input);
  }

  /** The keyboard's search key: now, without waiting. */
  submitted(): void {
    this.searchLater.cancel();
    void this.search(this.input);
  }

  placeTapped(place: Place): void {
    this.deps.store.setLocation(place);
    this.deps.navigator.back();
  }

  /** 取消 and the back arrow: back to the nearby places (this page took their place). */
  cancelTapped(): void {
    this.dispose();
    this.deps.navigator.replace(PostingRoutes.location);
  }

  dispose(): void {
    this.searchLater.cancel();
    this.controller?.abort();
    this.controller = null;
  }

  async search(text: string): Promise<void> {
    const keyword = text.trim();
    if (keyword === this.keyword && this.status !== 'failed' && this.status !== 'idle') return;
    this.keyword = keyword;
    this.controller?.abort();
    this.controller = null;
    if (!keyword) {
      this.status = 'idle';
      this.results = [];
      return;
    }
    const controller = new AbortController();
    this.controller = controller;
    this.status = 'loading';
    try {
      const places = await this.deps.places.search(keyword, this.deps.ui.position, controller.signal);
      if (controller !== this.controller) return;
      runInAction(() => {
        this.results = places;
        this.status = 'ready';
      });
    } catch (error) {
      if (controller !== this.controller || controller.signal.aborted) return;
      runInAction(() => {
        this.status = 'failed';
        this.failure = searchFailureText(error);
      });
    }
  }
}

/** /getUserLocation's and /searchUserLocation's view-models, bound by the composition root (posting-bindings.ts). */
export const LocationModel = viewModelToken<LocationViewModel>('LocationViewModel');
export const SearchLocationModel = viewModelToken<SearchLocationViewModel>('SearchLocationViewModel');
