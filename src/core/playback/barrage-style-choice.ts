import { parse } from 'valibot';
import { fieldsOf } from '../request/answer-values.ts';
import type { KeyValueStore } from '../ports/key-value-store.ts';
import { DEFAULT_BARRAGE_STYLE, barrageStyle, colorAllowed, type BarrageStyle } from './barrage-style.ts';

/** Where the sender's last style is kept on this device (local storage). */
const STYLE_KEY = 'barrageSendStyle';

/**
 * The sender's last choice of mode, colour and size, kept per device (as bilibili's player keeps it): read back
 * checked (anything unknown falls back to the default; a VIP-only colour to white once the viewer is not VIP).
 */
export class BarrageStyleChoice {
  constructor(private readonly store: KeyValueStore) {}

  load(vip: boolean): BarrageStyle {
    const text = this.store.get(STYLE_KEY);
    if (text === null) return { ...DEFAULT_BARRAGE_STYLE };
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { ...DEFAULT_BARRAGE_STYLE };
    }
    const style = parse(barrageStyle, fieldsOf(raw));
    return colorAllowed(style.color, vip) === 'ok' ? style : { ...style, color: DEFAULT_BARRAGE_STYLE.color };
  }

  save(style: BarrageStyle): void {
    this.store.set(STYLE_KEY, JSON.stringify({ mode: style.mode, color: style.color, size: style.size }));
  }
}
