import { makeAutoObservable, runInAction } from 'mobx';
import type { InsertedAdController, InsertedAdState } from '../../core/ads/inserted-ad.ts';
import type { PauseAdController, PauseAdState } from '../../core/ads/pause-ad.ts';
import { PlayAdTexts } from '../../core/ads/ads-texts.ts';
import { viewModelToken } from '../app/view-model-token.ts';

/** The pause ad as MobX state; intents pass to the core controller. */
export class PauseAdViewModel {
  state: PauseAdState;

  constructor(
    private readonly controller: PauseAdController,
    /** The region the ad list is asked for: the one the server told this device. */
    private readonly region: string,
  ) {
    this.state = controller.current();
    makeAutoObservable<PauseAdViewModel, 'controller' | 'region'>(this, { controller: false, region: false }, { autoBind: true });
    controller.subscribe((next) => runInAction(() => (this.state = next)));
  }

  get shown(): boolean {
    return this.state.ad !== null;
  }

  get imageUrl(): string {
    return this.state.ad?.showURL ?? '';
  }

  get caption(): string {
    return this.state.ad?.title ?? '';
  }

  opened(mediaKey: string): void {
    void this.controller.start(mediaKey, this.region);
  }

  visibleChanged(visible: boolean): void {
    this.controller.pausedChanged(visible);
  }

  imageLoaded(): void {
    this.controller.imageLoaded();
  }

  imageFailed(): void {
    this.controller.imageFailed();
  }

  closeTapped(): void {
    this.controller.closeTapped();
  }

  adTapped(): void {
    this.controller.adTapped();
  }

  stop(): void {
    this.controller.stop();
  }
}

/** The inserted ad as MobX state; the end is passed on once to the play screen. */
export class InsertedAdViewModel {
  state: InsertedAdState;

  constructor(
    private readonly controller: InsertedAdController,
    private readonly region: string,
    finished: () => void,
  ) {
    this.state = controller.current();
    makeAutoObservable<InsertedAdViewModel, 'controller' | 'region'>(this, { controller: false, region: false }, { autoBind: true });
    controller.subscribe((next) => runInAction(() => (this.state = next)));
    controller.onFinished(() => finished());
  }

  get shown(): boolean {
    return this.state.ad !== null;
  }

  get imageUrl(): string {
    return this.state.ad?.showURL ?? '';
  }

  get caption(): string {
    return this.state.ad?.title ?? '';
  }

  /** 5秒 … 1秒 */
  get countdownText(): string {
    return this.state.countdown === null ? '' : `${this.state.countdown}秒`;
  }

  get skipText(): string {
    return PlayAdTexts.skip;
  }

  get vipText(): string {
    return PlayAdTexts.vipFree;
  }

  opened(mediaKey: string): void {
    void this.controller.start(mediaKey, this.region);
  }

  imageLoaded(): void {
    this.controller.imageLoaded();
  }

  imageFailed(): void {
    this.controller.imageFailed();
  }

  skipTapped(): void {
    this.controller.skipTapped();
  }

  adTapped(): void {
    this.controller.adTapped();
  }

  vipTapped(): void {
    this.controller.vipTapped();
  }

  stop(): void {
    this.controller.stop();
  }
}

/** The pause ad's view-model, bound by the composition root (gold-bindings.ts). */
export const PauseAdModel = viewModelToken<PauseAdViewModel>('PauseAdViewModel');
/** The inserted ad's view-model; `finished` is told once when the ad ends (or there is none). */
export const InsertedAdModel = viewModelToken<InsertedAdViewModel, { finished: () => void }>('InsertedAdViewModel');
