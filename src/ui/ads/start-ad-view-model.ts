import { makeAutoObservable, runInAction } from 'mobx';
import type { StartAdController, StartAdState } from '../../core/ads/start-ad.ts';
import { viewModelToken } from '../app/view-model-token.ts';

/** Logs what the core reports but cannot log itself. */
export type AdLogger = (message: string) => void;

/** The start ad as MobX state; intents pass to the core controller. */
export class StartAdViewModel {
  state: StartAdState;
  private started = false;

  constructor(
    private readonly controller: StartAdController,
    private readonly log: AdLogger,
  ) {
    this.state = controller.current();
    makeAutoObservable<StartAdViewModel, 'controller' | 'log' | 'started'>(this, { controller: false, log: false, started: false }, { autoBind: true });
    controller.subscribe((next) => runInAction(() => (this.state = next)));
  }

  get visible(): boolean {
    return this.state.ad !== null;
  }

  get imageUrl(): string {
    return this.state.ad?.showURL ?? '';
  }

  /** 跳过 4 … 跳过 1 while counting down; 跳过 before it starts. */
  get skipLabel(): string {
    return this.state.countdown === null ? '跳过' : `跳过 ${this.state.countdown}`;
  }

  /** Once per page life: the app has started. */
  async appStarted(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const result = await this.controller.start();
    if (result.corruptStoredList) this.log('startAdList in local storage could not be read; ignored');
  }

  imageLoaded(): void {
    this.controller.imageLoaded();
  }

  imageFailed(): void {
    this.controller.imageFailed();
  }

  skipTapped(): void {
    this.controller.skip();
  }

  adTapped(): void {
    this.controller.tapped();
  }
}

/** The start ad's view-model, bound by the composition root (start-screen-bindings.ts: the shell shows it at start). */
export const StartAdModel = viewModelToken<StartAdViewModel>('StartAdViewModel');
