import type { Container } from 'inversify';
import { Clock } from '../core/ports/clock.ts';
import { LocalStore, SessionStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/session/user-session.ts';
import { RouteTrail } from '../core/shell/back-rule.ts';
import { GlobalTimer } from '../core/shell/global-timer.ts';
import { RechargeActivityService } from '../core/shell/recharge-activity.ts';
import { UnreadCountService } from '../core/shell/unread-count.ts';
import { VipIconMachine } from '../core/shell/vip-icon.ts';

/** The shell's core services: VIP icon state, recharge activity, unread count, global timer, route trail. */
export function bindShell(container: Container): void {
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
  container
    .bind(GlobalTimer)
    .toDynamicValue((ctx) => new GlobalTimer(ctx.get<Clock>(Clock)))
    .inSingletonScope();
  container
    .bind(RouteTrail)
    .toDynamicValue(() => new RouteTrail())
    .inSingletonScope();
}
