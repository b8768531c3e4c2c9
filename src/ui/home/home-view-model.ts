import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { CatalogueService } from '../../core/catalogue/catalogue-service.ts';
import { RECOMMEND_CHANNEL } from '../../core/catalogue/channels.ts';
import type { HomePreload } from '../../core/catalogue/home-preload.ts';
import type { RecommendationState, RecommendationStore } from '../../core/catalogue/recommendation-store.ts';
import type { Channel, HomeData, RecommendationBlock, Video } from '../../core/shared-kernel/video.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { HomeTexts } from './home-texts.ts';

/** recomData key of a channel's blocks (推荐 has no category key). */
const recomKey = (channel: string): string => channel || 'recommend';

/**
 * Home: the channel tabs, the chosen channel's recommendation blocks (kept in the shared recomData,
 * merged per channel) and the logged-in user's watching list. A load the app started for this channel before the
 * screen (HomePreload) is taken rather than asked again; arrived already, the first render shows it.
 */
export class HomeViewModel {
  channel: string;
  channels: Channel[] = [];
  recommendation: RecommendationState;
  loading = false;
  failed = false;
  /** The preloaded load not arrived yet when the screen was built: the first load waits for it. */
  private pending: Promise<HomeData> | null = null;

  constructor(
    private readonly service: CatalogueService,
    private readonly store: RecommendationStore,
    private readonly session: SessionModel,
    private readonly navigator: Navigator,
    channel: string,
    preload?: HomePreload,
  ) {
    this.channel = channel;
    const started = preload?.take(channel) ?? null;
    if (started?.data) this.apply(channel, started.data);
    else if (started) this.pending = started.promise;
    this.recommendation = store.current();
    makeAutoObservable<HomeViewModel, 'service' | 'store' | 'session' | 'navigator' | 'pending' | 'apply'>(
      this,
      // The store's state and the channels are replaced, never changed in place: references, not deep copies of
      // every block and video made observable (which cost the first render ~10 ms of a phone's CPU).
      { service: false, store: false, session: false, navigator: false, pending: false, apply: false, recommendation: observableRef, channels: observableRef },
      { autoBind: true },
    );
  }

  get tabs(): { key: string; name: string }[] {
    return [{ key: RECOMMEND_CHANNEL, name: HomeTexts.recommend }, ...this.channels.map((c) => ({ key: c.key, name: c.name }))];
  }

  get blocks(): RecommendationBlock[] {
    const blocks = this.recommendation.recomData[recomKey(this.channel)];
    return Array.isArray(blocks) ? (blocks as RecommendationBlock[]) : [];
  }

  get watchingList(): readonly Video[] {
    return this.session.loggedIn ? this.recommendation.watchingList : [];
  }

  get showLoading(): boolean {
    return this.loading && this.blocks.length === 0;
  }

  get showError(): boolean {
    return this.failed && this.blocks.length === 0;
  }

  /** Subscribes to the shared recommendation data and loads the channel; returns the unsubscribe. */
  opened(): () => void {
    const off = this.store.subscribe((state) => runInAction(() => (this.recommendation = state)));
    if (this.blocks.length === 0 || this.channels.length === 0) void this.load();
    return off;
  }

  async load(): Promise<void> {
    const channel = this.channel;
    const pending = this.pending;
    this.pending = null;
    this.loading = true;
    try {
      const data = await (pending ?? this.service.home(channel, { suppressTips: true }));
      runInAction(() => this.apply(channel, data));
    } catch {
      runInAction(() => (this.failed = true));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  private apply(channel: string, data: HomeData): void {
    this.channels = data.channels;
    this.failed = false;
    this.store.setRecomData({ [recomKey(channel)]: data.blocks });
    this.store.setWatchingList(data.watchingList);
  }

  tabTapped(key: string): void {
    if (key === this.channel) return;
    this.channel = key;
    this.failed = false;
    if (this.blocks.length === 0) void this.load();
  }

  moreTapped(block: RecommendationBlock): void {
    if (block.category) this.navigator.push(`/list/${block.category}`);
  }

  searchTapped(): void {
    this.navigator.push('/searchPage');
  }

  /** The channel bar's 全部频道 button: every channel on /navigation. */
  allChannelsTapped(): void {
    this.navigator.push('/navigation');
  }
}

/** Home's view-model (home-screen.tsx), bound in start-screen-bindings.ts; the screen hands over its path (the channel). */
export const HomeModel = viewModelToken<HomeViewModel, { pathname: string }>('HomeViewModel');
