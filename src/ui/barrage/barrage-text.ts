import type { BarrageSize } from '../../core/playback/barrage-config.ts';
import { mergedLabel } from '../../core/playback/barrage-filters.ts';
import { fontPx, lineHeightPx } from '../../core/playback/barrage-layout.ts';
import type { Drawable } from './barrage-drawable.ts';

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

const OUTLINE_PX = 3;
const FONT_FAMILY = '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';
const OWN_FRAME = '#4fc3f7';
const AD_MARK = '广告';
const AD_MARK_FILL = '#ff9800';
/** Widths measured, kept at most (then forgotten at once; measuring again is cheap). */
const MAX_WIDTHS = 8192;
/** A small barrage's font size, as a share of the viewer's (bilibili: 18 px beside 25 px). */
const SMALL_RATIO = 0.75;
const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
const DARK_OUTLINE = 'rgba(0, 0, 0, 0.75)';
const LIGHT_OUTLINE = 'rgba(255, 255, 255, 0.85)';

/** Whether a '#RRGGBB' colour is dark (relative luminance below 0.2): a dark outline would not show around it. */
function isDark(color: string): boolean {
  const channel = (at: number) => {
    const c = Number.parseInt(color.slice(at, at + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5) < 0.2;
}

/**
 * How a barrage looks: its font at the viewer's size (¾ of it for a small one), its width (measured once per text
 * and style), and drawing it — in its colour (white by default) with an outline (dark, or light around dark text) so
 * it reads on any picture, one's own in a frame, the ad with a 广告 mark.
 */
export class BarrageTextPainter {
  private size: BarrageSize = 'normal';
  private font = '';
  private line = 0;
  private readonly widths = new Map<string, number>();
  /** The font the measuring context has now (set only when it changes: setting it costs a parse). */
  private measureFont = '';
  /** Merged barrages' counts by id: a leader is drawn with ×N. */
  private counts: ReadonlyMap<number, number> = new Map();

  /** `measuring`: the on-screen canvas's context (nothing else sets its font: a frame only copies the tape). */
  constructor(private readonly measuring: CanvasRenderingContext2D) {
    this.setSize(this.size);
  }

  setSize(size: BarrageSize): void {
    this.size = size;
    this.font = `500 ${fontPx(size)}px ${FONT_FAMILY}`;
    this.line = lineHeightPx(size);
  }

  /** The counts of merged identical barrages (the map is read at each measure and draw). */
  setCounts(counts: ReadonlyMap<number, number>): void {
    this.counts = counts;
  }

  /** What is written: the text, with ×N when identical ones are merged into it. */
  label(item: Drawable): string {
    return mergedLabel(item.content, this.counts.get(item.id));
  }

  /** A lane's height in CSS pixels at the current size. */
  lineHeight(): number {
    return this.line;
  }

  /** The measuring canvas got a new backing store, which resets its context's font. */
  contextReset(): void {
    this.measureFont = '';
  }

  /** Width in CSS pixels, frame and mark included, rounded up. */
  measure(item: Drawable): number {
    const key = this.widthKey(item);
    const cached = this.widths.get(key);
    if (cached !== undefined) return cached;
    if (this.widths.size >= MAX_WIDTHS) this.widths.clear();
    const context = this.measuring;
    const font = this.fontOf(item);
    if (this.measureFont !== font) {
      context.font = font;
      this.measureFont = font;
    }
    let width = context.measureText(this.label(item)).width + OUTLINE_PX * 2;
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

  /** Text images are shared by barrages with the same text and style: size, colour, kind (own, ad) and pixel ratio. */
  imageKey(item: Drawable, dpr: number): string {
    return `${dpr}|${item.color ?? '#FFFFFF'}|${this.widthKey(item)}`;
  }

  /** Draws one barrage at (0, 0) of a context scaled to CSS pixels; `width` is its measured width. */
  draw(context: Context2D, item: Drawable, width: number): void {
    this.textStyle(context, item);
    const middle = this.line / 2;
    let textX = OUTLINE_PX;
    if (item.adMark) {
      const pad = this.markPadding();
      context.font = this.markFont();
      const markWidth = context.measureText(AD_MARK).width;
      const markHeight = fontPx(this.size) * 0.95;
      context.fillStyle = AD_MARK_FILL;
      context.fillRect(textX, middle - markHeight / 2, markWidth + pad * 2, markHeight);
      context.fillStyle = '#ffffff';
      context.fillText(AD_MARK, textX + pad, middle);
      textX += markWidth + pad * 3;
      this.textStyle(context, item);
    }
    if (item.own) {
      const pad = this.framePadding();
      context.strokeStyle = OWN_FRAME;
      context.lineWidth = 1.5;
      context.strokeRect(1, 2, width - 2, this.line - 4);
      this.textStyle(context, item);
      textX += pad;
    }
    const label = this.label(item);
    context.strokeText(label, textX, middle);
    context.fillText(label, textX, middle);
  }

  private measureKey(item: Drawable): string {
    return `${this.size}|${item.own ? 1 : 0}|${item.adMark ? 1 : 0}|${this.label(item)}`;
  }

  /** What the width depends on: the sender's size besides the text and kind. */
  private widthKey(item: Drawable): string {
    return `${item.size === 'small' ? 's' : 'n'}|${this.measureKey(item)}`;
  }

  /** The font of a barrage: the viewer's size, ¾ of it for a small one (the sender's choice). */
  private fontOf(item: Drawable): string {
    return item.size === 'small' ? `500 ${Math.round(fontPx(this.size) * SMALL_RATIO)}px ${FONT_FAMILY}` : this.font;
  }

  /** The barrage's colour (white when absent), outlined so it reads on any picture: dark text gets a light outline. */
  private textStyle(context: Context2D, item: Drawable): void {
    const color = item.color !== undefined && HEX_COLOR.test(item.color) ? item.color : '#FFFFFF';
    context.font = this.fontOf(item);
    context.textBaseline = 'middle';
    context.lineJoin = 'round';
    context.lineWidth = OUTLINE_PX;
    context.strokeStyle = isDark(color) ? LIGHT_OUTLINE : DARK_OUTLINE;
    context.fillStyle = color;
  }

  private markFont(): string {
    return `600 ${Math.round(fontPx(this.size) * 0.7)}px ${FONT_FAMILY}`;
  }

  private markPadding(): number {
    return Math.round(fontPx(this.size) * 0.25);
  }

  private framePadding(): number {
    return Math.round(fontPx(this.size) * 0.25);
  }
}
