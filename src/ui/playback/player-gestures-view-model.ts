import { makeAutoObservable, reaction } from 'mobx';
import {
  GESTURE_RULES,
  PictureGestures,
  brightnessLabel,
  seekPreviewLabel,
  whileLocked,
  type GestureEffect,
} from '../../core/playback/player-gestures.ts';
import type { Clock, TimerId } from '../../core/ports/clock.ts';
import type { PictureInPicture, PictureInPictureTarget } from '../../core/ports/picture-in-picture.ts';
import { viewModelToken } from '../app/view-model-token.ts';

/** What the gestures steer on the play screen (PlayViewModel has all of it). */
export interface GesturePlayer {
  readonly playing: boolean;
  readonly shownTime: number;
  readonly duration: number;
  readonly fullscreen: boolean;
  readonly live: boolean;
  playTapped(): void;
  seekTo(seconds: number): void;
}

/** The long press's 2× (the controls' view-model holds the speed). */
export interface HoldIntents {
  holdStarted(): void;
  holdEnded(): void;
}

export interface PlayerGesturesDeps {
  clock: Clock;
  pip: PictureInPicture;
}

/** How long the brightness hint stays after the finger lifts (ms). */
const HINT_LINGER_MS = 800;

/**
 * The gestures on the picture, the controls' showing and hiding, the picture's brightness and the 小窗
 * (picture-in-picture) button of one play screen. The rules are PictureGestures' (src/core/playback/player-gestures.ts).
 */
export class PlayerGesturesViewModel {
  controlsShown = true;
  /** The seek swipe's preview ("01:23 / 05:00", "+15秒"), null when none. */
  seekPreview: { time: string; delta: string } | null = null;
  /** CSS filter brightness of the video (1 = as recorded). */
  brightness: number = GESTURE_RULES.brightnessDefault;
  brightnessHint: string | null = null;
  pipActive = false;
  /** Fullscreen's 🔒: the controls are gone and the picture takes no gesture but a tap, which shows the lock. */
  locked = false;
  /** Something inside the controls has the focus (the barrage box in fullscreen): they do not hide meanwhile. */
  private pinned = false;
  private readonly gestures = new PictureGestures();
  private tickTimer: TimerId | null = null;
  private hideTimer: TimerId | null = null;
  private hintTimer: TimerId | null = null;

  constructor(
    private readonly deps: PlayerGesturesDeps,
    private readonly player: GesturePlayer,
    private readonly hold: () => HoldIntents | null,
  ) {
    this.pipActive = deps.pip.active();
    makeAutoObservable<PlayerGesturesViewModel, 'deps' | 'player' | 'hold' | 'gestures' | 'tickTimer' | 'hideTimer' | 'hintTimer' | 'pinned'>(
      this,
      { deps: false, player: false, hold: false, gestures: false, tickTimer: false, hideTimer: false, hintTimer: false, pinned: false },
      { autoBind: true },
    );
  }

  /** Follows playing (controls hide after a while of playing, show on pause) and the small window; returns the cleanup. */
  opened(): () => void {
    const offPlaying = reaction(
      () => this.player.playing,
      (playing) => {
        if (playing) this.scheduleHide();
        else this.showControls(false);
      },
      { fireImmediately: true },
    );
    const offPip = this.deps.pip.onChange((active) => this.pipChanged(active));
    // Leaving fullscreen unlocks.
    const offFullscreen = reaction(
      () => this.player.fullscreen,
      (fullscreen) => {
        if (!fullscreen) this.unlock();
      },
    );
    return () => {
      offPlaying();
      offFullscreen();
      offPip();
      this.cancelTimers();
    };
  }

  get pipSupported(): boolean {
    return this.deps.pip.supported();
  }

  /** The 🔒 button shows in fullscreen, with the controls (locked: alone, on a tap). */
  get lockOffered(): boolean {
    return this.player.fullscreen;
  }

  get lockLabel(): string {
    return this.locked ? '解锁屏幕' : '锁定屏幕';
  }

  get pipLabel(): string {
    return this.pipActive ? '退出小窗' : '小窗';
  }

  /** The CSS filter of the video, or '' at the default brightness. */
  get videoFilter(): string {
    return this.brightness === GESTURE_RULES.brightnessDefault ? '' : `brightness(${this.brightness})`;
  }

  // ---- intents ----

  pointerDown(x: number, y: number, width: number, height: number): void {
    const { player } = this;
    this.apply(
      this.gestures.down(
        { x, y, at: this.deps.clock.now() },
        { width, height, fullscreen: player.fullscreen, time: player.shownTime, duration: player.live ? 0 : player.duration, brightness: this.brightness },
      ),
    );
  }

  pointerMoved(x: number, y: number): void {
    this.apply(this.gestures.move({ x, y, at: this.deps.clock.now() }));
  }

  pointerUp(x: number, y: number): void {
    this.apply(this.gestures.up({ x, y, at: this.deps.clock.now() }));
  }

  /** The browser took the finger (it scrolls the page) or the pointer left. */
  pointerCancelled(): void {
    this.apply(this.gestures.cancel());
  }

  /** A finger on the controls: they stay a while longer (and show when hidden). */
  controlsTouched(): void {
    this.showControls(true);
  }

  /** The focus came into the controls (typing a barrage in fullscreen) or left them: they stay while it is there. */
  controlsFocused(focused: boolean): void {
    this.pinned = focused;
    this.showControls(!focused);
  }

  /** 🔒: locks (the controls go at once, the lock a while later) or unlocks (the controls come back). */
  lockTapped(): void {
    if (this.locked) {
      this.unlock();
      return;
    }
    if (!this.player.fullscreen) return;
    this.locked = true;
    this.seekPreview = null;
    this.showControls(true);
  }

  async pipTapped(video: PictureInPictureTarget): Promise<void> {
    if (this.deps.pip.active()) await this.deps.pip.exit();
    else await this.deps.pip.enter(video);
    this.pipChanged(this.deps.pip.active());
  }

  // ---- what the gestures do ----

  private apply(effects: readonly GestureEffect[]): void {
    for (const effect of effects) {
      const applied = this.locked ? whileLocked(effect) : effect;
      if (applied) this.applyOne(applied);
    }
    this.scheduleTick();
  }

  private unlock(): void {
    if (!this.locked) return;
    this.locked = false;
    this.showControls(true);
  }

  private applyOne(effect: GestureEffect): void {
    switch (effect.type) {
      case 'tap':
        if (this.controlsShown) this.hideControls();
        else this.showControls(true);
        return;
      case 'double-tap':
        this.player.playTapped();
        this.showControls(true);
        return;
      case 'hold-start':
        this.hold()?.holdStarted();
        return;
      case 'hold-end':
        this.hold()?.holdEnded();
        return;
      case 'seek-preview':
        this.seekPreview = seekPreviewLabel(effect.target, this.player.duration, effect.delta);
        return;
      case 'seek':
        this.seekPreview = null;
        this.player.seekTo(effect.target);
        this.showControls(true);
        return;
      case 'seek-cancel':
        this.seekPreview = null;
        return;
      case 'brightness':
        this.brightness = effect.level;
        this.brightnessHint = brightnessLabel(effect.level);
        this.clearTimer('hintTimer');
        return;
      case 'brightness-end':
        this.clearTimer('hintTimer');
        this.hintTimer = this.deps.clock.schedule(() => this.hintGone(), HINT_LINGER_MS);
        return;
    }
  }

  private hintGone(): void {
    this.hintTimer = null;
    this.brightnessHint = null;
  }

  private pipChanged(active: boolean): void {
    this.pipActive = active;
  }

  /** Shows the controls; while playing they hide again after a while (`later`: start that while now). */
  private showControls(later: boolean): void {
    this.controlsShown = true;
    this.clearTimer('hideTimer');
    if (later && (this.player.playing || this.locked)) this.scheduleHide();
  }

  private hideControls(): void {
    this.clearTimer('hideTimer');
    this.controlsShown = false;
  }

  private scheduleHide(): void {
    this.clearTimer('hideTimer');
    this.hideTimer = this.deps.clock.schedule(() => this.autoHide(), GESTURE_RULES.controlsHideMs);
  }

  private autoHide(): void {
    this.hideTimer = null;
    if ((this.player.playing || this.locked) && !this.pinned) this.controlsShown = false;
  }

  private scheduleTick(): void {
    this.clearTimer('tickTimer');
    const deadline = this.gestures.deadline();
    if (deadline === null) return;
    const wait = Math.max(0, deadline - this.deps.clock.now());
    this.tickTimer = this.deps.clock.schedule(() => this.ticked(), wait);
  }

  private ticked(): void {
    this.tickTimer = null;
    this.apply(this.gestures.tick(this.deps.clock.now()));
  }

  private clearTimer(name: 'tickTimer' | 'hideTimer' | 'hintTimer'): void {
    const id = this[name];
    if (id !== null) this.deps.clock.cancelSchedule(id);
    this[name] = null;
  }

  private cancelTimers(): void {
    this.clearTimer('tickTimer');
    this.clearTimer('hideTimer');
    this.clearTimer('hintTimer');
  }
}

/** The gestures of one play screen: the screen hands over its player and the controls' hold intents. */
export const PlayerGesturesModel = viewModelToken<PlayerGesturesViewModel, { player: GesturePlayer; hold: () => HoldIntents | null }>('PlayerGesturesViewModel');
