import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { Clipboard } from '../../../src/core/ports/clipboard.ts';
import { SessionService } from '../../../src/core/session/session-service.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { BargainMachine } from '../../../src/core/vip/bargain.ts';
import { decidePayFlow } from '../../../src/core/vip/pay-flow.ts';
import { RechargeActivityFetch } from '../../../src/core/vip/recharge-activity-fetch.ts';
import { ShareActivityMachine } from '../../../src/core/vip/share-activity.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import { BargainViewModel, ShareViewModel, euro, type ActivityDeps } from '../../../src/ui/vip/activity-view-model.ts';
import { VipCalls } from '../../../src/core/vip/vip-protocol.ts';
import { pkg } from './fixtures.ts';

const BargainPaths = { status: VipCalls.bargainStatus.path, join: VipCalls.joinBargain.path } as const;
const RECHARGE_ACTIVITY_PATH = VipCalls.rechargeActivity.path;
const CONFIRM_SHARE_PATH = VipCalls.confirmShare.path;

const ok = (data: unknown) => ({ body: { ret: 200, msg: '', data } });

function setup() {
  const { container, world } = createHeadlessCore({ path: '/vip' });
  const sessions = container.get(SessionService);
  const deps: ActivityDeps = {
    session: new SessionModel(container.get(UserSession)),
    sessions,
    navigator: world.navigator,
    notifier: world.notifier,
    clipboard: container.get<Clipboard>(Clipboard),
  };
  const register = async () => {
    const outcome = await sessions.register({ userName: 'bargainer', nickName: '砍价人', password: 'secret123', confirmPassword: 'secret123' });
    if (!outcome.ok) throw new Error('register failed');
  };
  return {
    world,
    register,
    bargain: new BargainViewModel(container.get(BargainMachine), deps),
    share: new ShareViewModel(container.get(ShareActivityMachine), container.get(RechargeActivityFetch), deps),
  };
}

describe('activity view-models', () => {
  it('the join button sends a visitor to /login and back', async () => {
    const { bargain, world } = setup();
    await bargain.joinTapped(301);
    expect(world.navigator.current()).toMatchObject({ path: '/login', query: { redirect: '/vip' } });
    expect(world.http.requests.some((r) => r.url === BargainPaths.join)).toBe(false);
  });

  it('a bargained price (above 0) is what the order asks for, for that package only', async () => {
    const { bargain, world, register } = setup();
    await register();
    world.http.route('GET', BargainPaths.status, () => ok({ type: 2, price: 4.5, packageId: 301, key: 'kk', url: '/bargainHelp?key=kk', endTime: world.clock.now() / 1000 + 60 }));
    await bargain.load();
    expect(bargain.bargainKeyFor(301)).toBe('kk');
    expect(bargain.bargainKeyFor(101)).toBeNull();
    expect(bargain.countdown).toBe('00:01:00');
    expect(bargain.canClaim).toBe(false);
    bargain.dispose();
  });

  it('share: a confirmed share asks the server for the discount, then thanks and buy', async () => {
    const { share, world, register } = setup();
    await register();
    world.http.route('GET', RECHARGE_ACTIVITY_PATH, () => ok({ type: 0, status: 1, shareText: '来看视频', activityRule: 'r', discount: 1 }));
    world.http.route('POST', CONFIRM_SHARE_PATH, () => ok({ discount: 1 }));
    await share.load();
    expect(share.active).toBe(true);
    await share.copyTapped();
    await share.confirmTapped();
    expect(share.step).toBe(1);
    expect(world.http.requests.some((r) => r.url === CONFIRM_SHARE_PATH)).toBe(false);
    world.visibility.hide();
    world.clock.advance(3000);
    world.visibility.show();
    await share.confirmTapped();
    expect(share.step).toBe(2);
    share.buyTapped();
    expect(share.step).toBe(3);
    expect(share.useDiscount).toBe(true);
    share.tabChanged(1);
    expect(share.step).toBe(1);
    share.dispose();
  });

  it('an activity price is only paid by card or gateway; the order carries the bargain key', () => {
    const input = { pkg: pkg(), toUid: 5, payTitle: 'x', isIos: false, activity: { bargainKey: 'kk' } };
    expect(decidePayFlow(2, input)).toEqual({ kind: 'unsupported', message: '活动价仅支持银行卡或在线支付' });
    expect(decidePayFlow(-1, input)).toMatchObject({ kind: 'order', order: { BargainKey: 'kk', payType: -1 } });
    expect(decidePayFlow(5, { ...input, activity: { shareDiscount: true } })).toMatchObject({ kind: 'order', order: { ShareDiscount: 1, payType: 5 } });
    expect(euro(0)).toBe('€0.00');
  });
});
