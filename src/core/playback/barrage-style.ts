/**
 * A barrage's own look, chosen by its sender (bilibili's style panel): its mode (scrolling, pinned at the top or at
 * the bottom), its colour (uppercase '#RRGGBB' from a palette: a basic one for everyone, a wider one for VIP users)
 * and its size (small or normal). Shared by the app, the server's checks and the fake.
 */
import { fallback, object, picklist, pipe, regex, string, toUpperCase } from 'valibot';

export const BARRAGE_MODES = ['scroll', 'top', 'bottom'] as const;
export type BarrageMode = (typeof BARRAGE_MODES)[number];

export const BARRAGE_TEXT_SIZES = ['small', 'normal'] as const;
/** A barrage's own size (not the viewer's font setting, BarrageConfig's size). */
export type BarrageTextSize = (typeof BARRAGE_TEXT_SIZES)[number];

/** The basic palette, for every sender (white first: the default). */
export const BASIC_BARRAGE_COLORS = ['#FFFFFF', '#FE0302', '#FF7204', '#FFD302', '#00CD00', '#00A2FF', '#4266BE', '#CC0273'] as const;

/** The VIP-only colours, beside the basic ones in a VIP sender's palette (16 basic + VIP in all). */
export const VIP_BARRAGE_COLORS = ['#E70012', '#FFAA02', '#FFF100', '#A0EE00', '#019899', '#89D5FF', '#9B9B9E', '#222222'] as const;

export const DEFAULT_BARRAGE_STYLE: BarrageStyle = { mode: 'scroll', color: '#FFFFFF', size: 'normal' };

export interface BarrageStyle {
  mode: BarrageMode;
  /** Uppercase '#RRGGBB'. */
  color: string;
  size: BarrageTextSize;
}

/** How a colour travels: '#' and six hexadecimal digits, either case (kept uppercase). */
export const BARRAGE_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

/** Seconds a top or bottom barrage stays pinned. */
export const PINNED_SECONDS = 4;

const BASIC = new Set<string>(BASIC_BARRAGE_COLORS);
const VIP = new Set<string>(VIP_BARRAGE_COLORS);

/** The colours a sender may pick. */
export function barragePalette(vip: boolean): readonly string[] {
  return vip ? [...BASIC_BARRAGE_COLORS, ...VIP_BARRAGE_COLORS] : BASIC_BARRAGE_COLORS;
}

/** Whether a colour (uppercase) is on the palette of a sender (VIP or not): 'ok', 'vip-only' or 'unknown'. */
export function colorAllowed(color: string, vip: boolean): 'ok' | 'vip-only' | 'unknown' {
  if (BASIC.has(color)) return 'ok';
  if (VIP.has(color)) return vip ? 'ok' : 'vip-only';
  return 'unknown';
}

/**
 * A barrage's style read from loosely typed fields (a stored row, a sent or answered barrage, the stored choice): each
 * field as it is when it is one a style takes, else the default's (an old barrage reads as scroll, white, normal).
 */
export const barrageStyle = object({
  mode: fallback(picklist(BARRAGE_MODES), DEFAULT_BARRAGE_STYLE.mode),
  /** Uppercase '#RRGGBB'; white when missing or malformed. */
  color: fallback(pipe(string(), regex(BARRAGE_COLOR_PATTERN), toUpperCase()), DEFAULT_BARRAGE_STYLE.color),
  size: fallback(picklist(BARRAGE_TEXT_SIZES), DEFAULT_BARRAGE_STYLE.size),
});
