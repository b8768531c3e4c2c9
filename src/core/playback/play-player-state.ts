import type { Unsubscribe } from '../ports/page-visibility.ts';

/** The player state the play screen's parts share. */
export interface PlayerState {
  /** The player area fills the screen (the Fullscreen API, or the window where elements cannot go fullscreen). */
  playerIsFullscreen: boolean;
  /** Barrages are shown (the danmuOpen setting, default on). */
  danmuOpen: boolean;
}

/** One for the app: the play screen writes it, the barrage parts and the shell read it. */
export class PlayerStateStore {
  private state: PlayerState = { playerIsFullscreen: false, danmuOpen: true };
  private readonly listeners = new Set<(state: PlayerState) => void>();

  current(): PlayerState {
    return this.state;
  }

  setFullscreen(playerIsFullscreen: boolean): void {
    this.update({ playerIsFullscreen });
  }

  setDanmuOpen(danmuOpen: boolean): void {
    this.update({ danmuOpen });
  }

  subscribe(listener: (state: PlayerState) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private update(change: Partial<PlayerState>): void {
    const next = { ...this.state, ...change };
    if (next.playerIsFullscreen === this.state.playerIsFullscreen && next.danmuOpen === this.state.danmuOpen) return;
    this.state = next;
    for (const listener of [...this.listeners]) listener(next);
  }
}
