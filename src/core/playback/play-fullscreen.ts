import type { Fullscreen, FullscreenTarget } from '../ports/fullscreen.ts';
import type { Unsubscribe } from '../ports/page-visibility.ts';
import type { PlayerStateStore } from './play-player-state.ts';

/**
 * The player's fullscreen: the element through the Fullscreen API where the browser allows it, else the window
 * (the UI fills it from the shared player state); leaving by Esc or the back gesture is followed, and leaving the
 * screen leaves fullscreen.
 */
export class PlayFullscreen {
  /** Fullscreen was entered through the Fullscreen API (not only by filling the window). */
  private native = false;
  private readonly off: Unsubscribe;

  constructor(
    private readonly fullscreen: Fullscreen,
    private readonly playerState: PlayerStateStore,
  ) {
    this.off = fullscreen.onChange((active) => {
      // The viewer left fullscreen (Esc, the back gesture): the player area follows.
      if (!active && this.native) {
        this.native = false;
        playerState.setFullscreen(false);
      }
    });
  }

  async toggle(target: FullscreenTarget): Promise<void> {
    const { fullscreen, playerState } = this;
    if (playerState.current().playerIsFullscreen) {
      const native = this.native;
      this.native = false;
      playerState.setFullscreen(false);
      if (native) await fullscreen.exit();
      return;
    }
    playerState.setFullscreen(true);
    const entered = fullscreen.supported() ? await fullscreen.enter(target) : false;
    this.native = entered && playerState.current().playerIsFullscreen;
  }

  /** Leaving the screen: fullscreen is left and changes are no longer followed. */
  close(): void {
    this.off();
    if (!this.playerState.current().playerIsFullscreen) return;
    this.playerState.setFullscreen(false);
    if (this.native) void this.fullscreen.exit();
    this.native = false;
  }
}
