import { centredLeft, chooseLane, isPinnedOn, pinnedRowTop, pinnedUntil } from '../../core/playback/barrage-layout.ts';
import type { BarrageGeometry, Drawable, Flying, FlyingView } from './barrage-drawable.ts';
import type { Surface, TextImage } from './text-image-cache.ts';

const MAX_ROWS = 256;

/** The layer's own canvas where the browser has one (OffscreenCanvas, else a detached canvas); none in Node. */
function browserSurface(width: number, height: number): Surface | null {
  try {
    if (typeof OffscreenCanvas !== 'undefined') {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      return context ? { canvas, context } : null;
    }
    if (typeof document === 'undefined') return null;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    return context ? { canvas, context } : null;
  } catch {
    return null;
  }
}

/** A pinned barrage on screen: its row (lane) counts from the top for top ones, from the bottom for bottom ones. */
export interface Pinned<D extends Drawable> extends Flying<D> {
  bottom: boolean;
}

/** Whether a barrage is pinned (top or bottom) rather than scrolling. */
export function isPinned(item: Drawable): boolean {
  return item.mode === 'top' || item.mode === 'bottom';
}

/**
 * The top and bottom barrages (the renderer's pinned layer): each shows centred in its row for 4 s of media time
 * from its time (core barrage-layout.ts), so a paused video keeps them and a seek lays them out again (the renderer
 * rebuilds). They do not move, so they are painted once onto a surface of the layer's own (a newcomer on top; when
 * one goes, its row's band is painted again from those still there) and a frame copies that surface: one drawImage
 * however many are pinned. Without a surface (Node) each is drawn onto the screen every frame.
 */
export class PinnedLayer<D extends Drawable> {
  readonly items: Pinned<D>[] = [];
  private readonly topFree = new Float64Array(MAX_ROWS).fill(Number.NEGATIVE_INFINITY);
  private readonly bottomFree = new Float64Array(MAX_ROWS).fill(Number.NEGATIVE_INFINITY);
  private surface: Surface | null = null;
  /** The geometry the surface was painted for; another one paints it all again. */
  private surfaceKey = '';
  private surfaceWidth = 0;
  private surfaceHeight = 0;
  /** Admitted since the last paint. */
  private readonly pending: Pinned<D>[] = [];
  /** Tops (CSS pixels) of rows one went from since the last paint. */
  private readonly dirtyTops = new Set<number>();
  private dirtyAll = true;

  /** `rows`: the rows of the display area now (the renderer's lanes). */
  constructor(
    private readonly at: BarrageGeometry,
    private readonly rows: () => number,
    private readonly createSurface: (width: number, height: number) => Surface | null = browserSurface,
  ) {}

  private rowCount(): number {
    return Math.min(MAX_ROWS, this.rows());
  }

  /** Empties the layer and frees every row (a seek, a new source, a new layout). */
  clear(): void {
    this.items.length = 0;
    this.pending.length = 0;
    this.dirtyTops.clear();
    this.dirtyAll = true;
    this.topFree.fill(Number.NEGATIVE_INFINITY);
    this.bottomFree.fill(Number.NEGATIVE_INFINITY);
  }

  /**
   * Lays out a pinned barrage that appeared at media time `start` (admitted in time order): it takes the first row
   * free then; answers its record when it is on screen at the current media time, else null (its row is taken
   * all the same, as it was then).
   */
  admit(item: D, start: number, width: number): Pinned<D> | null {
    const rows = this.rowCount();
    if (rows <= 0) return null;
    const bottom = item.mode === 'bottom';
    const free = bottom ? this.bottomFree : this.topFree;
    const row = chooseLane(free, rows, start);
    if (row < 0) return null;
    const until = pinnedUntil(start);
    if (until > (free[row] as number)) free[row] = until;
    if (!isPinnedOn(start, this.at.mediaTime)) return null;
    const pinned: Pinned<D> = { item, start, lane: row, width, tapeX: 0, tapeWidth: 0, imageKey: '', bottom };
    this.items.push(pinned);
    this.pending.push(pinned);
    return pinned;
  }

  /** Drops those whose time is over at media time `now`; answers whether any went. */
  expire(now: number): boolean {
    let write = 0;
    for (let i = 0; i < this.items.length; i++) {
      const pinned = this.items[i] as Pinned<D>;
      if (isPinnedOn(pinned.start, now)) this.items[write++] = pinned;
      else this.dirtyTops.add(this.top(pinned));
    }
    const gone = write !== this.items.length;
    this.items.length = write;
    return gone;
  }

  /** Takes off those the test picks; answers whether any went. */
  removeWhere(test: (item: D) => boolean): boolean {
    let write = 0;
    for (let i = 0; i < this.items.length; i++) {
      const pinned = this.items[i] as Pinned<D>;
      if (!test(pinned.item)) this.items[write++] = pinned;
      else this.dirtyTops.add(this.top(pinned));
    }
    const gone = write !== this.items.length;
    this.items.length = write;
    return gone;
  }

  /** One's look changed (an identical live barrage merged into it: ×N): its row is painted again at the next frame. */
  changed(pinned: Pinned<D>): void {
    this.dirtyTops.add(this.top(pinned));
  }

  /** Where one is (CSS pixels from the canvas's top left). */
  left(pinned: Pinned<D>): number {
    return centredLeft(this.at.cssWidth, pinned.width);
  }

  top(pinned: Pinned<D>): number {
    return pinnedRowTop(pinned.lane, pinned.bottom, this.rowCount(), this.at.lineHeight);
  }

  /** Draws them on the screen's context (identity transform, device pixels) from their text images. */
  draw(context: CanvasRenderingContext2D, imageOf: (pinned: Pinned<D>) => TextImage | null, opacity: number): void {
    const surface = this.items.length > 0 || this.surface ? this.paintedSurface(imageOf) : null;
    if (this.items.length === 0) return;
    context.globalAlpha = opacity;
    if (surface) {
      const { surfaceWidth: w, surfaceHeight: h } = this;
      context.drawImage(surface.canvas, 0, 0, w, h, 0, 0, w, h);
    } else {
      for (const pinned of this.items) this.paint(context, pinned, imageOf);
    }
    context.globalAlpha = 1;
  }

  /** The layer's surface brought up to date (null when there is none: the caller draws each). */
  private paintedSurface(imageOf: (pinned: Pinned<D>) => TextImage | null): Surface | null {
    const { at } = this;
    const key = `${at.screenWidth}x${at.screenHeight}|${at.dpr}|${at.lineHeight}|${this.rowCount()}|${at.cssWidth}`;
    if (key !== this.surfaceKey) {
      this.surfaceKey = key;
      this.dirtyAll = true;
      if (!this.surface || this.surfaceWidth !== at.screenWidth || this.surfaceHeight !== at.screenHeight) {
        this.surface = at.screenWidth > 0 && at.screenHeight > 0 ? this.createSurface(at.screenWidth, at.screenHeight) : null;
        this.surfaceWidth = at.screenWidth;
        this.surfaceHeight = at.screenHeight;
      }
    }
    const surface = this.surface;
    if (!surface) return null;
    const context = surface.context;
    context.setTransform(1, 0, 0, 1, 0, 0);
    if (this.dirtyAll) {
      context.clearRect(0, 0, this.surfaceWidth, this.surfaceHeight);
      for (const pinned of this.items) this.paint(context, pinned, imageOf);
    } else {
      for (const top of this.dirtyTops) {
        context.clearRect(0, Math.round(top * at.dpr), this.surfaceWidth, at.rowHeight);
        for (const pinned of this.items) if (this.top(pinned) === top) this.paint(context, pinned, imageOf);
      }
      for (const pinned of this.pending) if (!this.dirtyTops.has(this.top(pinned))) this.paint(context, pinned, imageOf);
    }
    this.dirtyAll = false;
    this.dirtyTops.clear();
    this.pending.length = 0;
    return surface;
  }

  private paint(context: Surface['context'], pinned: Pinned<D>, imageOf: (pinned: Pinned<D>) => TextImage | null): void {
    const image = imageOf(pinned);
    if (!image) return;
    const x = Math.round(this.left(pinned) * this.at.dpr);
    const y = Math.round(this.top(pinned) * this.at.dpr);
    context.drawImage(image.surface.canvas, image.x, image.y, image.width, image.height, x, y, image.width, image.height);
  }

  /** The one under a point (CSS pixels), the newest first, or null. */
  hit(x: number, y: number): D | null {
    for (let i = this.items.length - 1; i >= 0; i--) {
      const pinned = this.items[i] as Pinned<D>;
      const left = this.left(pinned);
      const top = this.top(pinned);
      if (x >= left && x <= left + pinned.width && y >= top && y <= top + this.at.lineHeight) return pinned.item;
    }
    return null;
  }

  placeOf(id: number): { x: number; y: number; width: number; height: number } | null {
    const pinned = this.items.find((one) => one.item.id === id);
    return pinned ? { x: this.left(pinned), y: this.top(pinned), width: pinned.width, height: this.at.lineHeight } : null;
  }

  /** Each where it is, for the accessible mirror. */
  views(): FlyingView<D>[] {
    return this.items.map((pinned) => ({ item: pinned.item, left: Math.round(this.left(pinned)), top: this.top(pinned), width: pinned.width, height: this.at.lineHeight }));
  }
}
