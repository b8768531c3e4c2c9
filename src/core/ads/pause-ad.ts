import type { Unsubscribe } from '../ports/page-visibility.ts';
import type { Ad } from './ads.ts';
import type { PlayAdService } from './play-ad-service.ts';

export interface PauseAdState {
  /** The pause ad on screen, or null. */
  ad: Ad | null;
}

/**
 * The pause ad (zanting) of one play screen: shown over the picture each time the user pauses (the screen says
 * so through `pausedChanged`), one view POST and tracking GET per showing (once its image loaded), closed by
 * its × until the next pause, hidden when playback resumes. Several pause ads take turns, one per pause.
 */
export class PauseAdController {
  private state: PauseAdState = { ad: null };
  private readonly listeners = new Set<(state: PauseAdState) => void>();
  private ads: Ad[] = [];
  private loaded = false;
  private started = false;
  private stopped = false;
  /** The user's pause is on (between a pause and the resume). */
  private paused = false;
  /** The current pause's ad was closed (×) or failed to load its image. */
  private dismissed = false;
  private viewed = false;
  private showings = 0;

  constructor(private readonly service: PlayAdService) {}

  current(): PauseAdState {
    return this.state;
  }

  subscribe(listener: (state: PauseAdState) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Loads the video's pause ads (once); a pause that came first shows its ad when they arrive. */
  async start(mediaKey: string, region = ''): Promise<void> {
    if (this.started) return;
    this.started = true;
    try {
      const data = await this.service.load(mediaKey, region);
      this.ads = data.zanting;
    } catch {
      this.ads = [];
    }
    this.loaded = true;
    if (!this.stopped) this.render();
  }

  /** The screen's `visible`: true when the user paused, false when playback resumed. */
  pausedChanged(paused: boolean): void {
    if (paused === this.paused) return;
    this.paused = paused;
    if (paused) {
      this.dismissed = false;
      this.viewed = false;
      this.showings += this.ads.length > 0 ? 1 : 0;
    }
    this.render();
  }

  /** The image is on screen: the showing counts (once). */
  imageLoaded(): void {
    const ad = this.state.ad;
    if (!ad || this.viewed) return;
    this.viewed = true;
    this.service.showing(ad);
  }

  /** A broken image: nothing to show for this pause. */
  imageFailed(): void {
    this.dismissed = true;
    this.render();
  }

  /** The ×: hidden until the next pause. */
  closeTapped(): void {
    this.dismissed = true;
    this.render();
  }

  adTapped(): void {
    const ad = this.state.ad;
    if (ad) this.service.tapped(ad);
  }

  stop(): void {
    this.stopped = true;
    this.listeners.clear();
  }

  private render(): void {
    const ad = this.paused && !this.dismissed && this.loaded ? this.pick() : null;
    if (ad === this.state.ad) return;
    this.state = { ad };
    for (const listener of [...this.listeners]) listener(this.state);
  }

  private pick(): Ad | null {
    if (this.ads.length === 0) return null;
    return this.ads[Math.max(0, this.showings - 1) % this.ads.length] ?? null;
  }
}
