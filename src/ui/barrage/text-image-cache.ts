/** A drawing surface: a canvas (on screen or offscreen) with a 2D context. */
export interface Surface {
  readonly canvas: CanvasImageSource;
  readonly context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
}

/** A barrage's text drawn once: the rectangle (device pixels) of a surface that holds it. */
export interface TextImage {
  surface: Surface;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Bytes an RGBA image of that many device pixels holds. */
export function imageBytes(width: number, height: number): number {
  return width * height * 4;
}

interface Entry {
  image: TextImage;
  /** Width of its surface: the image's width rounded up to a bucket. */
  bucket: number;
}

/** Surfaces are made in widths that are multiples of this (device pixels), so one that goes can serve another text. */
const BUCKET_PX = 64;
/** How far into the least recently used a surface of the right width is looked for before a new one is made. */
const REUSE_SCAN = 16;

/**
 * The text images of barrages, least recently used first, held to a budget in bytes, not a count: a long text
 * takes what it weighs (its surface's width × height × 4). Keyed by text and style (size, kind, pixel ratio), so
 * barrages saying the same thing share one image. Each image has a small surface of its own (drawing from a canvas
 * that is not drawn into again is cheap; making canvases is not), in widths rounded up to 64 px, and the surface of
 * an image that goes serves the next text of that width: once the budget is reached, a new text costs one text
 * draw and no new canvas.
 */
export class TextImageCache {
  private readonly entries = new Map<string, Entry>();
  private rowHeight = 0;
  private used = 0;

  constructor(
    readonly budgetBytes: number,
    private readonly createSurface: (width: number, height: number) => Surface,
  ) {}

  /** The height of every image (device pixels, a lane): a new height empties the cache. */
  setRowHeight(height: number): void {
    const h = Math.max(0, Math.ceil(height));
    if (h === this.rowHeight) return;
    this.clear();
    this.rowHeight = h;
  }

  /** The image for that key (it becomes the most recently used), or undefined. */
  get(key: string): TextImage | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.image;
  }

  /**
   * A clear image `width` wide under a key, for the caller to draw the text into (at image.x, image.y, within
   * width × height). Null when it cannot be held: larger than the whole budget.
   */
  add(key: string, width: number): TextImage | null {
    const w = Math.ceil(width);
    const h = this.rowHeight;
    if (w <= 0 || h <= 0) return null;
    const bucket = Math.ceil(w / BUCKET_PX) * BUCKET_PX;
    const bytes = imageBytes(bucket, h);
    if (bytes > this.budgetBytes) return null;
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous);
    let surface = this.used + bytes > this.budgetBytes ? this.reuse(bucket) : null;
    if (surface) {
      surface.context.setTransform(1, 0, 0, 1, 0, 0);
      surface.context.clearRect(0, 0, bucket, h);
    } else {
      for (const [oldKey, old] of this.entries) {
        if (this.used + bytes <= this.budgetBytes) break;
        this.drop(oldKey, old);
      }
      try {
        surface = this.createSurface(bucket, h);
      } catch {
        return null;
      }
      this.used += bytes;
    }
    const image: TextImage = { surface, x: 0, y: 0, width: w, height: h };
    this.entries.set(key, { image, bucket });
    return image;
  }

  /** Bytes the images hold now (never more than the budget). */
  bytes(): number {
    return this.used;
  }

  /** Images held. */
  size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }

  /** Takes the surface of one of the least recently used images that is as wide (that image goes), or null. */
  private reuse(bucket: number): Surface | null {
    let scanned = 0;
    for (const [key, entry] of this.entries) {
      if (scanned++ >= REUSE_SCAN) break;
      if (entry.bucket !== bucket) continue;
      this.entries.delete(key);
      return entry.image.surface;
    }
    return null;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.used -= imageBytes(entry.bucket, this.rowHeight);
  }
}
