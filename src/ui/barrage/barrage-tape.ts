import type { BarrageGeometry, Drawable, Flying } from './barrage-drawable.ts';
import type { BarrageTextPainter } from './barrage-text.ts';
import { TextImageCache, type Surface, type TextImage } from './text-image-cache.ts';

/** Room on the tape beyond the screen for the barrage entering (CSS pixels); a wider one makes the tape wider. */
export const TAPE_SLACK_CSS = 600;
/** Texts remembered as drawn once, at most (then forgotten at once). */
const MAX_SEEN_ONCE = 8192;
/** Texts drawn on scratch surfaces in one frame at most (the rest go straight to their cached images). */
const SCRATCH_PER_FRAME = 4;

function mod(value: number, by: number): number {
  const rest = value % by;
  return rest < 0 ? rest + by : rest;
}

/**
 * The drawing of the barrage layer. Every barrage flies at the same speed, so the whole layer is one tape moving
 * left. Each barrage is painted onto the tape once, as it comes, from an image of its text shared by every barrage
 * with the same text and style (TextImageCache, bounded in bytes; a text seen for the first time is drawn on a
 * scratch surface instead); a frame copies the stretch of tape that is on screen, one or two drawImage calls
 * whatever the number of barrages. The tape is a ring a little wider than the screen (device pixels): the part that
 * has flown out on the left is cleared and reused for what comes in on the right. Taking a barrage off paints its
 * stretch of its lane again from the barrages still there.
 */
export class BarrageTape<D extends Drawable> {
  /** The tape: a ring `width` device pixels wide; tape position p is at column p mod width. */
  private tape: Surface | null = null;
  private width = 0;
  /** The columns of tape positions [frontier - width, frontier) hold this lap's paint; the rest is cleared before use. */
  private frontier = 0;
  private readonly images: TextImageCache;
  /** Keys of texts drawn once so far: a text gets an image of its own the second time it is needed. */
  private readonly seenOnce = new Set<string>();
  /**
   * Where a text seen for the first time (or too large for the image budget) is drawn before it is copied onto the
   * tape: a few surfaces kept for reuse, each used at most once a frame (drawing again into a canvas that was just
   * copied from waits for that copy).
   */
  private readonly scratches: { surface: Surface; width: number; height: number }[] = [];
  /** Scratch surfaces used since the frame began. */
  private scratchUsed = 0;
  private imagesDpr = 0;

  /**
   * `flying`: the renderer's list of barrages on screen (the same array, changed in place), painted in its order;
   * `at`: the renderer's geometry and clock.
   */
  constructor(
    private readonly flying: readonly Flying<D>[],
    private readonly at: BarrageGeometry,
    private readonly text: BarrageTextPainter,
    private readonly createSurface: (width: number, height: number) => Surface,
    budgetBytes: number,
  ) {
    this.images = new TextImageCache(budgetBytes, createSurface);
  }

  /** The row height or pixel ratio changed: text images follow (all go when the pixel ratio changed). */
  metricsChanged(): void {
    if (this.at.dpr !== this.imagesDpr) {
      this.images.clear();
      this.imagesDpr = this.at.dpr;
    }
    this.images.setRowHeight(this.at.rowHeight);
  }

  /** A frame begins: the scratch surfaces are free again. */
  frameStarted(): void {
    this.scratchUsed = 0;
  }

  /** Bytes the cached text images hold now (at most the budget). */
  imageBytes(): number {
    return this.images.bytes();
  }

  dispose(): void {
    this.images.clear();
    this.seenOnce.clear();
    this.tape = null;
    this.scratches.length = 0;
  }

  /** A new, empty tape: the screen plus room for the barrage coming in (at least `extra` device pixels). */
  make(extra = 0): void {
    this.tape = null;
    this.width = 0;
    if (this.at.cssWidth <= 0 || this.at.cssHeight <= 0) return;
    const width = this.at.screenWidth + Math.max(extra, Math.ceil(TAPE_SLACK_CSS * this.at.dpr));
    try {
      this.tape = this.createSurface(width, this.at.screenHeight);
    } catch {
      return;
    }
    this.width = width;
    this.frontier = this.head() - this.at.screenWidth + width;
  }

  /** Clears the whole tape: its columns all belong to the lap that starts at the screen's left edge now. */
  reset(): void {
    const tape = this.tape;
    if (!tape) return;
    tape.context.setTransform(1, 0, 0, 1, 0, 0);
    tape.context.clearRect(0, 0, this.width, this.at.screenHeight);
    this.frontier = this.head() - this.at.screenWidth + this.width;
  }

  /** Its place on the tape and its image's key, from its start, width and the current speed, size and pixel ratio. */
  place(flying: Flying<D>): void {
    flying.tapeX = Math.round(flying.start * this.at.pxPerSec * this.at.dpr);
    flying.tapeWidth = Math.ceil(flying.width * this.at.dpr);
    flying.imageKey = this.text.imageKey(flying.item, this.at.dpr);
  }

  /** Paints every flying barrage on a clear tape again (speed, width or pixel ratio changed, several taken off). */
  repaintAll(): void {
    if (!this.tape) return;
    this.reset();
    for (const flying of this.flying) this.place(flying);
    for (const flying of this.flying) this.paint(flying);
  }

  /** Paints one barrage on the tape: the part of it that the ring holds this lap. */
  paint(flying: Flying<D>): void {
    if (!this.tape) return;
    if (flying.tapeWidth > this.width - this.at.screenWidth) {
      // Wider than the room beyond the screen: a wider tape, painted again (this one included).
      this.make(flying.tapeWidth * 2);
      this.repaintAll();
      return;
    }
    const end = flying.tapeX + flying.tapeWidth;
    if (end > this.frontier) this.clearTo(end);
    const from = Math.max(flying.tapeX, this.frontier - this.width);
    if (from >= end) return;
    const image = this.imageFor(flying);
    if (image) this.copySpan(image, from - flying.tapeX, from, end - from, this.rowTop(flying.lane));
  }

  /** Paints the stretch of tape a barrage had in its lane again from the barrages still flying there (it was taken off). */
  unpaint(gone: Flying<D>): void {
    if (!this.tape) return;
    const lane = gone.lane;
    // Only what is on screen or still to come: what has flown out on the left is never seen again.
    const start = Math.max(gone.tapeX, this.frontier - this.width, this.head() - this.at.screenWidth);
    const end = Math.min(gone.tapeX + gone.tapeWidth, this.frontier);
    if (start >= end) return;
    const top = this.rowTop(lane);
    this.clearColumns(start, end - start, top, this.at.rowHeight);
    for (const flying of this.flying) {
      if (flying.lane !== lane) continue;
      const a = Math.max(flying.tapeX, start);
      const b = Math.min(flying.tapeX + flying.tapeWidth, end);
      if (a >= b) continue;
      const image = this.imageFor(flying);
      if (image) this.copySpan(image, a - flying.tapeX, a, b - a, top);
    }
  }

  /** Copies the stretch of tape that is on screen now onto the screen's context (cleared by the caller). */
  copyTo(context: CanvasRenderingContext2D, opacity: number): void {
    const tape = this.tape;
    if (!tape) return;
    const screen = this.at.screenWidth;
    const height = this.at.screenHeight;
    const x = mod(this.head() - screen, this.width);
    const first = Math.min(screen, this.width - x);
    context.globalAlpha = opacity;
    context.drawImage(tape.canvas, x, 0, first, height, 0, 0, first, height);
    if (first < screen) context.drawImage(tape.canvas, 0, 0, screen - first, height, first, 0, screen - first, height);
    context.globalAlpha = 1;
  }

  /** The tape position at the right edge of the screen now (device pixels). */
  private head(): number {
    return Math.round(this.at.mediaTime * this.at.pxPerSec * this.at.dpr);
  }

  private rowTop(lane: number): number {
    return Math.round(lane * this.at.lineHeight * this.at.dpr);
  }

  /** Moves the frontier to `to`, clearing the columns it takes over (they held tape that has flown out). */
  private clearTo(to: number): void {
    const from = Math.max(this.frontier, to - this.width);
    this.clearColumns(from, to - from, 0, this.at.screenHeight);
    this.frontier = to;
  }

  private clearColumns(tapeFrom: number, length: number, top: number, height: number): void {
    const context = (this.tape as Surface).context;
    const x = mod(tapeFrom, this.width);
    const first = Math.min(length, this.width - x);
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
    const x = mod(tapeFrom, this.width);
    const first = Math.min(length, this.width - x);
    context.drawImage(source, left, y, first, height, x, top, first, height);
    if (first < length) context.drawImage(source, left + first, y, length - first, height, 0, top, length - first, height);
  }

  /**
   * The barrage's text image: cached by text and style, drawn once; one the cache cannot hold is drawn on the scratch
   * surface. The pinned layer (barrage-pinned.ts) draws from it too, placed as a flying one is (place()).
   */
  imageFor(flying: Flying<D>): TextImage | null {
    const cached = this.images.get(flying.imageKey);
    if (cached) return cached;
    const width = flying.tapeWidth;
    const height = this.at.rowHeight;
    if (width <= 0 || height <= 0) return null;
    // A text seen once is not worth a canvas of its own (making one costs more than drawing the text): the first
    // time it is drawn on a scratch surface while one is free this frame, the next time it gets its image.
    if (!this.seenOnce.has(flying.imageKey) && this.scratchUsed < SCRATCH_PER_FRAME) {
      if (this.seenOnce.size >= MAX_SEEN_ONCE) this.seenOnce.clear();
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
        scratch = { surface: this.createSurface(w, h), width: w, height: h };
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
    context.setTransform(this.at.dpr, 0, 0, this.at.dpr, image.x, image.y);
    this.text.draw(context, flying.item, flying.width);
  }
}
