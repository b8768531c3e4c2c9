import type { MediaEvent, MediaLevel, MediaPlayer, MediaSource } from '../../src/core/ports/media-player.ts';
import type { Unsubscribe } from '../../src/core/ports/page-visibility.ts';

/**
 * A player a test drives: it loads at once, plays when allowed, and moves only when the test says
 * (`metadata`, `advance`, `finish`, `fail`). Events follow a media element's order.
 */
export class FakeMediaPlayer implements MediaPlayer {
  /** Every source loaded, with its start time, in order. */
  readonly loads: { source: MediaSource; startAt: number }[] = [];
  /** How many times play() was called. */
  playCalls = 0;
  private readonly listeners = new Set<(event: MediaEvent) => void>();
  private loaded: MediaSource | null = null;
  private time = 0;
  private length = Number.NaN;
  private isPaused = true;
  private isEnded = false;
  private autoplayAllowed = true;
  private loadFailure: Error | null = null;
  private liveEdge: number | null = null;
  private rate = 1;
  private vol = 1;
  private offered: readonly MediaLevel[] = [];
  private chosen = -1;
  private startLevel = -1;
  private playing = -1;
  /** Whether a 'levelschange' is being heard now (a choice then is where the source starts). */
  private offering = false;
  /** Every rendition chosen after the start (index, -1 automatic), in order: each one a switch in place. */
  readonly levelSwitches: number[] = [];

  /**
   * The source's master playlist was read: these renditions, heard as 'levelschange'; the source then starts with
   * the level chosen while it was heard, else the start level, else the first.
   */
  offerLevels(levels: readonly MediaLevel[]): void {
    if (!this.loaded) return;
    this.offered = levels;
    this.offering = true;
    try {
      this.emit('levelschange');
    } finally {
      this.offering = false;
    }
    this.playing = this.chosen >= 0 ? this.chosen : this.startLevel >= 0 ? this.startLevel : levels.length > 0 ? 0 : -1;
    this.emit('levelswitch');
  }

  /** Whether play() without a user gesture is allowed (Chromium's autoplay policy may refuse it). */
  allowAutoplay(allowed: boolean): void {
    this.autoplayAllowed = allowed;
  }

  /** For a live source: where the live edge is now (seeks stop there). */
  setLiveEdge(seconds: number): void {
    this.liveEdge = seconds;
  }

  /** The next load fails with this error. */
  failNextLoad(error = new Error('load failed')): void {
    this.loadFailure = error;
  }

  async load(source: MediaSource, startAt: number): Promise<void> {
    this.loads.push({ source, startAt });
    if (this.loadFailure) {
      const error = this.loadFailure;
      this.loadFailure = null;
      throw error;
    }
    const wasPlaying = this.loaded !== null && !this.isPaused;
    this.loaded = source;
    this.time = source.live ? 0 : Math.max(0, startAt);
    this.length = source.live ? Number.POSITIVE_INFINITY : Number.NaN;
    this.isEnded = false;
    if (wasPlaying) this.isPaused = true;
    this.offered = [];
    this.chosen = -1;
    this.startLevel = -1;
    this.playing = -1;
  }

  /** The metadata arrived: the duration is known. */
  metadata(durationSeconds: number): void {
    if (!this.loaded || this.loaded.live) return;
    this.length = durationSeconds;
    this.emit('durationchange');
  }

  async play(): Promise<boolean> {
    this.playCalls++;
    if (!this.loaded || !this.autoplayAllowed) return false;
    if (!this.isPaused) return true;
    this.isPaused = false;
    if (this.isEnded) {
      this.isEnded = false;
      this.time = 0;
    }
    this.emit('play');
    this.emit('playing');
    return true;
  }

  pause(): void {
    if (this.isPaused) return;
    this.isPaused = true;
    this.emit('pause');
  }

  seek(seconds: number): void {
    if (!this.loaded || !Number.isFinite(seconds)) return;
    const max = this.loaded.live ? (this.liveEdge ?? this.time) : Number.isFinite(this.length) ? this.length : Number.POSITIVE_INFINITY;
    this.emit('seeking');
    this.time = Math.min(Math.max(0, seconds), max);
    this.isEnded = false;
    this.emit('seeked');
  }

  /** Playback moves on by seconds (only while playing), with timeupdate events; the end ends it. */
  advance(seconds: number): void {
    if (!this.loaded || this.isPaused) return;
    const end = Number.isFinite(this.length) ? this.length : Number.POSITIVE_INFINITY;
    this.time = Math.min(this.time + seconds, end);
    this.emit('timeupdate');
    if (this.time >= end) this.finish();
  }

  /** Playback reaches the end: pause, then ended. */
  finish(): void {
    if (!this.loaded || this.loaded.live) return;
    if (Number.isFinite(this.length)) this.time = this.length;
    this.isEnded = true;
    if (!this.isPaused) {
      this.isPaused = true;
      this.emit('pause');
    }
    this.emit('ended');
  }

  /** The media fails (a network or decoding error). */
  fail(): void {
    if (!this.loaded) return;
    this.isPaused = true;
    this.emit('error');
  }

  currentTime(): number {
    return this.time;
  }

  duration(): number {
    return this.loaded ? this.length : Number.NaN;
  }

  paused(): boolean {
    return this.isPaused;
  }

  ended(): boolean {
    return this.isEnded;
  }

  playbackRate(): number {
    return this.rate;
  }

  setPlaybackRate(rate: number): void {
    if (!Number.isFinite(rate) || rate <= 0 || rate === this.rate) return;
    this.rate = rate;
    this.emit('ratechange');
  }

  volume(): number {
    return this.vol;
  }

  setVolume(volume: number): void {
    const next = Math.min(1, Math.max(0, volume));
    if (!Number.isFinite(next) || next === this.vol) return;
    this.vol = next;
    this.emit('volumechange');
  }

  levels(): readonly MediaLevel[] {
    return this.offered;
  }

  level(): number {
    return this.chosen;
  }

  playingLevel(): number {
    return this.playing;
  }

  setLevel(index: number): void {
    if (!this.loaded || index < -1 || index >= this.offered.length || !Number.isInteger(index)) return;
    this.chosen = index;
    if (this.offering) return;
    this.levelSwitches.push(index);
    if (index >= 0 && index !== this.playing) {
      this.playing = index;
      this.emit('levelswitch');
    }
  }

  setStartLevel(index: number): void {
    if (this.offering && Number.isInteger(index) && index >= -1 && index < this.offered.length) this.startLevel = index;
  }

  source(): MediaSource | null {
    return this.loaded;
  }

  on(listener: (event: MediaEvent) => void): Unsubscribe {
    const own = (event: MediaEvent) => listener(event);
    this.listeners.add(own);
    return () => this.listeners.delete(own);
  }

  unload(): void {
    this.loaded = null;
    this.isPaused = true;
    this.isEnded = false;
    this.time = 0;
    this.length = Number.NaN;
    this.offered = [];
    this.chosen = -1;
    this.playing = -1;
  }

  private emit(event: MediaEvent): void {
    if (!this.loaded) return;
    for (const listener of [...this.listeners]) listener(event);
  }
}
