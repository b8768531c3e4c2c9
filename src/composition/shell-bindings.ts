import type { Container } from 'inversify';
import { UnreadCounter } from '../core/messaging/unread-counter.ts';
import { SignInService } from '../core/account/sign-in-service.ts';
import { SignInTip } from '../core/account/sign-in-tip.ts';
import { Clock } from '../core/ports/clock.ts';
import { LocalStore, SessionStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { RouteTrail } from '../core/shell/back-rule.ts';
import { CusServiceConfigService } from '../core/shell/cus-service-config.ts';
import { GlobalTimer } from '../core/shell/global-timer.ts';
import { RechargeActivityService } from '../core/vip/recharge-activity.ts';
import { UnreadCountService } from '../core/shell/unread-count.ts';
import { VipIconMachine } from '../core/shared-kernel/vip-icon.ts';

/** The shell's core services: customer-service configuration, the home sign-in tip, VIP icon state, recharge activity, unread count, global timer, route trail. */
export function bindShell(container: Container): void {
  container
    .bind(CusServiceConfigService)
    .toDynamicValue((ctx) => new CusServiceConfigService(ctx.get(ApiClient), ctx.get<KeyValueStore>(SessionStore)))
    .inSingletonScope();
  // Daily sign-in: home's sign-in tip asks it, so it is bound at start (the account pages' services come later).
  container
    .bind(SignInService)
    .toDynamicValue((ctx) => new SignInService(ctx.get(ApiClient), ctx.get(UserSession), ctx.get<Clock>(Clock)))
    .inSingletonScope();
  container
    .bind(SignInTip)
    .toDynamicValue((ctx) => new SignInTip(ctx.get(SignInService), ctx.get<KeyValueStore>(SessionStore)))
    .inSingletonScope();
  container
    .bind(VipIconMachine)
    .toDynamicValue((ctx) => new VipIconMachine(ctx.get<KeyValueStore>(SessionStore), ctx.get<KeyValueStore>(LocalStore), ctx.get<Clock>(Clock)))
    .inSingletonScope();
  container
    .bind(RechargeActivityService)
    .toDynamicValue((ctx) => new RechargeActivityService(ctx.get(ApiClient), ctx.get<KeyValueStore>(LocalStore), ctx.get(VipIconMachine)))
    .inSingletonScope();
  container
    .bind(UnreadCountService)
    .toDynamicValue((ctx) => new UnreadCountService(ctx.get(ApiClient), ctx.get(UserSession)))
    .inSingletonScope();
  // The unread count behind the tab bar's badge; messaging (bound later) adds to it.
  container.bind(UnreadCounter).toDynamicValue(() => new UnreadCounter()).inSingletonScope();
  container
    .bind(GlobalTimer)
    .toDynamicValue((ctx) => new GlobalTimer(ctx.get<Clock>(Clock)))
    .inSingletonScope();
  container
    .bind(RouteTrail)
    .toDynamicValue(() => new RouteTrail())
    .inSingletonScope();
}
