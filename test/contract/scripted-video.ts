import type { MediaElement } from '../../adapters/media-player/html-media-player.ts';

/**
 * A <video> element as a browser runs it, scripted: a new src resets it, the metadata sets the duration, play()
 * is refused without a gesture when autoplay is blocked, the end pauses then ends, events in a browser's order.
 */
export class ScriptedVideo implements MediaElement {
  duration = Number.NaN;
  paused = true;
  ended = false;
  defaultPlaybackRate = 1;
  refusing = false;
  liveEdge: number | null = null;
  hlsAnswer = 'maybe';
  private time = 0;
  private rate = 1;
  private vol = 1;
  private source = '';
  private readonly listeners = new Map<string, Set<() => void>>();

  get src(): string {
    return this.source;
  }

  set src(value: string) {
    this.source = value;
    this.reset();
  }

  get playbackRate(): number {
    return this.rate;
  }

  set playbackRate(value: number) {
    if (value === this.rate) return;
    this.rate = value;
    this.dispatch('ratechange');
  }

  get volume(): number {
    return this.vol;
  }

  set volume(value: number) {
    if (value < 0 || value > 1) throw new DOMException('volume out of range', 'IndexSizeError');
    if (value === this.vol) return;
    this.vol = value;
    this.dispatch('volumechange');
  }

  get currentTime(): number {
    return this.time;
  }

  set currentTime(value: number) {
    this.dispatch('seeking');
    const end = this.liveEdge ?? (Number.isFinite(this.duration) ? this.duration : Number.POSITIVE_INFINITY);
    this.time = Math.min(Math.max(0, value), end);
    this.ended = false;
    this.dispatch('seeked');
  }

  get seekable(): { length: number; end(index: number): number } {
    const end = this.liveEdge ?? this.duration;
    return Number.isFinite(end) ? { length: 1, end: () => end } : { length: 0, end: () => 0 };
  }

  canPlayType(type: string): string {
    return type === 'application/vnd.apple.mpegurl' ? this.hlsAnswer : 'maybe';
  }

  async play(): Promise<void> {
    if (this.source === '') throw new DOMException('no source', 'NotSupportedError');
    if (this.refusing) throw new DOMException('play() failed because the user didn’t interact', 'NotAllowedError');
    if (!this.paused) return;
    this.paused = false;
    if (this.ended) {
      this.ended = false;
      this.time = 0;
    }
    this.dispatch('play');
    this.dispatch('playing');
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.dispatch('pause');
  }

  load(): void {
    this.reset();
  }

  removeAttribute(name: string): void {
    if (name === 'src') this.source = '';
  }

  addEventListener(type: string, listener: () => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: () => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  metadata(duration: number): void {
    this.duration = duration;
    this.dispatch('durationchange');
    this.dispatch('loadedmetadata');
  }

  advance(seconds: number): void {
    if (this.paused || this.source === '') return;
    this.time = Math.min(this.time + seconds, Number.isFinite(this.duration) ? this.duration : Number.POSITIVE_INFINITY);
    this.dispatch('timeupdate');
    if (this.time >= this.duration) this.finish();
  }

  finish(): void {
    if (Number.isFinite(this.duration)) this.time = this.duration;
    this.ended = true;
    if (!this.paused) {
      this.paused = true;
      this.dispatch('pause');
    }
    this.dispatch('ended');
  }

  dispatch(type: string): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener();
  }

  private reset(): void {
    // The load algorithm: the rate back to the default one.
    this.playbackRate = this.defaultPlaybackRate;
    this.duration = this.source.includes('/live/') ? Number.POSITIVE_INFINITY : Number.NaN;
    this.time = 0;
    this.paused = true;
    this.ended = false;
  }
}
