import type { Container } from 'inversify';
import { LocalStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { Random } from '../core/ports/random.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { PurchaseService } from '../core/vip/purchase-service.ts';
import { PaymentService } from '../core/vip/payment-service.ts';
import { SessionService } from '../core/session/session-service.ts';
import { Clipboard } from '../core/ports/clipboard.ts';
import { Clock } from '../core/ports/clock.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { PageVisibility } from '../core/ports/page-visibility.ts';
import { VipIconMachine } from '../core/shell/vip-icon.ts';
import { BargainMachine } from '../core/vip/bargain.ts';
import { RechargeActivityFetch } from '../core/vip/recharge-activity-fetch.ts';
import { ShareActivityMachine } from '../core/vip/share-activity.ts';
import { ApiOrigin } from './api-origin.ts';

/** A gateway given as a path is opened on the API server's origin (headless, with no origin, it stays a path). */
function gatewayResolver(origin: string): (gateway: string) => string {
  return (gateway) => (origin && gateway.startsWith('/') && !gateway.startsWith('//') ? `${origin.replace(/\/$/, '')}${gateway}` : gateway);
}

/** The VIP purchase use case. */
export function bindVip(container: Container): void {
  container
    .bind(PurchaseService)
    .toDynamicValue((ctx) => new PurchaseService(ctx.get(ApiClient), ctx.get<Random>(Random), ctx.get<KeyValueStore>(LocalStore), gatewayResolver(ctx.get<string>(ApiOrigin))))
    .inSingletonScope();
  container.bind(PaymentService).toDynamicValue((ctx) => new PaymentService(ctx.get(ApiClient), ctx.get<Random>(Random), ctx.get(SessionService))).inSingletonScope();
  // The activity machines hold timers and listeners: one per screen (transient), disposed by the screen.
  container.bind(BargainMachine).toDynamicValue((ctx) => new BargainMachine(ctx.get(ApiClient), ctx.get<Clock>(Clock)));
  container
    .bind(ShareActivityMachine)
    .toDynamicValue((ctx) => new ShareActivityMachine(ctx.get<Clipboard>(Clipboard), ctx.get<PageVisibility>(PageVisibility), ctx.get<Clock>(Clock), ctx.get<Notifier>(Notifier)));
  container
    .bind(RechargeActivityFetch)
    .toDynamicValue((ctx) => new RechargeActivityFetch(ctx.get(ApiClient), ctx.get<KeyValueStore>(LocalStore), ctx.get(VipIconMachine)))
    .inSingletonScope();
}
