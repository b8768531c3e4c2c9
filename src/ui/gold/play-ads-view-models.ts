import { makeAutoObservable, runInAction } from 'mobx';
import type { InsertedAdController, InsertedAdState } from '../../core/ads/inserted-ad.ts';
import type { PauseAdController, PauseAdState } from '../../core/ads/pause-ad.ts';
import { PlayAdTexts } from '../../core/ads/play-ad-service.ts';

/** The pause ad as MobX state; intents pass to the core controller. */
export class PauseAdViewModel {
  state: PauseAdState;

  constructor(private readonly controller: PauseAdController) {
    this.state = controller.current();
    makeAutoObservable<PauseAdViewModel, 'controller'>(this, { controller: false }, { autoBind: true });
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

  start(mediaKey: string, region: string): void {
    void this.controller.start(mediaKey, region);
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
    finished: () => void,
  ) {
    this.state = controller.current();
    makeAutoObservable<InsertedAdViewModel, 'controller'>(this, { controller: false }, { autoBind: true });
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

  start(mediaKey: string, region: string): void {
    void this.controller.start(mediaKey, region);
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
