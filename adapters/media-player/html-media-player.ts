import type { MediaEvent, MediaPlayer, MediaSource } from '../../src/core/ports/media-player.ts';
import type { Unsubscribe } from '../../src/core/ports/page-visibility.ts';

/** The parts of an HTMLVideoElement the player uses. */
export interface MediaElement {
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly ended: boolean;
  readonly playbackRate: number;
  readonly seekable: { readonly length: number; end(index: number): number };
  canPlayType(type: string): string;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** The hls.js error data the player reads. */
export interface HlsErrorData {
  fatal: boolean;
  type: string;
}

/** The part of an hls.js instance the player uses. */
export interface HlsInstance {
  loadSource(url: string): void;
  attachMedia(media: MediaElement): void;
  on(event: string, listener: (event: string, data: HlsErrorData) => void): void;
  recoverMediaError(): void;
  startLoad(startPosition?: number): void;
  destroy(): void;
  readonly liveSyncPosition: number | null;
}

/** hls.js's class as the player uses it (the module's default export). */
export interface HlsClass {
  new (config: Record<string, unknown>): HlsInstance;
  isSupported(): boolean;
  readonly Events: { readonly ERROR: string };
  readonly ErrorTypes: { readonly NETWORK_ERROR: string; readonly MEDIA_ERROR: string };
}

export interface HtmlMediaPlayerOptions {
  /** Loads hls.js (a dynamic import: it is fetched only when an HLS source needs it). */
  loadHls?: () => Promise<HlsClass>;
  /** Whether the page has the standard Media Source Extensions (window.MediaSource). */
  hasMediaSource?: boolean;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

const ELEMENT_EVENTS: readonly MediaEvent[] = ['play', 'playing', 'pause', 'seeking', 'seeked', 'timeupdate', 'durationchange', 'ended', 'ratechange', 'waiting', 'error'];

/** hls.js settings: the live edge kept 3 segments away, caught up past 10, live duration Infinity. */
export const HLS_CONFIG = {
  liveSyncDurationCount: 3,
  liveMaxLatencyDurationCount: 10,
  liveDurationInfinity: true,
  backBufferLength: 30,
  enableWorker: false,
  lowLatencyMode: false,
} as const;

/** How often a fatal hls.js error is recovered before the player reports the error. */
const MAX_RECOVERIES = 2;

const loadHlsJs = (): Promise<HlsClass> => import('hls.js/light').then((module) => module.default as unknown as HlsClass);

/**
 * A <video> element playing one source: MP4 natively (the browser makes the range requests), HLS natively where
 * the browser is Apple's own HLS player (canPlayType says so and the standard MediaSource is absent: iPhone
 * Safari), else through hls.js, loaded on first need. Live streams start at the live edge and cannot be sought
 * past it.
 */
export class HtmlMediaPlayer implements MediaPlayer {
  private readonly listeners = new Set<(event: MediaEvent) => void>();
  private readonly loadHls: () => Promise<HlsClass>;
  private readonly hasMediaSource: boolean;
  private loaded: MediaSource | null = null;
  private hls: HlsInstance | null = null;
  /** The start time waiting for the metadata (native playback). */
  private pendingStart: number | null = null;
  private loads = 0;
  private recoveries = 0;

  constructor(
    private readonly video: MediaElement,
    options: HtmlMediaPlayerOptions = {},
  ) {
    this.loadHls = options.loadHls ?? loadHlsJs;
    this.hasMediaSource = options.hasMediaSource ?? (typeof window !== 'undefined' && 'MediaSource' in window);
    for (const type of ELEMENT_EVENTS) video.addEventListener(type, () => this.emit(type));
    video.addEventListener('loadedmetadata', () => this.applyStart());
  }

  async load(source: MediaSource, startAt: number): Promise<void> {
    const load = ++this.loads;
    this.teardown();
    this.loaded = source;
    this.recoveries = 0;
    const start = source.live ? 0 : Math.max(0, startAt);
    if (source.kind === 'mp4' || this.playsHlsNatively()) {
      this.pendingStart = start > 0 ? start : null;
      this.video.src = source.url;
      return;
    }
    const Hls = await this.loadHls();
    if (load !== this.loads) return;
    if (!Hls.isSupported()) {
      if (this.video.canPlayType(HLS_TYPE) === '') throw new Error('HLS is not supported here');
      this.pendingStart = start > 0 ? start : null;
      this.video.src = source.url;
      return;
    }
    const hls = new Hls({ ...HLS_CONFIG, startPosition: source.live ? -1 : start });
    this.hls = hls;
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal || this.hls !== hls) return;
      if (this.recoveries < MAX_RECOVERIES && data.type === Hls.ErrorTypes.MEDIA_ERROR) {
        this.recoveries++;
        hls.recoverMediaError();
      } else if (this.recoveries < MAX_RECOVERIES && data.type === Hls.ErrorTypes.NETWORK_ERROR) {
        this.recoveries++;
        hls.startLoad();
      } else {
        this.emit('error');
      }
    });
    hls.loadSource(source.url);
    hls.attachMedia(this.video);
  }

  async play(): Promise<boolean> {
    if (!this.loaded) return false;
    try {
      await this.video.play();
      return true;
    } catch {
      return false;
    }
  }

  pause(): void {
    this.video.pause();
  }

  seek(seconds: number): void {
    if (!this.loaded || !Number.isFinite(seconds)) return;
    if (this.loaded.live) {
      const edge = this.liveEdge();
      this.video.currentTime = edge === null ? this.video.currentTime : Math.min(Math.max(0, seconds), edge);
      return;
    }
    const duration = this.video.duration;
    const time = Math.max(0, Number.isFinite(duration) && duration > 0 ? Math.min(seconds, duration) : seconds);
    if (this.pendingStart !== null) this.pendingStart = time;
    else this.video.currentTime = time;
  }

  currentTime(): number {
    return this.pendingStart ?? this.video.currentTime;
  }

  duration(): number {
    if (this.loaded?.live) return Number.POSITIVE_INFINITY;
    return this.loaded ? this.video.duration : Number.NaN;
  }

  paused(): boolean {
    return this.video.paused;
  }

  ended(): boolean {
    return this.video.ended;
  }

  playbackRate(): number {
    return this.video.playbackRate;
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
    this.loads++;
    this.teardown();
    this.loaded = null;
  }

  /** Apple's own HLS player: canPlayType says HLS and there is no standard MediaSource for hls.js (iPhone). */
  private playsHlsNatively(): boolean {
    return this.video.canPlayType(HLS_TYPE) !== '' && !this.hasMediaSource;
  }

  /** The furthest a live stream may be sought to: hls.js's live sync position, else the end of what is seekable. */
  private liveEdge(): number | null {
    if (this.hls?.liveSyncPosition !== null && this.hls?.liveSyncPosition !== undefined) return this.hls.liveSyncPosition;
    const seekable = this.video.seekable;
    return seekable.length > 0 ? seekable.end(seekable.length - 1) : null;
  }

  private applyStart(): void {
    const start = this.pendingStart;
    this.pendingStart = null;
    if (start !== null && start > 0) this.video.currentTime = start;
  }

  private teardown(): void {
    this.pendingStart = null;
    if (this.hls) {
      this.hls.destroy();
      this.hls = null;
    }
    if (this.video.src || this.loaded) {
      this.video.removeAttribute('src');
      this.video.load();
    }
  }

  private emit(event: MediaEvent): void {
    if (!this.loaded) return;
    for (const listener of [...this.listeners]) listener(event);
  }
}
