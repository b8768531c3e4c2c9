import { Ret } from '../request/ret.ts';
import { shortenMessage } from '../request/texts.ts';
import type { ToastOptions } from '../ports/notifier.ts';
import { PAY_TYPE_TOAST_MS, VipPaths } from './vip-codes.ts';
import { VipTexts } from './vip-texts.ts';

/**
 * How GetVipPayType's answer is shown (spec section 8). The call is made with the request layer's own tips
 * suppressed, so this is the only message for it.
 */
export type PayTypeAnswer =
  | { kind: 'ok' }
  /** 7003: a dialog with the server message and 确定, which goes to /user; the purchase screen stops confirming leaves. */
  | { kind: 'blocked'; dialog: { message: string; confirmText: string }; then: { path: string }; suppressLeaveConfirm: true }
  /** Any other ret: the message as a bottom toast for 1 s. */
  | { kind: 'toast'; message: string; options: ToastOptions };

export function payTypeAnswer(answer: { ret: number; msg?: unknown }): PayTypeAnswer {
  const msg = typeof answer.msg === 'string' ? answer.msg.trim() : '';
  if (answer.ret === Ret.Ok) return { kind: 'ok' };
  if (answer.ret === Ret.PurchaseBlocked) {
    return {
      kind: 'blocked',
      dialog: { message: msg === '' ? VipTexts.purchaseBlocked : shortenMessage(msg), confirmText: VipTexts.ok },
      then: { path: VipPaths.user },
      suppressLeaveConfirm: true,
    };
  }
  return {
    kind: 'toast',
    message: msg === '' ? VipTexts.payTypesFailed : shortenMessage(msg),
    options: { durationMs: PAY_TYPE_TOAST_MS, position: 'bottom' },
  };
}
