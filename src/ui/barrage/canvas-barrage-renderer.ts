import { DEFAULT_BARRAGE_CONFIG, type BarrageConfig } from '../../core/playback/barrage-config.ts';
import {
  BarrageMetrics,
  chooseLane,
  fontPx,
  laneCount,
  laneFreeAt,
  lineHeightPx,
  speedPxPerSec,
  startTimeFor,
} from '../../core/playback/barrage-layout.ts';
import { BarrageLimits, compileShields, isShieldedBy, EMPTY_SHIELDS, type CompiledShields } from '../../core/playback/barrage-rules.ts';
import type { PlayerEvent } from '../playback/player-slots.ts';
import { TextImageCache, type Surface, type TextImage } from './text-image-cache.ts';

export type { Surface } from './text-image-cache.ts';

/** What the renderer draws: a barrage of the timeline, a live or own one, or the barrage ad. */
export interface Drawable {
  id: number;
  /** Seconds into the episode. */
  time: number;
  content: string;
  uid: number;
  /** Sent by the viewer: drawn with a frame. */
  own?: boolean;
  /** The barrage ad: drawn with a 广告 mark. */
  adMark?: boolean;
}

/** The timeline the renderer walks (BarrageTimeline): by time, walked without allocating. */
export interface DrawableSource<D extends Drawable> {
  firstAfter(time: number): number;
  at(index: number): D | undefined;
}

/** The part of the player the renderer follows (PlayerHandle). */
export interface RendererClock {
  currentTime(): number;
  paused(): boolean;
  playbackRate(): number;
  on(listener: (event: PlayerEvent) => void): () => void;
}

/** A barrage on screen as the accessible mirror lists it: where it is (CSS pixels from the canvas's top left). */
export interface FlyingView<D extends Drawable> {
  item: D;
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface RendererOptions<D extends Drawable> {
  /** The barrages on screen changed (at most every `mirrorIntervalMs`): for the accessible mirror. */
  onFlyingChange(flying: readonly FlyingView<D>[]): void;
  /** A barrage went on screen for the first time (the ad's view is counted once from here). */
  onShown?(item: D): void;
  /** Wall clock in ms (performance.now in the browser; a fake in tests). */
  now?: () => number;
  requestFrame?: (callback: (wallMs: number) => void) => number;
  cancelFrame?: (id: number) => void;
  devicePixelRatio?: () => number;
  /** Makes the offscreen canvases (text images, the tape) are drawn on (OffscreenCanvas where the browser has it). */
  createSurface?: (width: number, height: number) => Surface;
  /** Bytes the cached text images may hold together (width × height × 4 each, device pixels). */
  spriteBudgetBytes?: number;
  /** The same budget in device pixels (4 bytes each); spriteBudgetBytes wins when both are given. */
  spriteBudgetPx?: number;
  mirrorIntervalMs?: number;
}

/** One barrage on screen (pooled: no allocation per frame or per barrage in steady state). */
interface Flying<D extends Drawable> {
  item: D;
  /** Media time at which its left edge was at the right edge of the screen. */
  start: number;
  lane: number;
  /** CSS pixels. */
  width: number;
  /** Where it is painted on the tape: round(start × device px per second), and its width, in device pixels. */
  tapeX: number;
  tapeWidth: number;
  imageKey: string;
}

/**
 * A jump of the media clock this much (seconds) beyond what the wall time since the last frame explains, at the
 * playback rate, is a seek that no event announced: the screen starts again from there. A long frame is not one.
 */
const SEEK_JUMP_S = 1.5;
/** Interpolation of the media clock between two changes of currentTime, at most this far (seconds). */
const MAX_EXTRAPOLATION_S = 0.25;
const MAX_LANES = 256;
const OUTLINE_PX = 3;
const FONT_FAMILY = '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';
const OWN_FRAME = '#4fc3f7';
const AD_MARK = '广告';
const AD_MARK_FILL = '#ff9800';
/** Text images held at most: 32 MiB (about 300 barrage images at device pixel ratio 3). */
const DEFAULT_SPRITE_BUDGET_BYTES = 32 * 1024 * 1024;
/** Room on the tape beyond the screen for the barrage entering (CSS pixels); a wider one makes the tape wider. */
const TAPE_SLACK_CSS = 600;
/** Widths measured, kept at most (then forgotten at once; measuring again is cheap). */
const MAX_WIDTHS = 8192;
/** Texts drawn on scratch surfaces in one frame at most (the rest go straight to their cached images). */
const SCRATCH_PER_FRAME = 4;

function defaultSurface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (context) return { canvas, context };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas is not available');
  return { canvas, context };
}

function mod(value: number, by: number): number {
  const rest = value % by;
  return rest < 0 ? rest + by : rest;
}

/**
 * Draws flying barrages on a canvas in step with the player's clock: positions are a function of media time, so
 * they stop with the player, follow the playback rate and start over at a seek (of the video: a long frame is not
 * one, and what should be on screen after it is).
 *
 * Every barrage flies at the same speed, so the whole layer is one tape moving left. Each barrage is painted onto
 * the tape once, as it comes, from an image of its text shared by every barrage with the same text and style
 * (TextImageCache, bounded in bytes; a text seen for the first time is drawn on a scratch surface instead); a
 * frame copies the stretch of tape that is on screen, one or two drawImage calls whatever the number of barrages,
 * and drops what has flown out, reusing pooled records, so a frame allocates nothing. The tape is a ring
 * a little wider than the screen (device pixels): the part that has flown out on the left is cleared and reused
 * for what comes in on the right. Taking a barrage off (a shield, remove, the oldest beyond 1,000) paints its
 * stretch of its lane again from the barrages still there.
 */
export class CanvasBarrageRenderer<D extends Drawable = Drawable> {
  private readonly context: CanvasRenderingContext2D;
  private readonly opts: Required<Omit<RendererOptions<D>, 'onShown' | 'spriteBudgetPx' | 'spriteBudgetBytes'>> & Pick<RendererOptions<D>, 'onShown'>;
  private source: DrawableSource<D> | null = null;
  private player: RendererClock | null = null;
  private offPlayer: (() => void) | null = null;
  private shields: CompiledShields = compileShields(EMPTY_SHIELDS);
  private config: BarrageConfig = { ...DEFAULT_BARRAGE_CONFIG };
  private enabled = true;

  private flying: Flying<D>[] = [];
  private readonly pool: Flying<D>[] = [];
  /** Items shown at once (live, own, the ad) during this forward run: the timeline must not show them again. */
  private readonly shownNow = new Set<D>();
  private readonly laneFree = new Float64Array(MAX_LANES);
  private lanes = 0;
  private readonly widths = new Map<string, number>();
  /** The font the canvas's context measures with now (set only when it changes: setting it costs a parse). */
  private measureFont = '';
  private readonly images: TextImageCache;
  /** Keys of texts drawn once so far: a text gets an image of its own the second time it is needed. */
  private readonly seenOnce = new Set<string>();

  /** The tape: a ring `tapeWidth` device pixels wide; tape position p is at column p mod tapeWidth. */
  private tape: Surface | null = null;
  private tapeWidth = 0;
  /** The columns of tape positions [frontier - tapeWidth, frontier) hold this lap's paint; the rest is cleared before use. */
  private frontier = 0;
  /**
   * Where a text seen for the first time (or too large for the image budget) is drawn before it is copied onto the
   * tape: a few surfaces kept for reuse, each used at most once a frame (drawing again into a canvas that was just
   * copied from waits for that copy).
   */
  private readonly scratches: { surface: Surface; width: number; height: number }[] = [];
  /** Scratch surfaces used since the frame began. */
  private scratchUsed = 0;

  private cssWidth = 0;
  private cssHeight = 0;
  private dpr = 1;
  private font = '';
  private lineHeight = 0;
  /** Device pixels of a lane (and of a text image). */
  private rowHeight = 0;
  private pxPerSec = speedPxPerSec(DEFAULT_BARRAGE_CONFIG.speed);

  /** The media time the screen was last brought to. */
  private mediaTime = 0;
  private lastRaw = Number.NaN;
  private lastRawAt = 0;
  /** Wall time of the last frame drawn while playing (NaN: none since the clock started, paused or changed rate). */
  private lastFrameAt = Number.NaN;
  private frameId = 0;
  private flyingDirty = false;
  private lastMirrorAt = Number.NEGATIVE_INFINITY;
  private mirrorTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  private readonly frame = (wall: number) => this.onFrame(wall);

  constructor(
    private readonly canvas: HTMLCanvasElement,
    options: RendererOptions<D>,
  ) {
    const context = canvas.getContext('2d');
    if (!context) throw new Error('2D canvas is not available');
    this.context = context;
    this.opts = {
      onFlyingChange: options.onFlyingChange,
      onShown: options.onShown,
      now: options.now ?? (() => performance.now()),
      requestFrame: options.requestFrame ?? ((callback) => requestAnimationFrame(callback)),
      cancelFrame: options.cancelFrame ?? ((id) => cancelAnimationFrame(id)),
      devicePixelRatio: options.devicePixelRatio ?? (() => window.devicePixelRatio || 1),
      createSurface: options.createSurface ?? defaultSurface,
      mirrorIntervalMs: options.mirrorIntervalMs ?? 250,
    };
    const budget = options.spriteBudgetBytes ?? (options.spriteBudgetPx !== undefined ? options.spriteBudgetPx * 4 : DEFAULT_SPRITE_BUDGET_BYTES);
    this.images = new TextImageCache(budget, this.opts.createSurface);
    this.applyConfig(this.config);
  }

  /** The barrages of the episode (null: none yet). The screen starts again from the current time. */
  setSource(source: DrawableSource<D> | null): void {
    this.source = source;
    this.resync();
  }

  setPlayer(player: RendererClock | null): void {
    this.offPlayer?.();
    this.offPlayer = null;
    this.player = player;
    this.lastRaw = Number.NaN;
    this.lastFrameAt = Number.NaN;
    if (player) {
      this.offPlayer = player.on((event) => this.playerEvent(event));
      this.mediaTime = player.currentTime() || 0;
    }
    this.resync();
  }

  /** Blocked users and keywords: barrages on screen that match go at once, and none that match comes. */
  setShields(shields: CompiledShields): void {
    const relaxed = this.shields.keywords.some((keyword) => !shields.keywords.includes(keyword)) || [...this.shields.users].some((uid) => !shields.users.has(uid));
    this.shields = shields;
    if (relaxed) {
      // Something was unblocked: what would be flying now comes back (live ones keep their place).
      this.rebuild(true);
      this.schedule();
      return;
    }
    let write = 0;
    for (let i = 0; i < this.flying.length; i++) {
      const flying = this.flying[i] as Flying<D>;
      if (isShieldedBy(flying.item, shields)) this.release(flying);
      else this.flying[write++] = flying;
    }
    if (write !== this.flying.length) {
      this.flying.length = write;
      this.flyingDirty = true;
      this.repaintTape();
    }
    this.redraw();
  }

  setConfig(config: BarrageConfig): void {
    const before = this.config;
    this.applyConfig(config);
    if (config.size !== before.size || config.area !== before.area) {
      this.rebuild(true);
      this.schedule();
    } else if (config.speed !== before.speed) {
      // Keep every barrage where it is: the new speed applies from here.
      const oldSpeed = speedPxPerSec(before.speed);
      for (const flying of this.flying) {
        const x = this.cssWidth - (this.mediaTime - flying.start) * oldSpeed;
        flying.start = startTimeFor(this.cssWidth, x, this.mediaTime, this.pxPerSec);
      }
      for (let lane = 0; lane < this.lanes; lane++) {
        const left = (this.laneFree[lane] as number) - this.mediaTime;
        if (left > 0) this.laneFree[lane] = this.mediaTime + (left * oldSpeed) / this.pxPerSec;
      }
      this.repaintTape();
      this.redraw();
    } else {
      this.redraw();
    }
  }

  /** danmuOpen: off clears the screen and draws nothing until it is on again. */
  setEnabled(enabled: boolean): void {
    if (enabled === this.enabled) return;
    this.enabled = enabled;
    this.resync();
  }

  /** Shows a barrage now, whatever its time (one's own as sent, a live one as it arrives, the ad). */
  showNow(item: D): void {
    if (!this.enabled || this.shownNow.has(item)) return;
    this.shownNow.add(item);
    this.admit(item, this.mediaTime);
    this.redraw();
  }

  /** Takes a barrage off the screen (a send the server refused). */
  remove(id: number): void {
    for (let i = 0; i < this.flying.length; i++) {
      const flying = this.flying[i] as Flying<D>;
      if (flying.item.id !== id) continue;
      this.flying.splice(i, 1);
      this.release(flying);
      this.flyingDirty = true;
      this.repaintSpan(flying.lane, flying.tapeX, flying.tapeX + flying.tapeWidth);
      i -= 1;
    }
    if (this.flyingDirty) this.redraw();
  }

  /** The barrage under a point of the canvas (CSS pixels from its top left), the one drawn last first. */
  hitTest(x: number, y: number): D | null {
    for (let i = this.flying.length - 1; i >= 0; i--) {
      const flying = this.flying[i] as Flying<D>;
      const left = this.cssWidth - (this.mediaTime - flying.start) * this.pxPerSec;
      const top = flying.lane * this.lineHeight;
      if (x >= left && x <= left + flying.width && y >= top && y <= top + this.lineHeight) return flying.item;
    }
    return null;
  }

  /** Where a flying barrage is now (CSS pixels), or null. */
  positionOf(id: number): { x: number; y: number; width: number; height: number } | null {
    for (const flying of this.flying) {
      if (flying.item.id !== id) continue;
      return {
        x: this.cssWidth - (this.mediaTime - flying.start) * this.pxPerSec,
        y: flying.lane * this.lineHeight,
        width: flying.width,
        height: this.lineHeight,
      };
    }
    return null;
  }

  flyingCount(): number {
    return this.flying.length;
  }

  /** Bytes the cached text images hold now (at most the budget). */
  textImageBytes(): number {
    return this.images.bytes();
  }

  /** The canvas's CSS size (and the screen's pixel ratio) changed: a new backing store, lanes, tape and images. */
  resize(cssWidth: number, cssHeight: number): void {
    const dpr = Math.max(1, this.opts.devicePixelRatio());
    if (cssWidth === this.cssWidth && cssHeight === this.cssHeight && dpr === this.dpr) return;
    const heightChanged = cssHeight !== this.cssHeight;
    if (dpr !== this.dpr) this.images.clear();
    this.cssWidth = cssWidth;
    this.cssHeight = cssHeight;
    this.dpr = dpr;
    this.canvas.width = Math.max(1, Math.round(cssWidth * dpr));
    this.canvas.height = Math.max(1, Math.round(cssHeight * dpr));
    // A new backing store resets the context's state, its font with it.
    this.measureFont = '';
    this.rowHeight = Math.ceil(this.lineHeight * dpr);
    this.images.setRowHeight(this.rowHeight);
    this.lanes = Math.min(MAX_LANES, laneCount(cssHeight, this.config.area, this.lineHeight));
    this.makeTape(0);
    // Fullscreen, rotation: the lanes change, so the screen is laid out again at the same moment.
    if (heightChanged) this.rebuild(true);
    else this.repaintTape();
    this.redraw();
  }

  dispose(): void {
    this.disposed = true;
    this.offPlayer?.();
    this.offPlayer = null;
    if (this.frameId) this.opts.cancelFrame(this.frameId);
    this.frameId = 0;
    if (this.mirrorTimer !== null) clearTimeout(this.mirrorTimer);
    this.mirrorTimer = null;
    this.clearFlying();
    this.images.clear();
    this.seenOnce.clear();
    this.tape = null;
    this.scratches.length = 0;
  }

  private applyConfig(config: BarrageConfig): void {
    this.config = config;
    this.font = `500 ${fontPx(config.size)}px ${FONT_FAMILY}`;
    this.lineHeight = lineHeightPx(config.size);
    this.rowHeight = Math.ceil(this.lineHeight * this.dpr);
    this.images.setRowHeight(this.rowHeight);
    this.pxPerSec = speedPxPerSec(config.speed);
    this.lanes = Math.min(MAX_LANES, laneCount(this.cssHeight, config.area, this.lineHeight));
  }

  private playerEvent(event: PlayerEvent): void {
    if (event === 'seeking' || event === 'seeked') {
      this.lastRaw = Number.NaN;
      this.lastFrameAt = Number.NaN;
      this.mediaTime = this.player?.currentTime() ?? 0;
      this.resync();
      return;
    }
    if (event === 'play' || event === 'pause' || event === 'ratechange') {
      this.lastRaw = Number.NaN;
      this.lastFrameAt = Number.NaN;
    }
    this.schedule();
  }

  /** Media time now: currentTime, smoothed between its updates while playing, never running backwards by a hair. */
  private mediaNow(wall: number): number {
    const player = this.player;
    if (!player) return this.mediaTime;
    const raw = player.currentTime();
    if (!Number.isFinite(raw)) return this.mediaTime;
    if (raw !== this.lastRaw) {
      this.lastRaw = raw;
      this.lastRawAt = wall;
      if (raw < this.mediaTime && this.mediaTime - raw < MAX_EXTRAPOLATION_S && !player.paused()) return this.mediaTime;
      return raw;
    }
    if (player.paused()) return raw;
    const ahead = Math.min(MAX_EXTRAPOLATION_S, ((wall - this.lastRawAt) / 1000) * (player.playbackRate() || 1));
    return Math.max(this.mediaTime, raw + ahead);
  }

  private onFrame(wall: number): void {
    this.frameId = 0;
    if (this.disposed) return;
    this.scratchUsed = 0;
    const now = this.mediaNow(wall);
    const player = this.player;
    const playing = player !== null && !player.paused();
    // How far the video may have moved since the last frame: a slow frame moves it far, and that is no seek.
    const explained = playing && Number.isFinite(this.lastFrameAt) ? ((wall - this.lastFrameAt) / 1000) * Math.max(0, player.playbackRate() || 1) : 0;
    this.lastFrameAt = playing ? wall : Number.NaN;
    const jump = now - this.mediaTime;
    // Longer than a barrage's crossing (a tab back from the background): all that flew has gone, so it is laid out
    // afresh at once rather than barrage by barrage.
    const crossing = (this.cssWidth + TAPE_SLACK_CSS) / this.pxPerSec;
    if (jump < -SEEK_JUMP_S || jump > explained + SEEK_JUMP_S || jump > crossing) {
      this.mediaTime = now;
      this.rebuild();
    } else if (now > this.mediaTime) {
      const from = this.mediaTime;
      this.mediaTime = now;
      this.admitBetween(from, now);
    }
    this.draw();
    this.mirror(wall);
    if (playing && this.enabled) this.schedule();
  }

  private schedule(): void {
    if (this.frameId || this.disposed) return;
    this.frameId = this.opts.requestFrame(this.frame);
  }

  /** Draws the current state once (paused, filtered, resized…). */
  private redraw(): void {
    this.schedule();
  }

  /** Starts the screen again at the current media time: what would be flying there now is put back. */
  private resync(): void {
    if (this.player) this.mediaTime = this.player.currentTime() || 0;
    this.rebuild();
    this.schedule();
  }

  /**
   * Lays the screen out again at the current media time: the timeline's barrages that are (partly) on screen now
   * are put back. With keepLive (same moment: filters relaxed, size or area changed) the barrages shown at once
   * stay, at their place in time; otherwise (a seek, a new source) they go.
   */
  private rebuild(keepLive = false): void {
    const live: { item: D; start: number }[] = [];
    if (keepLive) for (const flying of this.flying) if (this.shownNow.has(flying.item)) live.push({ item: flying.item, start: flying.start });
    this.clearFlying();
    this.shownNow.clear();
    this.laneFree.fill(Number.NEGATIVE_INFINITY);
    this.resetTape();
    if (!this.enabled || this.cssWidth <= 0) return;
    // A barrage that started this long ago may still show its tail (admit leaves out those that have gone).
    const window = (this.cssWidth + TAPE_SLACK_CSS) / this.pxPerSec;
    if (live.length === 0) {
      if (this.source) this.admitBetween(this.mediaTime - window, this.mediaTime);
      return;
    }
    const keep = new Set(live.map((entry) => entry.item));
    const all = [...live];
    const source = this.source;
    if (source) {
      for (let index = source.firstAfter(this.mediaTime - window); ; index++) {
        const item = source.at(index);
        if (item === undefined || item.time > this.mediaTime) break;
        if (!keep.has(item)) all.push({ item, start: item.time });
      }
    }
    all.sort((a, b) => a.start - b.start);
    for (const entry of all) {
      if (keep.has(entry.item)) this.shownNow.add(entry.item);
      this.admit(entry.item, entry.start);
    }
  }

  /** Admits the timeline's barrages with from < time <= to, in time order. */
  private admitBetween(from: number, to: number): void {
    const source = this.source;
    if (!source || !this.enabled) return;
    for (let index = source.firstAfter(from); ; index++) {
      const item = source.at(index);
      if (item === undefined || item.time > to) break;
      if (this.shownNow.has(item)) continue;
      this.admit(item, item.time);
    }
  }

  /** Lays a barrage that entered at `start` out in a lane and paints it on the tape (unless it has flown out by now). */
  private admit(item: D, start: number): void {
    if (this.lanes <= 0 || isShieldedBy(item, this.shields)) return;
    const width = this.measure(item);
    const lane = chooseLane(this.laneFree, this.lanes, start);
    if (lane < 0) return;
    const freeAt = laneFreeAt(start, width, this.pxPerSec, BarrageMetrics.gapPx);
    if (freeAt > (this.laneFree[lane] as number)) this.laneFree[lane] = freeAt;
    // After a long frame or at a seek: one that has already crossed the screen keeps its lane's place, unseen.
    if (this.cssWidth - (this.mediaTime - start) * this.pxPerSec + width < 0) return;
    if (this.flying.length >= BarrageLimits.maxOnScreen) this.evictOldest();
    const flying = this.pool.pop() ?? { item, start, lane, width, tapeX: 0, tapeWidth: 0, imageKey: '' };
    flying.item = item;
    flying.start = start;
    flying.lane = lane;
    flying.width = width;
    this.place(flying);
    this.flying.push(flying);
    this.paint(flying);
    this.flyingDirty = true;
    this.opts.onShown?.(item);
  }

  /** Its place on the tape and its image's key, from its start, width and the current speed, size and pixel ratio. */
  private place(flying: Flying<D>): void {
    flying.tapeX = Math.round(flying.start * this.pxPerSec * this.dpr);
    flying.tapeWidth = Math.ceil(flying.width * this.dpr);
    flying.imageKey = this.imageKey(flying.item);
  }

  private evictOldest(): void {
    const oldest = this.flying[0];
    if (!oldest) return;
    this.release(oldest);
    this.flying.copyWithin(0, 1);
    this.flying.length -= 1;
    this.repaintSpan(oldest.lane, oldest.tapeX, oldest.tapeX + oldest.tapeWidth);
  }

  private release(flying: Flying<D>): void {
    this.pool.push(flying);
  }

  private clearFlying(): void {
    for (const flying of this.flying) this.release(flying);
    if (this.flying.length > 0) this.flyingDirty = true;
    this.flying.length = 0;
  }

  /** The tape position at the right edge of the screen now (device pixels). */
  private head(): number {
    return Math.round(this.mediaTime * this.pxPerSec * this.dpr);
  }

  private rowTop(lane: number): number {
    return Math.round(lane * this.lineHeight * this.dpr);
  }

  /** A new, empty tape: the screen plus room for the barrage coming in (at least `extra` device pixels). */
  private makeTape(extra: number): void {
    this.tape = null;
    this.tapeWidth = 0;
    if (this.cssWidth <= 0 || this.cssHeight <= 0) return;
    const width = this.canvas.width + Math.max(extra, Math.ceil(TAPE_SLACK_CSS * this.dpr));
    try {
      this.tape = this.opts.createSurface(width, this.canvas.height);
    } catch {
      return;
    }
    this.tapeWidth = width;
    this.frontier = this.head() - this.canvas.width + width;
  }

  /** Clears the whole tape: its columns all belong to the lap that starts at the screen's left edge now. */
  private resetTape(): void {
    const tape = this.tape;
    if (!tape) return;
    tape.context.setTransform(1, 0, 0, 1, 0, 0);
    tape.context.clearRect(0, 0, this.tapeWidth, this.canvas.height);
    this.frontier = this.head() - this.canvas.width + this.tapeWidth;
  }

  /** Paints every flying barrage on a clear tape again (speed, width or pixel ratio changed, several taken off). */
  private repaintTape(): void {
    if (!this.tape) return;
    this.resetTape();
    for (const flying of this.flying) this.place(flying);
    for (const flying of this.flying) this.paint(flying);
  }

  /** Paints one barrage on the tape: the part of it that the ring holds this lap. */
  private paint(flying: Flying<D>): void {
    if (!this.tape) return;
    if (flying.tapeWidth > this.tapeWidth - this.canvas.width) {
      // Wider than the room beyond the screen: a wider tape, painted again (this one included).
      this.makeTape(flying.tapeWidth * 2);
      this.repaintTape();
      return;
    }
    const end = flying.tapeX + flying.tapeWidth;
    if (end > this.frontier) this.clearTape(end);
    const from = Math.max(flying.tapeX, this.frontier - this.tapeWidth);
    if (from >= end) return;
    const image = this.imageOf(flying);
    if (image) this.copySpan(image, from - flying.tapeX, from, end - from, this.rowTop(flying.lane));
  }

  /** Paints a lane's stretch of tape [from, to) again from the barrages still flying there (one was taken off). */
  private repaintSpan(lane: number, from: number, to: number): void {
    if (!this.tape) return;
    // Only what is on screen or still to come: what has flown out on the left is never seen again.
    const start = Math.max(from, this.frontier - this.tapeWidth, this.head() - this.canvas.width);
    const end = Math.min(to, this.frontier);
    if (start >= end) return;
    const top = this.rowTop(lane);
    this.clearColumns(start, end - start, top, this.rowHeight);
    for (const flying of this.flying) {
      if (flying.lane !== lane) continue;
      const a = Math.max(flying.tapeX, start);
      const b = Math.min(flying.tapeX + flying.tapeWidth, end);
      if (a >= b) continue;
      const image = this.imageOf(flying);
      if (image) this.copySpan(image, a - flying.tapeX, a, b - a, top);
    }
  }

  /** Moves the frontier to `to`, clearing the columns it takes over (they held tape that has flown out). */
  private clearTape(to: number): void {
    const from = Math.max(this.frontier, to - this.tapeWidth);
    this.clearColumns(from, to - from, 0, this.canvas.height);
    this.frontier = to;
  }

  private clearColumns(tapeFrom: number, length: number, top: number, height: number): void {
    const context = (this.tape as Surface).context;
    const x = mod(tapeFrom, this.tapeWidth);
    const first = Math.min(length, this.tapeWidth - x);
    context.clearRect(x, top, first, height);
    if (first < length) context.clearRect(0, top, length - first, height);
  }

  /** Copies columns [sourceX, sourceX + length) of an image to tape positions from tapeFrom, in a lane at `top`. */
  private copySpan(image: TextImage, sourceX: number, tapeFrom: number, length: number, top: number): void {
    const context = (this.tape as Surface).context;
    const source = image.surface.canvas;
    const left = image.x + sourceX;
    const y = image.y;
    const height = image.height;
    const x = mod(tapeFrom, this.tapeWidth);
    const first = Math.min(length, this.tapeWidth - x);
    context.drawImage(source, left, y, first, height, x, top, first, height);
    if (first < length) context.drawImage(source, left + first, y, length - first, height, 0, top, length - first, height);
  }

  /** The barrage's text image: cached by text and style, drawn once; one the cache cannot hold is drawn on the scratch surface. */
  private imageOf(flying: Flying<D>): TextImage | null {
    const cached = this.images.get(flying.imageKey);
    if (cached) return cached;
    const width = flying.tapeWidth;
    const height = this.rowHeight;
    if (width <= 0 || height <= 0) return null;
    // A text seen once is not worth a canvas of its own (making one costs more than drawing the text): the first
    // time it is drawn on a scratch surface while one is free this frame, the next time it gets its image.
    if (!this.seenOnce.has(flying.imageKey) && this.scratchUsed < SCRATCH_PER_FRAME) {
      if (this.seenOnce.size >= MAX_WIDTHS) this.seenOnce.clear();
      this.seenOnce.add(flying.imageKey);
      return this.drawOnScratch(flying, width, height);
    }
    this.seenOnce.delete(flying.imageKey);
    const image = this.images.add(flying.imageKey, width);
    if (image) {
      this.drawInto(image, flying);
      return image;
    }
    return this.drawOnScratch(flying, width, height);
  }

  private drawOnScratch(flying: Flying<D>, width: number, height: number): TextImage | null {
    const index = Math.min(this.scratchUsed, SCRATCH_PER_FRAME - 1);
    this.scratchUsed += 1;
    let scratch = this.scratches[index];
    if (!scratch || scratch.width < width || scratch.height < height) {
      const w = Math.max(width, scratch?.width ?? 0);
      const h = Math.max(height, scratch?.height ?? 0);
      try {
        scratch = { surface: this.opts.createSurface(w, h), width: w, height: h };
      } catch {
        return null;
      }
      this.scratches[index] = scratch;
    }
    const image: TextImage = { surface: scratch.surface, x: 0, y: 0, width, height };
    image.surface.context.setTransform(1, 0, 0, 1, 0, 0);
    image.surface.context.clearRect(0, 0, width, height);
    this.drawInto(image, flying);
    return image;
  }

  private drawInto(image: TextImage, flying: Flying<D>): void {
    const context = image.surface.context;
    context.setTransform(this.dpr, 0, 0, this.dpr, image.x, image.y);
    this.textStyle(context);
    this.drawText(context, flying.item, 0, 0, flying.width);
  }

  /** A frame: drops what has flown out and copies the stretch of tape on screen (the same cost for 1 or 1,000). */
  private draw(): void {
    const context = this.context;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, this.canvas.width, this.canvas.height);
    const width = this.cssWidth;
    const speed = this.pxPerSec;
    const now = this.mediaTime;
    let write = 0;
    for (let i = 0; i < this.flying.length; i++) {
      const flying = this.flying[i] as Flying<D>;
      if (width - (now - flying.start) * speed + flying.width < 0) {
        this.release(flying);
        this.flyingDirty = true;
        continue;
      }
      this.flying[write++] = flying;
    }
    this.flying.length = write;
    const tape = this.tape;
    if (write === 0 || !tape) return;
    const screen = this.canvas.width;
    const height = this.canvas.height;
    const x = mod(this.head() - screen, this.tapeWidth);
    const first = Math.min(screen, this.tapeWidth - x);
    context.globalAlpha = this.config.opacity;
    context.drawImage(tape.canvas, x, 0, first, height, 0, 0, first, height);
    if (first < screen) context.drawImage(tape.canvas, 0, 0, screen - first, height, first, 0, screen - first, height);
    context.globalAlpha = 1;
  }

  /** Tells the mirror what is flying, at most every mirrorIntervalMs (a trailing call catches the last change). */
  private mirror(wall: number): void {
    if (!this.flyingDirty) return;
    const wait = this.lastMirrorAt + this.opts.mirrorIntervalMs - wall;
    if (wait > 0) {
      if (this.mirrorTimer === null) {
        this.mirrorTimer = setTimeout(() => {
          this.mirrorTimer = null;
          if (!this.disposed) this.mirror(this.opts.now());
        }, wait);
      }
      return;
    }
    this.flyingDirty = false;
    this.lastMirrorAt = wall;
    this.opts.onFlyingChange(
      this.flying.map((flying) => ({
        item: flying.item,
        left: Math.round(this.cssWidth - (this.mediaTime - flying.start) * this.pxPerSec),
        top: flying.lane * this.lineHeight,
        width: flying.width,
        height: this.lineHeight,
      })),
    );
  }

  private measure(item: D): number {
    const key = this.measureKey(item);
    const cached = this.widths.get(key);
    if (cached !== undefined) return cached;
    if (this.widths.size >= MAX_WIDTHS) this.widths.clear();
    // The canvas's own context measures (nothing else sets its font: a frame only copies the tape).
    const context = this.context;
    if (this.measureFont !== this.font) {
      context.font = this.font;
      this.measureFont = this.font;
    }
    let width = context.measureText(item.content).width + OUTLINE_PX * 2;
    if (item.adMark) {
      context.font = this.markFont();
      width += context.measureText(AD_MARK).width + this.markPadding() * 3;
      context.font = this.font;
    }
    if (item.own) width += this.framePadding() * 2;
    width = Math.ceil(width);
    this.widths.set(key, width);
    return width;
  }

  private measureKey(item: D): string {
    return `${this.config.size}|${item.own ? 1 : 0}|${item.adMark ? 1 : 0}|${item.content}`;
  }

  /** Text images are shared by barrages with the same text and style: size, kind (own, ad) and pixel ratio. */
  private imageKey(item: D): string {
    return `${this.dpr}|${this.measureKey(item)}`;
  }

  private textStyle(context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D): void {
    context.font = this.font;
    context.textBaseline = 'middle';
    context.lineJoin = 'round';
    context.lineWidth = OUTLINE_PX;
    context.strokeStyle = 'rgba(0, 0, 0, 0.75)';
    context.fillStyle = '#ffffff';
  }

  private markFont(): string {
    return `600 ${Math.round(fontPx(this.config.size) * 0.7)}px ${FONT_FAMILY}`;
  }

  private markPadding(): number {
    return Math.round(fontPx(this.config.size) * 0.25);
  }

  private framePadding(): number {
    return Math.round(fontPx(this.config.size) * 0.25);
  }

  /** One barrage at (x, y) in CSS pixels (the context scaled to CSS pixels and styled by textStyle). */
  private drawText(context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D, item: D, x: number, y: number, width: number): void {
    const middle = y + this.lineHeight / 2;
    let textX = x + OUTLINE_PX;
    if (item.adMark) {
      const pad = this.markPadding();
      context.font = this.markFont();
      const markWidth = context.measureText(AD_MARK).width;
      const markHeight = fontPx(this.config.size) * 0.95;
      context.fillStyle = AD_MARK_FILL;
      context.fillRect(textX, middle - markHeight / 2, markWidth + pad * 2, markHeight);
      context.fillStyle = '#ffffff';
      context.fillText(AD_MARK, textX + pad, middle);
      textX += markWidth + pad * 3;
      this.textStyle(context);
    }
    if (item.own) {
      const pad = this.framePadding();
      context.strokeStyle = OWN_FRAME;
      context.lineWidth = 1.5;
      context.strokeRect(x + 1, y + 2, width - 2, this.lineHeight - 4);
      this.textStyle(context);
      textX += pad;
    }
    context.strokeText(item.content, textX, middle);
    context.fillText(item.content, textX, middle);
  }
}
