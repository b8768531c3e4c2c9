import type { Container } from 'inversify';
import { LocalStore, SessionStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { Random } from '../core/ports/random.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { PurchaseService } from '../core/vip/purchase-service.ts';
import { PaymentService } from '../core/vip/payment-service.ts';
import { SessionService } from '../core/session/session-service.ts';
import { Clipboard } from '../core/ports/clipboard.ts';
import { Clock } from '../core/ports/clock.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { PageVisibility } from '../core/ports/page-visibility.ts';
import { VipIconMachine } from '../core/shared-kernel/vip-icon.ts';
import { BargainHelp, BargainMachine } from '../core/vip/bargain.ts';
import { RechargeActivityFetch, storedActivityRule } from '../core/vip/recharge-activity-fetch.ts';
import { ShareActivityMachine } from '../core/vip/share-activity.ts';
import { ApiOrigin } from './api-origin.ts';
import { NativeBridge } from '../core/ports/native-bridge.ts';
import { isAppleMobile } from '../core/shell/user-agent.ts';
import { ActivityRulesModel, BargainHelpModel, BargainHelpViewModel, BargainViewModel, ShareViewModel, type ActivityDeps } from '../ui/vip/activity-view-model.ts';
import { PurchaseModel, PurchaseViewModel } from '../ui/vip/purchase-view-model.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { bindViewModel, type Resolver } from '../ui/app/view-model-token.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import {
  CustomerServiceModel,
  CustomerServiceViewModel,
  PaymentOrderModel,
  PaymentOrderViewModel,
  PaymentQueryModel,
  PayPageModel,
  PayPageViewModel,
  PayResultModel,
  PayResultViewModel,
} from '../ui/vip/payment-view-models.ts';
import { AddAddressModel, AddAddressViewModel, ChoseAddressModel, ChoseAddressViewModel } from '../ui/vip/address-view-models.ts';
import { AddressBook } from '../core/vip/address-book.ts';

/** A gateway given as a path is opened on the API server's origin (headless, with no origin, it stays a path). */
function gatewayResolver(origin: string): (gateway: string) => string {
  return (gateway) => (origin && gateway.startsWith('/') && !gateway.startsWith('//') ? `${origin.replace(/\/$/, '')}${gateway}` : gateway);
}

/** The VIP purchase use case. */
export function bindVip(container: Container): void {
  // The delivery addresses; the one picked for the order being made is kept for the session.
  container.bind(AddressBook).toDynamicValue((ctx) => new AddressBook(ctx.get(ApiClient), ctx.get<KeyValueStore>(SessionStore))).inSingletonScope();
  container
    .bind(PurchaseService)
    .toDynamicValue((ctx) => new PurchaseService(ctx.get(ApiClient), ctx.get<Random>(Random), ctx.get<KeyValueStore>(LocalStore), gatewayResolver(ctx.get<string>(ApiOrigin))))
    .inSingletonScope();
  container.bind(PaymentService).toDynamicValue((ctx) => new PaymentService(ctx.get(ApiClient), ctx.get(PurchaseService), ctx.get(SessionService))).inSingletonScope();
  // The activity machines hold timers and listeners: one per screen (transient), disposed by the screen.
  container.bind(BargainMachine).toDynamicValue((ctx) => new BargainMachine(ctx.get(ApiClient), ctx.get<Clock>(Clock)));
  container
    .bind(ShareActivityMachine)
    .toDynamicValue((ctx) => new ShareActivityMachine(ctx.get<Clipboard>(Clipboard), ctx.get<PageVisibility>(PageVisibility), ctx.get<Clock>(Clock), ctx.get<Notifier>(Notifier)));
  container
    .bind(RechargeActivityFetch)
    .toDynamicValue((ctx) => new RechargeActivityFetch(ctx.get(ApiClient), ctx.get<KeyValueStore>(LocalStore), ctx.get(VipIconMachine)))
    .inSingletonScope();
  container.bind(BargainHelp).toDynamicValue((ctx) => new BargainHelp(ctx.get(ApiClient))).inSingletonScope();
  bindPurchaseViewModel(container);
  bindActivityViewModels(container);
  bindPaymentViewModels(container);
}

/** /vip, /openVip and /giveVip: the purchase view-model, with the bargain and share activities it prices and orders with. */
function bindPurchaseViewModel(container: Container): void {
  bindViewModel(container, PurchaseModel, (c, { mode }) => {
    const navigator = c.get<Navigator>(Navigator);
    const bridge = c.get<NativeBridge>(NativeBridge);
    const userAgent = typeof window === 'undefined' ? '' : window.navigator.userAgent;
    const deps: ActivityDeps = {
      session: c.get(SessionModel),
      sessions: c.get(SessionService),
      navigator,
      notifier: c.get<Notifier>(Notifier),
      clipboard: c.get<Clipboard>(Clipboard),
    };
    return new PurchaseViewModel(mode, navigator.current().query, {
      session: deps.session,
      sessions: deps.sessions,
      service: c.get(PurchaseService),
      navigator,
      notifier: deps.notifier,
      bridge,
      isIos: bridge.platform() === 'ios' || isAppleMobile(userAgent, typeof window === 'undefined' ? 0 : window.navigator.maxTouchPoints),
      activities: {
        bargain: new BargainViewModel(c.get(BargainMachine), deps),
        share: new ShareViewModel(c.get(ShareActivityMachine), c.get(RechargeActivityFetch), deps),
      },
      addresses: c.get(AddressBook),
    });
  });
}

/** /bargainHelp (its `key` query) and /activityRules (the stored activity's rule). */
function bindActivityViewModels(container: Container): void {
  bindViewModel(container, BargainHelpModel, (c) => {
    const navigator = c.get<Navigator>(Navigator);
    return new BargainHelpViewModel(c.get(BargainHelp), navigator.current().query.key ?? '', { session: c.get(SessionModel), navigator });
  });
  bindViewModel(container, ActivityRulesModel, (c) => ({ rule: storedActivityRule(c.get<KeyValueStore>(LocalStore)) }));
}

/** The payment pages' view-models: the order id is the page's `orderId` query (or given by the page that has the order). */
function bindPaymentViewModels(container: Container): void {
  const navigator = (c: Resolver) => c.get<Navigator>(Navigator);
  const orderIdOf = (c: Resolver) => navigator(c).current().query.orderId ?? '';
  bindViewModel(
    container,
    PaymentOrderModel,
    (c, props) => {
      const service = c.get(PaymentService);
      const orderId = props.orderId ?? orderIdOf(c);
      // The order the page is given, or the one the pay button just created (/notice): shown without asking again.
      return new PaymentOrderViewModel(service, navigator(c), c.get<Notifier>(Notifier), orderId, props.order ?? service.justPlaced(orderId));
    },
  );
  bindViewModel(container, PayPageModel, (c, props) => new PayPageViewModel(c.get(PaymentService), navigator(c), props.kind, orderIdOf(c)));
  bindViewModel(container, PayResultModel, (c) => new PayResultViewModel(c.get(PaymentService), c.get<Clock>(Clock), c.get(SessionModel), orderIdOf(c), navigator(c)));
  bindViewModel(container, CustomerServiceModel, (c) => new CustomerServiceViewModel(c.get(PaymentService), navigator(c), c.get<Notifier>(Notifier)));
  bindViewModel(container, PaymentQueryModel, (c) => navigator(c).current().query);
  bindViewModel(container, ChoseAddressModel, (c) => new ChoseAddressViewModel(c.get(AddressBook), navigator(c), c.get<Notifier>(Notifier), navigator(c).current().query.select === '1'));
  bindViewModel(container, AddAddressModel, (c) => new AddAddressViewModel(c.get(AddressBook), navigator(c), c.get<Notifier>(Notifier), navigator(c).current().query.id));
}
