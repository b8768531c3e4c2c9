import type { MediaEvent, MediaLevel, MediaPlayer, MediaSource } from '../../src/core/ports/media-player.ts';
import type { Unsubscribe } from '../../src/core/ports/page-visibility.ts';

/** The parts of an HTMLVideoElement the player uses. */
export interface MediaElement {
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly ended: boolean;
  playbackRate: number;
  defaultPlaybackRate: number;
  volume: number;
  readonly seekable: { readonly length: number; end(index: number): number };
  canPlayType(type: string): string;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** The hls.js event data the player reads (ERROR's fatal and type; LEVEL_SWITCHED's level). */
export interface HlsErrorData {
  fatal: boolean;
  type: string;
  level?: number;
}

/** A rendition as hls.js lists it (sorted by height, then bandwidth: the first is the lowest). */
export interface HlsLevel {
  height: number;
  bitrate: number;
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
  readonly levels: readonly HlsLevel[];
  /** The rendition playing (-1 before); hls.js's setter switches at once, flushing the buffer. */
  readonly currentLevel: number;
  /** Switches as soon as it can without interrupting playback (-1: automatic). */
  nextLevel: number;
  /** The rendition the first segment comes from (-1: automatic). */
  startLevel: number;
  /** The chosen rendition for what loads next, without a switch (-1: automatic). */
  loadLevel: number;
}

/** hls.js's class as the player uses it (the module's default export). */
export interface HlsClass {
  new (config: Record<string, unknown>): HlsInstance;
  isSupported(): boolean;
  readonly Events: { readonly ERROR: string; readonly MANIFEST_PARSED: string; readonly LEVEL_SWITCHED: string };
  readonly ErrorTypes: { readonly NETWORK_ERROR: string; readonly MEDIA_ERROR: string };
}

export interface HtmlMediaPlayerOptions {
  /** Loads hls.js (a dynamic import: it is fetched only when an HLS source needs it). */
  loadHls?: () => Promise<HlsClass>;
  /** Whether the page has the standard Media Source Extensions (window.MediaSource). */
  hasMediaSource?: boolean;
  /** Reads a playlist's text (native HLS: the master playlist's renditions); fetch by default. */
  fetchText?: (url: string) => Promise<string>;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

const ELEMENT_EVENTS: readonly MediaEvent[] = ['play', 'playing', 'pause', 'seeking', 'seeked', 'timeupdate', 'durationchange', 'ended', 'ratechange', 'waiting', 'volumechange', 'error'];

/** What a native switch of rendition (a new src) says that is not news to the listeners: the old src's end and the new one's start. */
const QUIET_WHILE_SWITCHING: ReadonlySet<MediaEvent> = new Set<MediaEvent>(['play', 'playing', 'pause', 'seeking', 'seeked', 'timeupdate', 'durationchange', 'waiting']);

/** A native rendition: its level and the URL of its media playlist. */
interface NativeLevel extends MediaLevel {
  url: string;
}

/** The renditions of an HLS master playlist (#EXT-X-STREAM-INF with BANDWIDTH and RESOLUTION), their URLs resolved. */
export function parseMasterPlaylist(text: string, masterUrl: string, base: string): NativeLevel[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const levels: NativeLevel[] = [];
  lines.forEach((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const uri = lines.slice(index + 1).find((next) => next !== '' && !next.startsWith('#'));
    if (!uri) return;
    const bandwidth = Number(/(?:^|[:,])BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
    const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)?.[1] ?? 0);
    let url: string;
    try {
      url = new URL(uri, new URL(masterUrl, base)).href;
    } catch {
      return;
    }
    levels.push({ height, bandwidth, url });
  });
  return levels;
}

const fetchPlaylist = async (url: string): Promise<string> => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`playlist ${response.status}`);
  return response.text();
};

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
  private readonly fetchText: (url: string) => Promise<string>;
  private offered: readonly MediaLevel[] = [];
  /** Native HLS: the renditions' media playlists (hls.js keeps its own). */
  private nativeLevels: readonly NativeLevel[] = [];
  private chosen = -1;
  /** The native rendition playing (-1: the master playlist, Safari's own choice). */
  private nativePlaying = -1;
  /** A 'levelschange' is being heard: a choice now is where the source starts. */
  private offering = false;
  /** Native HLS is changing src to another rendition: whether it was paused then (null: no switch). */
  private switchingFromPaused: boolean | null = null;

  constructor(
    private readonly video: MediaElement,
    options: HtmlMediaPlayerOptions = {},
  ) {
    this.loadHls = options.loadHls ?? loadHlsJs;
    this.hasMediaSource = options.hasMediaSource ?? (typeof window !== 'undefined' && 'MediaSource' in window);
    this.fetchText = options.fetchText ?? fetchPlaylist;
    for (const type of ELEMENT_EVENTS) video.addEventListener(type, () => this.heard(type));
    video.addEventListener('loadedmetadata', () => this.applyStart());
  }

  async load(source: MediaSource, startAt: number): Promise<void> {
    const load = ++this.loads;
    this.teardown();
    this.loaded = source;
    this.recoveries = 0;
    const start = source.live ? 0 : Math.max(0, startAt);
    if (source.kind === 'mp4') {
      this.pendingStart = start > 0 ? start : null;
      this.video.src = source.url;
      return;
    }
    if (this.playsHlsNatively()) return this.loadNatively(source, start, load);
    const Hls = await this.loadHls();
    if (load !== this.loads) return;
    if (!Hls.isSupported()) {
      if (this.video.canPlayType(HLS_TYPE) === '') throw new Error('HLS is not supported here');
      return this.loadNatively(source, start, load);
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
    hls.on(Hls.Events.MANIFEST_PARSED, () => {
      if (this.hls !== hls) return;
      this.offerLevels(hls.levels.map((level) => ({ height: level.height || 0, bandwidth: level.bitrate || 0 })));
    });
    hls.on(Hls.Events.LEVEL_SWITCHED, () => {
      if (this.hls === hls) this.emit('levelswitch');
    });
    hls.loadSource(source.url);
    hls.attachMedia(this.video);
  }

  /**
   * Native HLS (iPhone Safari): it has no API to choose a rendition, so the master playlist is read here; a
   * rendition chosen plays its own media playlist (a new src at the same time), 自动 the master (Safari's choice).
   */
  private async loadNatively(source: MediaSource, start: number, load: number): Promise<void> {
    if (!source.live) {
      const base = typeof window !== 'undefined' ? window.location.href : 'http://localhost/';
      const levels = await this.fetchText(source.url).then(
        (text) => parseMasterPlaylist(text, source.url, base),
        (): NativeLevel[] => [],
      );
      if (load !== this.loads) return;
      this.nativeLevels = levels;
      if (levels.length > 1) this.offerLevels(levels.map(({ height, bandwidth }) => ({ height, bandwidth })));
    }
    this.pendingStart = start > 0 ? start : null;
    const chosen = this.nativeLevels[this.chosen];
    this.nativePlaying = chosen ? this.chosen : -1;
    this.video.src = chosen ? chosen.url : source.url;
  }

  async play(): Promise<boolean> {
    if (!this.loaded) return false;
    if (this.switchingFromPaused !== null) {
      // Switching rendition natively: it plays once the new src has its metadata.
      if (this.switchingFromPaused) {
        this.switchingFromPaused = false;
        this.emit('play');
      }
      return true;
    }
    try {
      await this.video.play();
      return true;
    } catch {
      return false;
    }
  }

  pause(): void {
    if (this.switchingFromPaused === false) {
      // Switching rendition natively: it stays paused once the new src has its metadata.
      this.switchingFromPaused = true;
      this.emit('pause');
    }
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
    return this.switchingFromPaused ?? this.video.paused;
  }

  ended(): boolean {
    return this.video.ended;
  }

  playbackRate(): number {
    return this.video.playbackRate;
  }

  setPlaybackRate(rate: number): void {
    if (!Number.isFinite(rate) || rate <= 0) return;
    // The default rate survives a new src (the load algorithm resets the rate to it).
    this.video.defaultPlaybackRate = rate;
    this.video.playbackRate = rate;
  }

  volume(): number {
    return this.video.volume;
  }

  setVolume(volume: number): void {
    if (!Number.isFinite(volume)) return;
    this.video.volume = Math.min(1, Math.max(0, volume));
  }

  levels(): readonly MediaLevel[] {
    return this.offered;
  }

  level(): number {
    return this.chosen;
  }

  playingLevel(): number {
    if (this.hls) return this.hls.currentLevel;
    return this.nativeLevels.length > 0 ? this.nativePlaying : -1;
  }

  setLevel(index: number): void {
    if (!this.loaded || !Number.isInteger(index) || index < -1 || index >= this.offered.length) return;
    const before = this.chosen;
    this.chosen = index;
    const hls = this.hls;
    if (hls) {
      if (this.offering) {
        if (index >= 0) hls.startLevel = index;
        hls.loadLevel = index;
      } else if (index !== before) {
        hls.nextLevel = index;
      }
      return;
    }
    // Native: before the start the src is not set yet (loadNatively picks it); after, a new src at the same time.
    if (!this.offering && index !== before) this.switchNatively(index);
  }

  setStartLevel(index: number): void {
    if (!this.offering || !this.hls || !Number.isInteger(index) || index < -1 || index >= this.offered.length) return;
    this.hls.startLevel = index;
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

  private offerLevels(levels: readonly MediaLevel[]): void {
    this.offered = levels;
    this.offering = true;
    try {
      this.emit('levelschange');
    } finally {
      this.offering = false;
    }
  }

  /** Native HLS: the chosen rendition's media playlist (or the master for 自动) from the same time, playing if it played. */
  private switchNatively(index: number): void {
    const source = this.loaded;
    if (!source) return;
    const level = this.nativeLevels[index];
    const url = level ? level.url : source.url;
    const time = this.currentTime();
    this.switchingFromPaused = this.switchingFromPaused ?? this.video.paused;
    this.nativePlaying = level ? index : -1;
    this.video.src = url;
    this.pendingStart = time > 0 ? time : null;
    if (this.pendingStart === null) this.applyStart();
    this.emit('levelswitch');
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
    const wasPaused = this.switchingFromPaused;
    if (wasPaused === null) return;
    this.switchingFromPaused = null;
    if (!wasPaused) void this.video.play().catch(() => this.emit('pause'));
  }

  private heard(event: MediaEvent): void {
    if (this.switchingFromPaused !== null && QUIET_WHILE_SWITCHING.has(event)) return;
    this.emit(event);
  }

  private teardown(): void {
    this.pendingStart = null;
    this.switchingFromPaused = null;
    this.offered = [];
    this.nativeLevels = [];
    this.nativePlaying = -1;
    this.chosen = -1;
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
