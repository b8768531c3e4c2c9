import { makeAutoObservable, runInAction } from 'mobx';
import type { BarrageSession } from '../../core/playback/barrage-session.ts';
import type { BarrageStyleChoice } from '../../core/playback/barrage-style-choice.ts';
import {
  BASIC_BARRAGE_COLORS,
  DEFAULT_BARRAGE_STYLE,
  VIP_BARRAGE_COLORS,
  colorAllowed,
  type BarrageMode,
  type BarrageStyle,
  type BarrageTextSize,
} from '../../core/playback/barrage-style.ts';
import { BarrageStyleTexts } from '../../core/playback/playback-texts.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { PlayerHandle } from '../common/player-slots.ts';
import { BARRAGE_TOAST as TOAST, BarrageUiTexts } from './barrage-texts.ts';

export interface BarrageSendDeps {
  session: BarrageSession;
  notifier: Notifier;
  /** What the send box follows on the play screen's barrage view-model (observable there). */
  loggedIn(): boolean;
  danmuOpen(): boolean;
  player(): PlayerHandle | null;
  goToLogin(): void;
  /** The viewer is VIP now (the wider palette). */
  vip?(): boolean;
  /** Keeps the last style on this device; none: the default each time. */
  styles?: BarrageStyleChoice;
}

/** A colour of the style panel: locked when it is VIP-only and the viewer is not VIP. */
export interface PaletteColor {
  color: string;
  vipOnly: boolean;
  locked: boolean;
}

/** The send box under the player: the text, the style panel (colour, mode, size), 发送 and what a send's outcome does. */
export class BarrageSendViewModel {
  input = '';
  sending = false;
  /** The style the next barrage is sent in (the last one chosen on this device). */
  style: BarrageStyle;
  stylePanelOpen = false;

  constructor(private readonly deps: BarrageSendDeps) {
    this.style = deps.styles?.load(this.isVip()) ?? { ...DEFAULT_BARRAGE_STYLE };
    makeAutoObservable<BarrageSendViewModel, 'deps'>(this, { deps: false }, { autoBind: true });
  }

  private isVip(): boolean {
    return this.deps.vip?.() ?? false;
  }

  /** The basic colours, then the VIP ones (locked for a viewer who is not VIP). */
  get palette(): PaletteColor[] {
    const vip = this.isVip();
    return [
      ...BASIC_BARRAGE_COLORS.map((color) => ({ color, vipOnly: false, locked: false })),
      ...VIP_BARRAGE_COLORS.map((color) => ({ color, vipOnly: true, locked: !vip })),
    ];
  }

  styleTapped(): void {
    this.stylePanelOpen = !this.stylePanelOpen;
  }

  closeStylePanel(): void {
    this.stylePanelOpen = false;
  }

  colorPicked(color: string): void {
    if (colorAllowed(color, this.isVip()) === 'vip-only') {
      this.deps.notifier.toast(BarrageStyleTexts.colorVipOnly, TOAST);
      return;
    }
    this.setStyle({ ...this.style, color });
  }

  modePicked(mode: BarrageMode): void {
    this.setStyle({ ...this.style, mode });
  }

  sizePicked(size: BarrageTextSize): void {
    this.setStyle({ ...this.style, size });
  }

  private setStyle(style: BarrageStyle): void {
    this.style = style;
    this.deps.styles?.save(style);
  }

  get placeholder(): string {
    if (!this.deps.danmuOpen()) return BarrageUiTexts.danmuOffPlaceholder;
    return this.deps.loggedIn() ? BarrageUiTexts.placeholder : BarrageUiTexts.visitorPlaceholder;
  }

  get canSend(): boolean {
    return this.deps.danmuOpen() && !this.sending && this.input.trim() !== '';
  }

  /** A visitor may tap 发送 (it leads to /login); a user needs some text. */
  get sendEnabled(): boolean {
    return !this.deps.loggedIn() || this.canSend;
  }

  inputChanged(text: string): void {
    this.input = text;
  }

  /** 发送: a visitor goes to /login and comes back here; one's own barrage shows at once at the player's time. */
  async sendTapped(): Promise<void> {
    if (!this.deps.loggedIn()) {
      this.deps.goToLogin();
      return;
    }
    if (this.sending || !this.deps.danmuOpen()) return;
    const player = this.deps.player();
    const time = player ? player.currentTime() : 0;
    const content = this.input;
    this.sending = true;
    // A VIP colour chosen while VIP goes back to white once the viewer is not VIP any more.
    if (colorAllowed(this.style.color, this.isVip()) !== 'ok') this.style = { ...this.style, color: DEFAULT_BARRAGE_STYLE.color };
    this.stylePanelOpen = false;
    const sending = this.deps.session.send(content, Number.isFinite(time) ? time : 0, this.style);
    // Shown at once: the box empties as the barrage flies in.
    this.input = '';
    const outcome = await sending;
    runInAction(() => {
      this.sending = false;
      if (outcome.ok) return;
      if (outcome.reason === 'login') {
        this.deps.goToLogin();
        return;
      }
      if (this.input === '') this.input = content;
      if (!outcome.toasted) this.deps.notifier.toast(outcome.message, TOAST);
    });
  }
}
