import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { GeoPoint } from '../../core/ports/geolocation.ts';
import type { Place } from '../../core/ports/place-search.ts';
import type { Label, PostDraft, PostDraftStore } from '../../core/upload/post-draft.ts';

/** The draft as MobX state, for the posting view-models to compute from (one per app, like the store). */
export class DraftModel {
  draft: PostDraft;

  constructor(private readonly store: PostDraftStore) {
    this.draft = store.draft;
    makeAutoObservable<DraftModel, 'store'>(this, { draft: observableRef, store: false }, { autoBind: true });
    store.subscribe((next) => runInAction(() => (this.draft = next)));
  }
}

/**
 * What the posting screens hand each other that is not part of the draft: the picture the cover editor opens,
 * and the position and places found near it (so coming back to /getUserLocation does not ask again).
 */
export class PostingUiState {
  /** The image URL the cover editor crops (a frame or an album picture); null when none was chosen. */
  posterSource: string | null = null;
  /** Where the device was, once it said. */
  position: GeoPoint | null = null;
  nearby: Place[] | null = null;
  /** GetLabel's answer, kept for the visit (the form is made again each time it is shown). */
  labels: Label[] | null = null;

  constructor() {
    makeAutoObservable(this, { nearby: observableRef, position: observableRef, labels: observableRef }, { autoBind: true });
  }

  rememberLabels(labels: Label[]): void {
    this.labels = labels;
  }

  choosePosterSource(url: string | null): void {
    this.posterSource = url;
  }

  rememberNearby(position: GeoPoint, places: Place[]): void {
    this.position = position;
    this.nearby = places;
  }
}
