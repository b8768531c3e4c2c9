import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { AdListService } from '../../core/ads/ad-list-service.ts';
import type { Ad } from '../../core/ads/ads.ts';
import { adBarrageId, adBarrageText } from '../../core/playback/barrage-ad.ts';
import type { BarrageService } from '../../core/playback/barrage-service.ts';
import type { BarrageEvent, BarrageSession } from '../../core/playback/barrage-session.ts';
import type { PlayerHandle } from '../common/player-slots.ts';
import { BarrageUiTexts } from './barrage-texts.ts';
import type { Drawable, FlyingView } from './barrage-drawable.ts';

/** The barrage ad as it flies: text from the ad's title (its leading 【广告】 left to the drawn mark). */
export interface AdDrawable extends Drawable {
  adMark: true;
  ad: Ad;
}

export function isAdDrawable(item: Drawable): item is AdDrawable {
  return item.adMark === true;
}

export function adDrawable(ad: Ad): AdDrawable {
  return { id: adBarrageId(ad.id), time: 0, content: adBarrageText(ad.title) || BarrageUiTexts.adDetails, uid: 0, own: false, adMark: true, ad };
}

/**
 * The timeline of one episode's barrages for the renderer: the session (its events), the player it follows, what
 * flies now (mirrored for assistive technology) and the barrage ad with its one counted view.
 */
export class BarrageTimelineViewModel {
  /** What flies now (the renderer's list), for the accessible mirror. */
  flying: readonly FlyingView<Drawable>[] = [];
  player: PlayerHandle | null = null;
  ad: AdDrawable | null = null;
  private adViewed = false;

  constructor(
    readonly session: BarrageSession,
    private readonly service: BarrageService,
    private readonly ads: AdListService,
  ) {
    makeAutoObservable<BarrageTimelineViewModel, 'service' | 'ads' | 'adViewed'>(
      this,
      { session: false, service: false, ads: false, adViewed: false, flying: observableRef, player: observableRef, ad: observableRef },
      { autoBind: true },
    );
  }

  /** The session's events, for the renderer (subscribe before start so the first ones are not missed). */
  onSessionEvent(listener: (event: BarrageEvent) => void): () => void {
    return this.session.subscribe(listener);
  }

  playerChanged(player: PlayerHandle | null): void {
    this.player = player;
  }

  flyingChanged(flying: readonly FlyingView<Drawable>[]): void {
    this.flying = flying;
  }

  /** The ad went on screen: its view is counted once. */
  adShown(): void {
    const ad = this.ad?.ad;
    if (!ad || this.adViewed) return;
    this.adViewed = true;
    void this.service.countAdView(ad.viewURL);
  }

  /** The page's barrage ad (the first of the danmu group), if any. */
  async loadAd(path: string, mediaKey: string): Promise<void> {
    try {
      const data = await this.ads.load({ path, mediaKey });
      const first = data.danmu[0];
      if (first) runInAction(() => (this.ad = adDrawable(first)));
    } catch {
      // No ad.
    }
  }
}
