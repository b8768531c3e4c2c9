import { centredLeft, chooseLane, isPinnedOn, pinnedRowTop, pinnedUntil } from '../../core/playback/barrage-layout.ts';
import type { BarrageGeometry, Drawable, Flying, FlyingView } from './barrage-drawable.ts';
import type { TextImage } from './text-image-cache.ts';

const MAX_ROWS = 256;

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
 * rebuilds). Few at once (a row each), so a frame draws each from its cached text image straight onto the screen.
 */
export class PinnedLayer<D extends Drawable> {
  readonly items: Pinned<D>[] = [];
  private readonly topFree = new Float64Array(MAX_ROWS).fill(Number.NEGATIVE_INFINITY);
  private readonly bottomFree = new Float64Array(MAX_ROWS).fill(Number.NEGATIVE_INFINITY);

  /** `rows`: the rows of the display area now (the renderer's lanes). */
  constructor(
    private readonly at: BarrageGeometry,
    private readonly rows: () => number,
  ) {}

  private rowCount(): number {
    return Math.min(MAX_ROWS, this.rows());
  }

  /** Empties the layer and frees every row (a seek, a new source, a new layout). */
  clear(): void {
    this.items.length = 0;
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
    return pinned;
  }

  /** Drops those whose time is over at media time `now`; answers whether any went. */
  expire(now: number): boolean {
    let write = 0;
    for (let i = 0; i < this.items.length; i++) {
      const pinned = this.items[i] as Pinned<D>;
      if (isPinnedOn(pinned.start, now)) this.items[write++] = pinned;
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
    }
    const gone = write !== this.items.length;
    this.items.length = write;
    return gone;
  }

  /** Where one is (CSS pixels from the canvas's top left). */
  left(pinned: Pinned<D>): number {
    return centredLeft(this.at.cssWidth, pinned.width);
  }

  top(pinned: Pinned<D>): number {
    return pinnedRowTop(pinned.lane, pinned.bottom, this.rowCount(), this.at.lineHeight);
  }

  /** Draws each on the screen's context (identity transform, device pixels) from its text image. */
  draw(context: CanvasRenderingContext2D, imageOf: (pinned: Pinned<D>) => TextImage | null, opacity: number): void {
    if (this.items.length === 0) return;
    const dpr = this.at.dpr;
    context.globalAlpha = opacity;
    for (const pinned of this.items) {
      const image = imageOf(pinned);
      if (!image) continue;
      const x = Math.round(this.left(pinned) * dpr);
      const y = Math.round(this.top(pinned) * dpr);
      context.drawImage(image.surface.canvas, image.x, image.y, image.width, image.height, x, y, image.width, image.height);
    }
    context.globalAlpha = 1;
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
