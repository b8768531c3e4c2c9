import type { Navigator } from '../../core/ports/navigator.ts';
import { payFramePage, readPayFrameMessage, type FrameMessage, type PayFramePage } from '../../core/vip/pay-frame.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { PaymentPagePaths } from './payment-view-models.ts';

/**
 * /iframe?orderId (the gateway's address in the route state): the gateway's page in a frame; its message that
 * the payment ended replaces this page with /payResult, which asks the server how the order stands.
 */
export class PayFrameViewModel {
  readonly page: PayFramePage;

  constructor(
    private readonly navigator: Navigator,
    trustedOrigins: readonly string[],
  ) {
    const here = navigator.current();
    this.page = payFramePage(here.query, here.state, trustedOrigins);
  }

  /** A message reached the window; only the framed gateway's word about this order counts. */
  receive(message: FrameMessage): void {
    if (this.page.kind !== 'frame') return;
    const result = readPayFrameMessage(message, this.page);
    if (result !== null) this.showResult();
  }

  /** /payResult for the order (the back rule: this page is replaced, never returned to). */
  showResult(): void {
    if (this.page.orderId === '') this.navigator.replace(PaymentPagePaths.user);
    else this.navigator.replace(PaymentPagePaths.payResult, { orderId: this.page.orderId });
  }
}

export const PayFrameModel = viewModelToken<PayFrameViewModel>('PayFrameModel');
