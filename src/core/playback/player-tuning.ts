import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { MediaEvent, MediaLevel, MediaPlayer } from '../ports/media-player.ts';
import type { NetworkType } from '../ports/network-type.ts';
import type { Unsubscribe } from '../ports/page-visibility.ts';
import {
  autoStartLevel,
  HOLD_SPEED,
  levelForChoice,
  NORMAL_SPEED,
  parseQualityChoice,
  parseSpeed,
  PLAYBACK_SPEEDS,
  steppedVolume,
  type QualityChoice,
} from './player-controls-rules.ts';

/** Local storage key of the chosen speed and quality (JSON), kept per device for visitors and users alike. */
export const PLAYER_TUNING_KEY = 'playerSpeedQuality';

export interface PlayerTuningState {
  /** The speed chosen in the 倍速 menu. */
  speed: number;
  /** The picture is held: 2× until released. */
  holding: boolean;
  /** The quality chosen: 自动 or a height. */
  quality: QualityChoice;
  /** The renditions of the source playing (empty: nothing to choose). */
  levels: readonly MediaLevel[];
  /** The rendition playing now (-1 unknown). */
  playingLevel: number;
  volume: number;
  /** The source is a live stream: it plays at 1× (a faster rate would only run into the live edge). */
  live: boolean;
}

function readStored(local: KeyValueStore): { speed: number; quality: QualityChoice } {
  try {
    const value: unknown = JSON.parse(local.get(PLAYER_TUNING_KEY) ?? 'null');
    const fields = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    return { speed: parseSpeed(fields['speed']), quality: parseQualityChoice(fields['quality']) };
  } catch {
    return { speed: NORMAL_SPEED, quality: 'auto' };
  }
}

export interface PlayerTuningDeps {
  local: KeyValueStore;
  network: NetworkType;
}

/**
 * The speed, the long press's 2× and the quality of the page's player: the chosen speed and quality are kept on
 * the device and applied to every source the player loads (a quality by its height, as renditions differ between
 * videos; 自动 starting at the lowest rendition on mobile data).
 */
export class PlayerTuning {
  private state: PlayerTuningState;
  private readonly listeners = new Set<(state: PlayerTuningState) => void>();
  private player: MediaPlayer | null = null;
  private playerOff: Unsubscribe | null = null;

  constructor(private readonly deps: PlayerTuningDeps) {
    const stored = readStored(deps.local);
    this.state = { ...stored, holding: false, levels: [], playingLevel: -1, volume: 1, live: false };
  }

  current(): PlayerTuningState {
    return this.state;
  }

  subscribe(listener: (state: PlayerTuningState) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The page's player: the chosen speed now, the chosen quality at each source's renditions. */
  attach(player: MediaPlayer): void {
    if (this.player === player) return;
    this.detach();
    this.player = player;
    this.playerOff = player.on((event) => this.heard(player, event));
    this.update({ holding: false, levels: player.levels(), playingLevel: player.playingLevel(), volume: player.volume(), live: player.source()?.live === true });
    this.applyRate(player);
  }

  detach(): void {
    this.playerOff?.();
    this.playerOff = null;
    this.player = null;
    this.update({ holding: false, levels: [], playingLevel: -1 });
  }

  /** A speed of the menu (others are refused), kept; a held picture stays at 2× until released. */
  setSpeed(speed: number): void {
    if (!PLAYBACK_SPEEDS.includes(speed)) return;
    this.update({ speed });
    this.store();
    if (this.player) this.applyRate(this.player);
  }

  /** The picture is pressed and held while playing: 2× until {@link holdEnded}. Returns whether it took. */
  holdStarted(): boolean {
    const player = this.player;
    if (!player || this.state.holding || player.paused() || player.source()?.live) return false;
    this.update({ holding: true });
    this.applyRate(player);
    return true;
  }

  /** The press is released: back to the chosen speed. */
  holdEnded(): void {
    if (!this.state.holding) return;
    this.update({ holding: false });
    if (this.player) this.applyRate(this.player);
  }

  /** A quality of the menu: the rendition switched in place, the choice kept for the next videos. */
  setQuality(choice: QualityChoice): void {
    this.update({ quality: choice });
    this.store();
    const player = this.player;
    if (player && this.state.levels.length > 0) player.setLevel(levelForChoice(this.state.levels, choice));
  }

  /** Moves the volume by a step (↑/↓); returns the volume now. */
  volumeBy(by: number): number {
    const player = this.player;
    if (!player) return this.state.volume;
    player.setVolume(steppedVolume(player.volume(), by));
    const volume = player.volume();
    this.update({ volume });
    return volume;
  }

  private heard(player: MediaPlayer, event: MediaEvent): void {
    if (event === 'levelschange') {
      const levels = player.levels();
      const chosen = levelForChoice(levels, this.state.quality);
      if (chosen >= 0) player.setLevel(chosen);
      else player.setStartLevel(autoStartLevel(levels, this.deps.network.current()));
      this.update({ levels });
      return;
    }
    if (event === 'levelswitch') this.update({ playingLevel: player.playingLevel() });
    else if (event === 'volumechange') this.update({ volume: player.volume() });
    else if (player.levels() !== this.state.levels) this.update({ levels: player.levels(), playingLevel: player.playingLevel() });
    const live = player.source()?.live === true;
    if (live !== this.state.live) this.update({ live, holding: this.state.holding && !live });
    if (event !== 'ratechange') this.applyRate(player);
  }

  /** The rate the player should have: 2× while held, 1× for live, else the chosen speed. */
  private applyRate(player: MediaPlayer): void {
    const rate = this.state.holding ? HOLD_SPEED : this.state.live ? NORMAL_SPEED : this.state.speed;
    if (player.playbackRate() !== rate) player.setPlaybackRate(rate);
  }

  private store(): void {
    this.deps.local.set(PLAYER_TUNING_KEY, JSON.stringify({ speed: this.state.speed, quality: this.state.quality }));
  }

  private update(change: Partial<PlayerTuningState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of [...this.listeners]) listener(this.state);
  }
}
