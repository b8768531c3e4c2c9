import type { Video } from '../shared-kernel/video.ts';

/** Default recommendation duration (spec: business constants). */
export const DEFAULT_RECOMMENDATION_DURATION = 200;

export interface RecommendationState {
  /** Recommendation data by key (e.g. home blocks by channel): merged on set, reset to empty on clear. */
  recomData: Readonly<Record<string, unknown>>;
  watchingList: readonly Video[];
  autoplay: boolean;
  duration: number;
}

const initial = (): RecommendationState => ({ recomData: {}, watchingList: [], autoplay: false, duration: DEFAULT_RECOMMENDATION_DURATION });

/** Home recommendation data (spec: entities — home recommendation data), shared by the screens that show it. */
export class RecommendationStore {
  private state: RecommendationState = initial();
  private readonly listeners = new Set<(state: RecommendationState) => void>();

  current(): RecommendationState {
    return this.state;
  }

  /** Merges into recomData: keys given replace theirs, others stay. */
  setRecomData(data: Readonly<Record<string, unknown>>): void {
    this.update({ recomData: { ...this.state.recomData, ...data } });
  }

  clearRecomData(): void {
    this.update({ recomData: {} });
  }

  setWatchingList(list: readonly Video[]): void {
    this.update({ watchingList: [...list] });
  }

  setAutoplay(autoplay: boolean): void {
    this.update({ autoplay });
  }

  /** A duration that is not a positive number falls back to the default 200. */
  setDuration(duration: number): void {
    this.update({ duration: Number.isFinite(duration) && duration > 0 ? duration : DEFAULT_RECOMMENDATION_DURATION });
  }

  subscribe(listener: (state: RecommendationState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private update(patch: Partial<RecommendationState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }
}
