import { makeAutoObservable, runInAction } from 'mobx';
import type { BarrageSession } from '../../core/playback/barrage-session.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { PlayerHandle } from '../playback/player-slots.ts';
import { BARRAGE_TOAST as TOAST, BarrageUiTexts } from './barrage-texts.ts';

export interface BarrageSendDeps {
  session: BarrageSession;
  notifier: Notifier;
  /** What the send box follows on the play screen's barrage view-model (observable there). */
  loggedIn(): boolean;
  danmuOpen(): boolean;
  player(): PlayerHandle | null;
  goToLogin(): void;
}

/** The send box under the player: the text, 发送 and what a send's outcome does. */
export class BarrageSendViewModel {
  input = '';
  sending = false;

  constructor(private readonly deps: BarrageSendDeps) {
    makeAutoObservable<BarrageSendViewModel, 'deps'>(this, { deps: false }, { autoBind: true });
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
    const sending = this.deps.session.send(content, Number.isFinite(time) ? time : 0);
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
