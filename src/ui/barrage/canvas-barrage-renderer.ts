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
  /** Makes the canvases sprites are drawn on (OffscreenCanvas where the browser has it). */
  createSurface?: (width: number, height: number) => Surface;
  /** Pixels all cached sprites may hold together (device pixels). */
  spriteBudgetPx?: number;
  mirrorIntervalMs?: number;
}

/** A drawing surface for a sprite: a canvas (on screen or offscreen) with a 2D context. */
export interface Surface {
  readonly canvas: CanvasImageSource;
  readonly context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
}

interface Sprite {
  surface: Surface;
  /** Device pixels. */
  width: number;
  height: number;
  /** Flying barrages drawing it (0: it may be evicted). */
  users: number;
}

/** One barrage on screen (pooled: no allocation per frame or per barrage in steady state). */
interface Flying<D extends Drawable> {
  item: D;
  /** Media time at which its left edge was at the right edge of the screen. */
  start: number;
  lane: number;
  /** CSS pixels. */
  width: number;
  sprite: Sprite | null;
  spriteKey: string;
}

/** A jump of the media clock larger than this (seconds) is a seek: the screen starts again from there. */
const SEEK_JUMP_S = 1.5;
/** Interpolation of the media clock between two changes of currentTime, at most this far (seconds). */
const MAX_EXTRAPOLATION_S = 0.25;
const MAX_LANES = 256;
const OUTLINE_PX = 3;
const FONT_FAMILY = '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';
const OWN_FRAME = '#4fc3f7';
const AD_MARK = '广告';
const AD_MARK_FILL = '#ff9800';

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

/**
 * Draws flying barrages on a canvas in step with the player's clock: positions are a function of media time, so
 * they stop with the player, follow the playback rate and start over at a seek. Text is measured once and drawn
 * once into a cached sprite per text; a frame only clears, copies sprites and drops what has left, reusing pooled
 * records, so 1,000 barrages on screen cost 1,000 drawImage calls and no garbage.
 */
export class CanvasBarrageRenderer<D extends Drawable = Drawable> {
  private readonly context: CanvasRenderingContext2D;
  private readonly opts: Required<Omit<RendererOptions<D>, 'onShown'>> & Pick<RendererOptions<D>, 'onShown'>;
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
  private readonly sprites = new Map<string, Sprite>();
  private spritePx = 0;

  private cssWidth = 0;
  private cssHeight = 0;
  private dpr = 1;
  private font = '';
  private lineHeight = 0;
  private pxPerSec = speedPxPerSec(DEFAULT_BARRAGE_CONFIG.speed);

  /** The media time the screen was last brought to. */
  private mediaTime = 0;
  private lastRaw = Number.NaN;
  private lastRawAt = 0;
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
      spriteBudgetPx: options.spriteBudgetPx ?? 16_000_000,
      mirrorIntervalMs: options.mirrorIntervalMs ?? 250,
    };
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
    let write = 0;
    for (let i = 0; i < this.flying.length; i++) {
      const flying = this.flying[i] as Flying<D>;
      if (flying.item.id === id) this.release(flying);
      else this.flying[write++] = flying;
    }
    if (write !== this.flying.length) {
      this.flying.length = write;
      this.flyingDirty = true;
      this.redraw();
    }
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

  /** The canvas's CSS size (and the screen's pixel ratio) changed: a new backing store, lanes and sprites. */
  resize(cssWidth: number, cssHeight: number): void {
    const dpr = Math.max(1, this.opts.devicePixelRatio());
    if (cssWidth === this.cssWidth && cssHeight === this.cssHeight && dpr === this.dpr) return;
    const heightChanged = cssHeight !== this.cssHeight;
    if (dpr !== this.dpr) this.dropSprites();
    this.cssWidth = cssWidth;
    this.cssHeight = cssHeight;
    this.dpr = dpr;
    this.canvas.width = Math.max(1, Math.round(cssWidth * dpr));
    this.canvas.height = Math.max(1, Math.round(cssHeight * dpr));
    this.lanes = Math.min(MAX_LANES, laneCount(cssHeight, this.config.area, this.lineHeight));
    // Fullscreen, rotation: the lanes change, so the screen is laid out again at the same moment.
    if (heightChanged) this.rebuild(true);
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
    this.dropSprites();
  }

  private applyConfig(config: BarrageConfig): void {
    this.config = config;
    this.font = `500 ${fontPx(config.size)}px ${FONT_FAMILY}`;
    this.lineHeight = lineHeightPx(config.size);
    this.pxPerSec = speedPxPerSec(config.speed);
    this.lanes = Math.min(MAX_LANES, laneCount(this.cssHeight, config.area, this.lineHeight));
  }

  private playerEvent(event: PlayerEvent): void {
    if (event === 'seeking' || event === 'seeked') {
      this.lastRaw = Number.NaN;
      this.mediaTime = this.player?.currentTime() ?? 0;
      this.resync();
      return;
    }
    if (event === 'play' || event === 'ratechange') {
      this.lastRaw = Number.NaN;
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
    const now = this.mediaNow(wall);
    if (now < this.mediaTime - SEEK_JUMP_S || now > this.mediaTime + SEEK_JUMP_S) {
      this.mediaTime = now;
      this.rebuild();
    } else if (now > this.mediaTime) {
      this.admitBetween(this.mediaTime, now);
      this.mediaTime = now;
    }
    this.draw();
    this.mirror(wall);
    if (this.player && !this.player.paused() && this.enabled) this.schedule();
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
   * Lays the screen out again at the current media time: the timeline's barrages that started up to one screen
   * width ago are (partly) on screen. With keepLive (same moment: filters relaxed, size or area changed) the
   * barrages shown at once stay, at their place in time; otherwise (a seek, a new source) they go.
   */
  private rebuild(keepLive = false): void {
    const live: { item: D; start: number }[] = [];
    if (keepLive) for (const flying of this.flying) if (this.shownNow.has(flying.item)) live.push({ item: flying.item, start: flying.start });
    this.clearFlying();
    this.shownNow.clear();
    this.laneFree.fill(Number.NEGATIVE_INFINITY);
    if (!this.enabled || this.cssWidth <= 0) return;
    const window = this.cssWidth / this.pxPerSec;
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

  private admit(item: D, start: number): void {
    if (this.lanes <= 0 || isShieldedBy(item, this.shields)) return;
    const width = this.measure(item);
    const lane = chooseLane(this.laneFree, this.lanes, start);
    if (lane < 0) return;
    const freeAt = laneFreeAt(start, width, this.pxPerSec, BarrageMetrics.gapPx);
    if (freeAt > (this.laneFree[lane] as number)) this.laneFree[lane] = freeAt;
    if (this.flying.length >= BarrageLimits.maxOnScreen) this.evictOldest();
    const flying = this.pool.pop() ?? { item, start, lane, width, sprite: null, spriteKey: '' };
    flying.item = item;
    flying.start = start;
    flying.lane = lane;
    flying.width = width;
    flying.spriteKey = this.spriteKey(item);
    flying.sprite = this.spriteFor(flying);
    this.flying.push(flying);
    this.flyingDirty = true;
    this.opts.onShown?.(item);
  }

  private evictOldest(): void {
    const oldest = this.flying[0];
    if (!oldest) return;
    this.release(oldest);
    this.flying.copyWithin(0, 1);
    this.flying.length -= 1;
  }

  private release(flying: Flying<D>): void {
    if (flying.sprite) flying.sprite.users -= 1;
    flying.sprite = null;
    this.pool.push(flying);
  }

  private clearFlying(): void {
    for (const flying of this.flying) this.release(flying);
    if (this.flying.length > 0) this.flyingDirty = true;
    this.flying.length = 0;
  }

  private draw(): void {
    const context = this.context;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, this.canvas.width, this.canvas.height);
    if (this.flying.length === 0) return;
    context.globalAlpha = this.config.opacity;
    const dpr = this.dpr;
    const width = this.cssWidth;
    const speed = this.pxPerSec;
    const now = this.mediaTime;
    // Sprites are copied in device pixels (identity transform); a barrage without a sprite (over the budget) is
    // drawn as text in CSS pixels. The transform only changes when the kind changes.
    let scaled = false;
    let write = 0;
    for (let i = 0; i < this.flying.length; i++) {
      const flying = this.flying[i] as Flying<D>;
      const x = width - (now - flying.start) * speed;
      if (x + flying.width < 0) {
        this.release(flying);
        this.flyingDirty = true;
        continue;
      }
      this.flying[write++] = flying;
      if (x >= width) continue;
      const y = flying.lane * this.lineHeight;
      const sprite = flying.sprite;
      if (sprite) {
        if (scaled) {
          scaled = false;
          context.setTransform(1, 0, 0, 1, 0, 0);
        }
        context.drawImage(sprite.surface.canvas, Math.round(x * dpr), Math.round(y * dpr));
      } else {
        if (!scaled) {
          scaled = true;
          context.setTransform(dpr, 0, 0, dpr, 0, 0);
          this.textStyle(context);
        }
        this.drawText(context, flying.item, x, y, flying.width);
      }
    }
    this.flying.length = write;
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
    const context = this.context;
    context.save();
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.font = this.font;
    let width = context.measureText(item.content).width + OUTLINE_PX * 2;
    if (item.adMark) {
      context.font = this.markFont();
      width += context.measureText(AD_MARK).width + this.markPadding() * 3;
    }
    if (item.own) width += this.framePadding() * 2;
    context.restore();
    width = Math.ceil(width);
    this.widths.set(key, width);
    return width;
  }

  private measureKey(item: D): string {
    return `${this.config.size}|${item.own ? 1 : 0}|${item.adMark ? 1 : 0}|${item.content}`;
  }

  private spriteKey(item: D): string {
    return `${this.dpr}|${this.measureKey(item)}`;
  }

  private spriteFor(flying: Flying<D>): Sprite | null {
    const existing = this.sprites.get(flying.spriteKey);
    if (existing) {
      existing.users += 1;
      // Most recently used last, so eviction takes the oldest first.
      this.sprites.delete(flying.spriteKey);
      this.sprites.set(flying.spriteKey, existing);
      return existing;
    }
    const width = Math.ceil(flying.width * this.dpr);
    const height = Math.ceil(this.lineHeight * this.dpr);
    const pixels = width * height;
    if (this.spritePx + pixels > this.opts.spriteBudgetPx) this.evictSprites(pixels);
    if (this.spritePx + pixels > this.opts.spriteBudgetPx) return null;
    let surface: Surface;
    try {
      surface = this.opts.createSurface(width, height);
    } catch {
      return null;
    }
    const context = surface.context;
    context.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    this.textStyle(context);
    this.drawText(context, flying.item, 0, 0, flying.width);
    const sprite: Sprite = { surface, width, height, users: 1 };
    this.sprites.set(flying.spriteKey, sprite);
    this.spritePx += pixels;
    return sprite;
  }

  private evictSprites(needed: number): void {
    for (const [key, sprite] of this.sprites) {
      if (this.spritePx + needed <= this.opts.spriteBudgetPx) return;
      if (sprite.users > 0) continue;
      this.sprites.delete(key);
      this.spritePx -= sprite.width * sprite.height;
    }
  }

  private dropSprites(): void {
    for (const flying of this.flying) flying.sprite = null;
    for (const flying of this.pool) flying.sprite = null;
    this.sprites.clear();
    this.spritePx = 0;
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
