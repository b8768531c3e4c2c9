import { DEFAULT_BARRAGE_CONFIG, type BarrageConfig } from '../../core/playback/barrage-config.ts';
import { BarrageMetrics, chooseLane, laneCount, laneFreeAt, speedPxPerSec, startTimeFor } from '../../core/playback/barrage-layout.ts';
import { filterTightened, hides, noFilter, type ViewerFilter } from '../../core/playback/barrage-filters.ts';
import { BarrageLimits, type CompiledShields } from '../../core/playback/barrage-rules.ts';
import type { PlayerEvent } from '../common/player-slots.ts';
import { leftOf, type BarrageGeometry, type Drawable, type DrawableSource, type Flying, type FlyingView, type RendererClock } from './barrage-drawable.ts';
import { barrageAt, flyingViews, placeOf } from './barrage-hits.ts';
import { MediaClockFollower } from './barrage-media-clock.ts';
import { PinnedLayer, isPinned } from './barrage-pinned.ts';
import { BarrageTape, TAPE_SLACK_CSS } from './barrage-tape.ts';
import { BarrageTextPainter } from './barrage-text.ts';
import type { Surface } from './text-image-cache.ts';

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

const MAX_LANES = 256;
/** Text images held at most: 32 MiB (about 300 barrage images at device pixel ratio 3). */
const DEFAULT_SPRITE_BUDGET_BYTES = 32 * 1024 * 1024;

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
 * Flying barrages on a canvas in step with the player's clock: positions are a function of media time, so they
 * stop with the player, follow the playback rate and start over at a seek (of the video: a long frame is not one,
 * and what should be on screen after it is). This class lays barrages out (lanes, what enters when, shields, the
 * 1,000 on screen at most) and runs the frames; its parts do the rest: the media clock (MediaClockFollower), the
 * look of a barrage (BarrageTextPainter), the drawing (BarrageTape: a frame costs the same for 1 barrage or 1,000
 * and allocates nothing) and hit-testing (barrage-hits.ts). Records of barrages on screen are pooled.
 */
export class CanvasBarrageRenderer<D extends Drawable = Drawable> {
  private readonly context: CanvasRenderingContext2D;
  private readonly opts: Required<Pick<RendererOptions<D>, 'onFlyingChange' | 'now' | 'requestFrame' | 'cancelFrame' | 'devicePixelRatio' | 'mirrorIntervalMs'>> &
    Pick<RendererOptions<D>, 'onShown'>;
  private source: DrawableSource<D> | null = null;
  private player: RendererClock | null = null;
  private offPlayer: (() => void) | null = null;
  private filter: ViewerFilter = noFilter();
  private config: BarrageConfig = { ...DEFAULT_BARRAGE_CONFIG };
  private enabled = true;

  private readonly at: BarrageGeometry = {
    cssWidth: 0,
    cssHeight: 0,
    screenWidth: 0,
    screenHeight: 0,
    dpr: 1,
    lineHeight: 0,
    rowHeight: 0,
    pxPerSec: speedPxPerSec(DEFAULT_BARRAGE_CONFIG.speed),
    mediaTime: 0,
  };
  private readonly flying: Flying<D>[] = [];
  private readonly pool: Flying<D>[] = [];
  /** Items shown at once (live, own, the ad) during this forward run: the timeline must not show them again. */
  private readonly shownNow = new Set<D>();
  private readonly laneFree = new Float64Array(MAX_LANES);
  private lanes = 0;
  private readonly text: BarrageTextPainter;
  private readonly tape: BarrageTape<D>;
  /** Top and bottom barrages: centred, pinned for 4 s of media time, in the rows of the lanes. */
  private readonly pinned = new PinnedLayer<D>(this.at, () => this.lanes);
  private readonly clock = new MediaClockFollower();

  private frameId = 0;
  /** The canvas holds nothing drawn (new, resized, or cleared by the last draw with nothing on screen). */
  private blank = true;
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
      mirrorIntervalMs: options.mirrorIntervalMs ?? 250,
    };
    const budget = options.spriteBudgetBytes ?? (options.spriteBudgetPx !== undefined ? options.spriteBudgetPx * 4 : DEFAULT_SPRITE_BUDGET_BYTES);
    this.text = new BarrageTextPainter(context);
    this.tape = new BarrageTape(this.flying, this.at, this.text, options.createSurface ?? defaultSurface, budget);
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
    this.clock.forget();
    if (player) {
      this.offPlayer = player.on((event) => this.playerEvent(event));
      this.at.mediaTime = player.currentTime() || 0;
    }
    this.resync();
  }

  /** Blocked users and keywords (the rest of the filter kept). */
  setShields(shields: CompiledShields): void {
    this.setFilter({ ...this.filter, shields });
  }

  /**
   * What the viewer's settings hide (shield lists, types, density, merged identical ones): barrages on screen that
   * are hidden now go at once, and none that is hidden comes; when anything may come back, the screen is laid out
   * again at the same moment.
   */
  setFilter(filter: ViewerFilter): void {
    const tightened = filterTightened(this.filter, filter);
    this.filter = filter;
    this.text.setCounts(filter.merge.counts);
    if (!tightened) {
      // Something was unblocked, or merged otherwise: what would be flying now comes back (live ones keep their place).
      this.rebuild(true);
      this.schedule();
      return;
    }
    let write = 0;
    for (let i = 0; i < this.flying.length; i++) {
      const flying = this.flying[i] as Flying<D>;
      if (hides(flying.item, filter)) this.release(flying);
      else this.flying[write++] = flying;
    }
    if (write !== this.flying.length) {
      this.flying.length = write;
      this.flyingDirty = true;
      this.tape.repaintAll();
    }
    if (this.pinned.removeWhere((item) => hides(item, filter))) this.flyingDirty = true;
    this.redraw();
  }

  /** A flying barrage's label changed (an identical live one merged into it: ×N): drawn again where it is. */
  relabel(id: number): void {
    const pinned = this.pinned.items.find((one) => one.item.id === id);
    if (pinned) {
      // Top or bottom: a new image (and width), and its row painted again.
      pinned.width = this.text.measure(pinned.item);
      this.tape.place(pinned);
      this.pinned.changed(pinned);
      this.flyingDirty = true;
      this.redraw();
      return;
    }
    const index = this.flying.findIndex((flying) => flying.item.id === id);
    const flying = this.flying[index];
    if (!flying) return;
    this.flying.splice(index, 1);
    this.tape.unpaint(flying);
    flying.width = this.text.measure(flying.item);
    this.tape.place(flying);
    this.flying.splice(index, 0, flying);
    this.tape.paint(flying);
    this.flyingDirty = true;
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
      const { cssWidth, mediaTime, pxPerSec } = this.at;
      for (const flying of this.flying) {
        const x = cssWidth - (mediaTime - flying.start) * oldSpeed;
        flying.start = startTimeFor(cssWidth, x, mediaTime, pxPerSec);
      }
      for (let lane = 0; lane < this.lanes; lane++) {
        const left = (this.laneFree[lane] as number) - mediaTime;
        if (left > 0) this.laneFree[lane] = mediaTime + (left * oldSpeed) / pxPerSec;
      }
      this.tape.repaintAll();
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
    this.admit(item, this.at.mediaTime);
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
      this.tape.unpaint(flying);
      i -= 1;
    }
    if (this.pinned.removeWhere((item) => item.id === id)) this.flyingDirty = true;
    if (this.flyingDirty) this.redraw();
  }

  /** The barrage under a point of the canvas (CSS pixels from its top left), the one drawn last first. */
  hitTest(x: number, y: number): D | null {
    return this.pinned.hit(x, y) ?? barrageAt(this.flying, this.at, x, y);
  }

  /** Where a flying barrage is now (CSS pixels), or null. */
  positionOf(id: number): { x: number; y: number; width: number; height: number } | null {
    return placeOf(this.flying, this.at, id) ?? this.pinned.placeOf(id);
  }

  flyingCount(): number {
    return this.flying.length + this.pinned.items.length;
  }

  /** Bytes the cached text images hold now (at most the budget). */
  textImageBytes(): number {
    return this.tape.imageBytes();
  }

  /** The canvas's CSS size (and the screen's pixel ratio) changed: a new backing store, lanes, tape and images. */
  resize(cssWidth: number, cssHeight: number): void {
    const at = this.at;
    const dpr = Math.max(1, this.opts.devicePixelRatio());
    if (cssWidth === at.cssWidth && cssHeight === at.cssHeight && dpr === at.dpr) return;
    const heightChanged = cssHeight !== at.cssHeight;
    at.cssWidth = cssWidth;
    at.cssHeight = cssHeight;
    at.dpr = dpr;
    this.canvas.width = Math.max(1, Math.round(cssWidth * dpr));
    this.canvas.height = Math.max(1, Math.round(cssHeight * dpr));
    at.screenWidth = this.canvas.width;
    at.screenHeight = this.canvas.height;
    // A new backing store resets the context's state, its font with it.
    this.text.contextReset();
    at.rowHeight = Math.ceil(at.lineHeight * dpr);
    this.tape.metricsChanged();
    this.lanes = Math.min(MAX_LANES, laneCount(cssHeight, this.config.area, at.lineHeight));
    this.tape.make();
    // Fullscreen, rotation: the lanes change, so the screen is laid out again at the same moment.
    if (heightChanged) this.rebuild(true);
    else this.tape.repaintAll();
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
    this.tape.dispose();
  }

  private applyConfig(config: BarrageConfig): void {
    const at = this.at;
    this.config = config;
    this.text.setSize(config.size);
    at.lineHeight = this.text.lineHeight();
    at.rowHeight = Math.ceil(at.lineHeight * at.dpr);
    this.tape.metricsChanged();
    at.pxPerSec = speedPxPerSec(config.speed);
    this.lanes = Math.min(MAX_LANES, laneCount(at.cssHeight, config.area, at.lineHeight));
  }

  private playerEvent(event: PlayerEvent): void {
    if (event === 'seeking' || event === 'seeked') {
      this.clock.forget();
      this.at.mediaTime = this.player?.currentTime() ?? 0;
      // A seek keeps the live barrages still on screen at the new time (the player's own nudge over a stall, a
      // seek of a moment): their place is the viewer's time, and the stored copy at the sender's time may be far.
      this.rebuild(true);
      this.schedule();
      return;
    }
    if (event === 'play' || event === 'pause' || event === 'ratechange') this.clock.forget();
    this.schedule();
  }

  private onFrame(wall: number): void {
    this.frameId = 0;
    if (this.disposed) return;
    const at = this.at;
    this.tape.frameStarted();
    const player = this.player;
    const playing = player !== null && !player.paused();
    const now = this.clock.now(player, wall, at.mediaTime);
    // Longer than a barrage's crossing (a tab back from the background): all that flew has gone, so it is laid out
    // afresh at once rather than barrage by barrage.
    const crossing = (at.cssWidth + TAPE_SLACK_CSS) / at.pxPerSec;
    if (this.clock.isSeek(player, wall, now - at.mediaTime, crossing)) {
      at.mediaTime = now;
      this.rebuild(true);
    } else if (now > at.mediaTime) {
      const from = at.mediaTime;
      at.mediaTime = now;
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
    if (this.player) this.at.mediaTime = this.player.currentTime() || 0;
    this.rebuild();
    this.schedule();
  }

  /**
   * Lays the screen out again at the current media time: the timeline's barrages that are (partly) on screen now
   * are put back. With keepLive (filters relaxed, size or area changed, a seek) the barrages shown at once that are
   * on screen stay at their place in the viewer's time, where that is not after the new time (a seek back before
   * one takes it off, and its stored copy shows at the sender's time); otherwise (a new source or player, barrages
   * switched on again) they go.
   */
  private rebuild(keepLive = false): void {
    const { mediaTime, cssWidth, pxPerSec } = this.at;
    const live: { item: D; start: number }[] = [];
    const keeps = (item: D, start: number) => keepLive && start <= mediaTime && this.shownNow.has(item);
    for (const flying of this.flying) if (keeps(flying.item, flying.start)) live.push({ item: flying.item, start: flying.start });
    for (const pinned of this.pinned.items) if (keeps(pinned.item, pinned.start)) live.push({ item: pinned.item, start: pinned.start });
    this.clearFlying();
    this.shownNow.clear();
    this.laneFree.fill(Number.NEGATIVE_INFINITY);
    this.tape.reset();
    if (!this.enabled || cssWidth <= 0) return;
    // A barrage that started this long ago may still show its tail (admit leaves out those that have gone).
    const window = (cssWidth + TAPE_SLACK_CSS) / pxPerSec;
    if (live.length === 0) {
      if (this.source) this.admitBetween(mediaTime - window, mediaTime);
      return;
    }
    const keep = new Set(live.map((entry) => entry.item));
    const all = [...live];
    const source = this.source;
    if (source) {
      for (let index = source.firstAfter(mediaTime - window); ; index++) {
        const item = source.at(index);
        if (item === undefined || item.time > mediaTime) break;
        if (!keep.has(item)) all.push({ item, start: item.time });
      }
    }
    all.sort((a, b) => a.start - b.start);
    // A kept one that is no longer on screen (flown out, its 4 s over) is free to show again (shown at once anew).
    for (const entry of all) if (this.admit(entry.item, entry.start) && keep.has(entry.item)) this.shownNow.add(entry.item);
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

  /**
   * Lays a barrage that entered at `start` out in a lane and paints it on the tape (unless it has flown out by now);
   * answers whether it is on screen.
   */
  private admit(item: D, start: number): boolean {
    if (this.lanes <= 0 || hides(item, this.filter)) return false;
    const { cssWidth, mediaTime, pxPerSec } = this.at;

    if (isPinned(item)) {
      // Top or bottom: the first free row, shown while its 4 s last.
      const pinned = this.pinned.admit(item, start, this.text.measure(item));
      if (!pinned) return false;
      this.tape.place(pinned);
      this.flyingDirty = true;
      this.opts.onShown?.(item);
      return true;
    }
    const width = this.text.measure(item);
    const lane = chooseLane(this.laneFree, this.lanes, start);
    if (lane < 0) return false;
    const freeAt = laneFreeAt(start, width, pxPerSec, BarrageMetrics.gapPx);
    if (freeAt > (this.laneFree[lane] as number)) this.laneFree[lane] = freeAt;
    // After a long frame or at a seek: one that has already crossed the screen keeps its lane's place, unseen.
    if (cssWidth - (mediaTime - start) * pxPerSec + width < 0) return false;
    if (this.flying.length >= BarrageLimits.maxOnScreen) this.evictOldest();
    const flying = this.pool.pop() ?? { item, start, lane, width, tapeX: 0, tapeWidth: 0, imageKey: '' };
    flying.item = item;
    flying.start = start;
    flying.lane = lane;
    flying.width = width;
    this.tape.place(flying);
    this.flying.push(flying);
    this.tape.paint(flying);
    this.flyingDirty = true;
    this.opts.onShown?.(item);
    return true;
  }

  private evictOldest(): void {
    const oldest = this.flying[0];
    if (!oldest) return;
    this.release(oldest);
    this.flying.copyWithin(0, 1);
    this.flying.length -= 1;
    this.tape.unpaint(oldest);
  }

  private release(flying: Flying<D>): void {
    this.pool.push(flying);
  }

  private clearFlying(): void {
    if (this.pinned.items.length > 0) this.flyingDirty = true;
    this.pinned.clear();
    for (const flying of this.flying) this.release(flying);
    if (this.flying.length > 0) this.flyingDirty = true;
    this.flying.length = 0;
  }

  /** A frame: drops what has flown out and copies the stretch of tape on screen (the same cost for 1 or 1,000). */
  private draw(): void {
    if (this.pinned.expire(this.at.mediaTime)) this.flyingDirty = true;
    // Nothing to draw on a canvas already clear: it is left alone, so a playing video with no barrage on screen does
    // not have its canvas cleared and composited again every frame (on a phone without barrages in view that was
    // half the play page's work: 1 s of a core's 10).
    if (this.flying.length === 0 && this.pinned.items.length === 0 && this.blank) return;
    const context = this.context;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, this.canvas.width, this.canvas.height);
    let write = 0;
    for (let i = 0; i < this.flying.length; i++) {
      const flying = this.flying[i] as Flying<D>;
      if (leftOf(flying, this.at) + flying.width < 0) {
        this.release(flying);
        this.flyingDirty = true;
        continue;
      }
      this.flying[write++] = flying;
    }
    this.flying.length = write;
    if (write > 0) this.tape.copyTo(context, this.config.opacity);
    this.pinned.draw(context, (pinned) => this.tape.imageFor(pinned), this.config.opacity);
    this.blank = write === 0 && this.pinned.items.length === 0;
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
    this.opts.onFlyingChange([...flyingViews(this.flying, this.at), ...this.pinned.views()]);
  }
}
