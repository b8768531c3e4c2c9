import type { Container } from 'inversify';
import { Navigator } from '../core/ports/navigator.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { VipRedeemService } from '../core/vip-redeem/vip-redeem-service.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import {
  ExchangeVipModel,
  ExchangeVipViewModel,
  SelectPackModel,
  SelectPackViewModel,
  VipRecordsModel,
  VipRecordsViewModel,
} from '../ui/vip-redeem/vip-redeem-view-models.ts';

/** Redeem codes (/exchangeVip, /selectPack) and the VIP records (/openVipRecords), with their view-models. */
export function bindVipRedeem(container: Container): void {
  // One service for the app: a choice code waits in it between /exchangeVip and /selectPack.
  container.bind(VipRedeemService).toDynamicValue((ctx) => new VipRedeemService(ctx.get(ApiClient), ctx.get(UserSession))).inSingletonScope();
  bindViewModel(container, ExchangeVipModel, (c) => new ExchangeVipViewModel(c.get(VipRedeemService), c.get<Navigator>(Navigator), c.get(SessionModel)));
  bindViewModel(container, SelectPackModel, (c) => new SelectPackViewModel(c.get(VipRedeemService), c.get<Navigator>(Navigator), c.get(SessionModel)));
  bindViewModel(container, VipRecordsModel, (c) => new VipRecordsViewModel(c.get(VipRedeemService), c.get<Navigator>(Navigator), c.get(SessionModel)));
}
