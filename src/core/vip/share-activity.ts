import type { Clipboard } from '../ports/clipboard.ts';
import type { Clock } from '../ports/clock.ts';
import type { Notifier } from '../ports/notifier.ts';
import type { PageVisibility, Unsubscribe } from '../ports/page-visibility.ts';
import { ShareTexts } from './vip-texts.ts';

/** Share activity steps (spec section 4): 1 share, 2 thanks, 3 buy. */
export const ShareStep = {
  Share: 1,
  Thanks: 2,
  Buy: 3,
} as const;
export type ShareStep = (typeof ShareStep)[keyof typeof ShareStep];

/** Spec section 9: the page must have been left this long after copying. */
export const SHARE_LEAVE_MS = 3000;
const TOAST_MS = 2000;

/** The step after a tab change: 3 for the first tab, 1 for the others. */
export function stepForTab(index: number): ShareStep {
  return index === 0 ? ShareStep.Buy : ShareStep.Share;
}

/**
 * The share activity's steps on the Clipboard, PageVisibility and Clock ports. Confirming the share works only
 * after the text was copied and the page was then hidden for at least 3000 ms (or when page visibility cannot
 * be detected).
 */
export class ShareActivityMachine {
  private current: ShareStep = ShareStep.Share;
  private copied = false;
  private hiddenSince: number | null = null;
  private awayLongEnough = false;
  private readonly unsubscribe: Unsubscribe;

  constructor(
    private readonly clipboard: Clipboard,
    private readonly visibility: PageVisibility,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
  ) {
    this.unsubscribe = visibility.onChange((visible) => this.visibilityChanged(visible));
  }

  step(): ShareStep {
    return this.current;
  }

  /** Whether confirming would succeed now. */
  canConfirm(): boolean {
    if (this.current !== ShareStep.Share || !this.copied) return false;
    if (!this.visibility.supported()) return true;
    if (this.awayLongEnough) return true;
    return this.hiddenSince !== null && this.clock.now() - this.hiddenSince >= SHARE_LEAVE_MS;
  }

  /** Copies the share text; a failure toasts Copy failed. A new copy starts the absence over. */
  async copy(text: string): Promise<boolean> {
    try {
      await this.clipboard.copy(text);
    } catch {
      this.notifier.toast(ShareTexts.copyFailed, { durationMs: TOAST_MS, position: 'center' });
      return false;
    }
    this.copied = true;
    this.awayLongEnough = false;
    this.hiddenSince = this.visibility.supported() && !this.visibility.isVisible() ? this.clock.now() : null;
    this.notifier.toast(ShareTexts.copied, { durationMs: TOAST_MS, position: 'center' });
    return true;
  }

  /** Step 1 → 2 when allowed; refused with a toast otherwise. */
  confirmShared(): boolean {
    if (this.current !== ShareStep.Share) return false;
    if (!this.canConfirm()) {
      this.notifier.toast(ShareTexts.notShared, { durationMs: TOAST_MS, position: 'center' });
      return false;
    }
    this.current = ShareStep.Thanks;
    return true;
  }

  /** Step 2 → 3. */
  toBuy(): boolean {
    if (this.current !== ShareStep.Thanks) return false;
    this.current = ShareStep.Buy;
    return true;
  }

  /** A tab change: 3 for the first tab, 1 (and a fresh share) for the others. */
  tabChanged(index: number): ShareStep {
    this.current = stepForTab(index);
    if (this.current === ShareStep.Share) this.reset();
    return this.current;
  }

  dispose(): void {
    this.unsubscribe();
  }

  private reset(): void {
    this.copied = false;
    this.hiddenSince = null;
    this.awayLongEnough = false;
  }

  private visibilityChanged(visible: boolean): void {
    if (!this.copied) return;
    if (!visible) {
      this.hiddenSince ??= this.clock.now();
      return;
    }
    if (this.hiddenSince !== null && this.clock.now() - this.hiddenSince >= SHARE_LEAVE_MS) this.awayLongEnough = true;
    this.hiddenSince = null;
  }
}
