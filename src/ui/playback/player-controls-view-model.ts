import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import {
  keyAction,
  NORMAL_SPEED,
  PLAYBACK_SPEEDS,
  qualityOptions,
  shownChoice,
  speedLabel,
  type KeyFocus,
  type QualityChoice,
  type QualityOption,
} from '../../core/playback/player-controls-rules.ts';
import { PlayerControlsTexts } from '../../core/playback/playback-texts.ts';
import type { PlayerTuning, PlayerTuningState } from '../../core/playback/player-tuning.ts';
import type { Clock, TimerId } from '../../core/ports/clock.ts';
import type { MediaPlayer } from '../../core/ports/media-player.ts';

/** How long the volume's hint stays after ↑/↓ (ms). */
const VOLUME_HINT_MS = 1000;

/** What the keyboard asks of the rest of the play screen (the play view-model, the barrage switch). */
export interface PlayerKeyCommands {
  togglePlay(): void;
  seekBy(seconds: number): void;
  toggleFullscreen(): void;
  isFullscreen(): boolean;
  toggleBarrages(): void;
}

export type PlayerMenu = 'none' | 'speed' | 'quality';

export interface SpeedItem {
  speed: number;
  label: string;
  selected: boolean;
}

export interface QualityItem extends QualityOption {
  selected: boolean;
}

/**
 * The play screen's 倍速 and 清晰度 menus, the long press's 2× (holdStarted / holdEnded, called by the picture's
 * gesture layer) and the keyboard (keyPressed), over the core's {@link PlayerTuning}.
 */
export class PlayerControlsViewModel {
  state: PlayerTuningState;
  menu: PlayerMenu = 'none';
  /** "音量 60%" for a moment after ↑/↓, else null. */
  volumeHint: string | null = null;
  readonly texts = PlayerControlsTexts;
  private hintTimer: TimerId | null = null;

  constructor(
    private readonly tuning: PlayerTuning,
    private readonly clock: Clock | null = null,
  ) {
    this.state = tuning.current();
    makeAutoObservable<PlayerControlsViewModel, 'tuning' | 'clock' | 'hintTimer'>(
      this,
      { tuning: false, clock: false, hintTimer: false, state: observableRef, texts: false },
      { autoBind: true },
    );
    // The tuning lives as long as this view-model (one per play screen): no unsubscribe needed.
    tuning.subscribe((state) => runInAction(() => (this.state = state)));
  }

  /** The page's player (null when the <video> leaves). */
  playerChanged(player: MediaPlayer | null): void {
    if (player) this.tuning.attach(player);
    else this.tuning.detach();
  }

  /** No speed for a live stream (it plays at the live edge). */
  get showSpeed(): boolean {
    return !this.state.live;
  }

  get speeds(): SpeedItem[] {
    return [...PLAYBACK_SPEEDS].reverse().map((speed) => ({ speed, label: speedLabel(speed), selected: speed === this.state.speed }));
  }

  /** 倍速 at normal speed, else the speed (1.5X), as bilibili's button. */
  get speedButtonLabel(): string {
    return this.state.speed === NORMAL_SPEED ? this.texts.speed : speedLabel(this.state.speed);
  }

  get qualities(): QualityItem[] {
    const shown = shownChoice(this.state.levels, this.state.quality);
    return qualityOptions(this.state.levels).map((option) => ({ ...option, selected: option.choice === shown }));
  }

  /** The quality menu shows when the source has more than one rendition. */
  get showQuality(): boolean {
    return this.qualities.length > 0;
  }

  /** The quality button: 自动, or the chosen rendition's short name (360P). */
  get qualityButtonLabel(): string {
    const selected = this.qualities.find((q) => q.selected);
    if (!selected || selected.choice === 'auto') return this.texts.auto;
    return selected.label.split(' ')[0] ?? selected.label;
  }

  get holding(): boolean {
    return this.state.holding;
  }

  get volumePercent(): number {
    return Math.round(this.state.volume * 100);
  }

  // ---- intents ----

  speedMenuTapped(): void {
    this.menu = this.menu === 'speed' ? 'none' : 'speed';
  }

  qualityMenuTapped(): void {
    this.menu = this.menu === 'quality' ? 'none' : 'quality';
  }

  menuClosed(): void {
    this.menu = 'none';
  }

  speedChosen(speed: number): void {
    this.tuning.setSpeed(speed);
    this.menu = 'none';
  }

  qualityChosen(choice: QualityChoice): void {
    this.tuning.setQuality(choice);
    this.menu = 'none';
  }

  /** A long press on the picture began (the gesture layer decides it is one): 2× while held. */
  holdStarted(): void {
    this.tuning.holdStarted();
  }

  /** The long press ended (released, cancelled or left): the chosen speed again. */
  holdEnded(): void {
    this.tuning.holdEnded();
  }

  private volumeStepped(volume: number): void {
    this.volumeHint = `${this.texts.volume} ${Math.round(volume * 100)}%`;
    const clock = this.clock;
    if (!clock) return;
    if (this.hintTimer !== null) clock.cancelSchedule(this.hintTimer);
    this.hintTimer = clock.schedule(() => this.volumeHintEnded(), VOLUME_HINT_MS);
  }

  volumeHintEnded(): void {
    this.hintTimer = null;
    this.volumeHint = null;
  }

  /** A key on the page; true when it was the player's (the caller then prevents the browser's own action). */
  keyPressed(key: string, focus: KeyFocus, modifiers: boolean, commands: PlayerKeyCommands): boolean {
    const action = keyAction(key, focus, modifiers);
    if (!action) return false;
    switch (action.type) {
      case 'toggle-play':
        commands.togglePlay();
        return true;
      case 'seek':
        commands.seekBy(action.by);
        return true;
      case 'volume':
        this.volumeStepped(this.tuning.volumeBy(action.by));
        return true;
      case 'fullscreen':
        commands.toggleFullscreen();
        return true;
      case 'toggle-barrages':
        commands.toggleBarrages();
        return true;
      case 'leave-fullscreen':
        if (this.menu !== 'none') {
          this.menu = 'none';
          return true;
        }
        if (!commands.isFullscreen()) return false;
        commands.toggleFullscreen();
        return true;
    }
  }
}
