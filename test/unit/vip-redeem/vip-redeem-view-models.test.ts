import { describe, expect, it } from 'vitest';
import type { FakeHttpCall } from '../../../adapters/http/fake-http.ts';
import { installFakeVipRedeemApi } from '../../../adapters/http/fake-vip-redeem-api.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { parseUser } from '../../../src/core/shared-kernel/user.ts';
import { amountLabel, payTypeLabel, recordNote } from '../../../src/core/vip-redeem/vip-record-rules.ts';
import type { VipRecord } from '../../../src/core/vip-redeem/vip-redeem-protocol.ts';
import { VipRedeemService } from '../../../src/core/vip-redeem/vip-redeem-service.ts';
import { ExchangeVipViewModel, SelectPackViewModel, VipRecordsViewModel } from '../../../src/ui/vip-redeem/vip-redeem-view-models.ts';

const NOW = Date.UTC(2030, 0, 15, 4, 0, 0);
const settle = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

function setup(options: { loggedIn?: boolean } = {}) {
  const { container, world } = createHeadlessCore({ path: '/exchangeVip', withFakeApi: false });
  // The app sends the token fields with the form of a POST, in the query of a GET.
  const uidOf = (call: FakeHttpCall) => call.params['login_uid'] ?? (call.body['login_uid'] as string | undefined);
  const fake = installFakeVipRedeemApi(world.http, { caller: (call) => (uidOf(call) ? Number(uidOf(call)) : null), now: () => NOW });
  fake.packages.set(101, { packageId: 101, categoryName: '黄金VIP', name: '黄金月卡', days: 30, vipLevel: 1, vipCategoryId: 1, vipTypeName: '黄金VIP' });
  fake.packages.set(202, { packageId: 202, categoryName: '钻石VIP', name: '钻石季卡', days: 100, vipLevel: 2, vipCategoryId: 2, vipTypeName: '钻石VIP' });
  fake.codes.set('ABCDEFGHJKLMNPQR', { packageIds: [101], expiresAt: null, usedBy: null });
  fake.codes.set('CHXCEZ2345678923', { packageIds: [101, 202], expiresAt: null, usedBy: null });
  const session = container.get(UserSession);
  const loggedIn = options.loggedIn ?? true;
  if (loggedIn) {
    const user = parseUser({ id: 7, nickName: '小遇', vipLevel: 0, token: { uid: 7, token: 'tok' } });
    if (!user) throw new Error('bad user');
    session.signedIn(user);
  }
  const service = new VipRedeemService(container.get(ApiClient), session);
  const sessionModel = { loggedIn };
  const navigator = world.navigator;
  return { fake, session, service, navigator, sessionModel, world };
}

describe('/exchangeVip', () => {
  it('redeems a code typed with spaces and lower case; shows 兑换成功，VIP有效期至 …; the stored user is VIP', async () => {
    const { service, navigator, sessionModel, session } = setup();
    const vm = new ExchangeVipViewModel(service, navigator, sessionModel);
    expect(vm.canSubmit).toBe(false);
    vm.codeChanged(' abcd efgh-jklm npqr ');
    expect(vm.canSubmit).toBe(true);
    await vm.submitTapped();
    expect(vm.grant).toEqual({ message: '兑换成功，VIP有效期至 2030-02-14', packageText: '黄金VIP·黄金月卡 30天' });
    expect(vm.code).toBe('');
    expect(session.user()).toMatchObject({ vipLevel: 1, vipCategoryId: 1, eDate: '2030-02-14' });
    vm.codeChanged('ABCD-EFGH-JKLM-NPQR');
    await vm.submitTapped();
    expect(vm.refusal).toBe('兑换码已被使用');
  });

  it('refuses a text that cannot be a code without asking the server (no try spent)', async () => {
    const { service, navigator, sessionModel, world } = setup();
    const vm = new ExchangeVipViewModel(service, navigator, sessionModel);
    vm.codeChanged('hello');
    await vm.submitTapped();
    expect(vm.refusal).toBe('兑换码不存在');
    expect(world.http.requests).toHaveLength(0);
  });

  it('a choice code goes to /selectPack; the package picked there is granted and /exchangeVip shows it on return', async () => {
    const { service, navigator, sessionModel, session } = setup();
    const vm = new ExchangeVipViewModel(service, navigator, sessionModel);
    vm.codeChanged('chxcez2345678923');
    await vm.submitTapped();
    expect(navigator.current().path).toBe('/selectPack');
    const pick = new SelectPackViewModel(service, navigator, sessionModel);
    expect(pick.packages).toEqual([
      { packageId: 101, title: '黄金VIP·黄金月卡', daysText: '30天' },
      { packageId: 202, title: '钻石VIP·钻石季卡', daysText: '100天' },
    ]);
    expect(pick.selectedId).toBe(101);
    pick.packageTapped(202);
    await pick.confirmTapped();
    expect(navigator.current().path).toBe('/exchangeVip');
    expect(session.user()).toMatchObject({ vipLevel: 2, eDate: '2030-04-25' });
    const back = new ExchangeVipViewModel(service, navigator, sessionModel);
    expect(back.grant?.message).toBe('兑换成功，VIP有效期至 2030-04-25');
    expect(new ExchangeVipViewModel(service, navigator, sessionModel).grant).toBeNull();
  });

  it('/selectPack opened afresh (no code waiting) goes back to /exchangeVip; a visitor goes to /login', () => {
    const { service, navigator, sessionModel } = setup();
    new SelectPackViewModel(service, navigator, sessionModel).nothingToChooseLeft();
    expect(navigator.current().path).toBe('/exchangeVip');
    const visitor = setup({ loggedIn: false });
    new ExchangeVipViewModel(visitor.service, visitor.navigator, visitor.sessionModel).visitorSentToLogin();
    expect(visitor.navigator.current()).toMatchObject({ path: '/login', query: { redirect: '/exchangeVip' } });
  });
});

describe('/openVipRecords', () => {
  it('lists the records as rows (newest first): title, pay type, amount, state, note, expiry', async () => {
    const { service, navigator, sessionModel, fake } = setup();
    const base: VipRecord = {
      id: 'order:1', kind: 'purchase', categoryName: '黄金VIP', packageName: '黄金月卡', days: 30, payType: 0, amount: 58, currencySymbol: '¥',
      state: 'success', vipExpireDate: '2030-02-14', counterpart: null, codeHint: '', time: NOW - 1000,
    };
    fake.records.set(7, [base, { ...base, id: 'order:2', kind: 'giftGiven', payType: 1, state: 'pending', vipExpireDate: '', counterpart: { uid: 9, nickName: '小明' }, time: NOW }]);
    const vm = new VipRecordsViewModel(service, navigator, sessionModel);
    vm.list.opened();
    await settle();
    expect(vm.list.items.map((row) => [row.title, row.payType, row.amount, row.state, row.note, row.expiry])).toEqual([
      ['黄金VIP·黄金月卡 30天', '微信', '¥58.00', '待支付', '赠送给 小明', ''],
      ['黄金VIP·黄金月卡 30天', '支付宝', '¥58.00', '成功', '', 'VIP有效期至 2030-02-14'],
    ]);
  });

  it('names every pay type and source', () => {
    const labels = [[-1, '银行卡'], [2, 'TCG支付'], [3, '人工客服'], [5, '在线支付'], [42, '其他']] as const;
    for (const [payType, label] of labels) expect(payTypeLabel({ kind: 'purchase', payType })).toBe(label);
    expect(payTypeLabel({ kind: 'redeem', payType: null })).toBe('兑换码');
    expect(payTypeLabel({ kind: 'giftReceived', payType: null })).toBe('赠送');
    expect(payTypeLabel({ kind: 'activity', payType: null })).toBe('活动');
    expect(recordNote({ kind: 'redeem', counterpart: null, codeHint: 'K7Q2' })).toBe('兑换码 ****K7Q2');
    expect(recordNote({ kind: 'giftReceived', counterpart: { uid: 3, nickName: '' }, codeHint: '' })).toBe('来自 用户3 的赠送');
    expect(amountLabel({ amount: 0, currencySymbol: '€' })).toBe('€0.00');
  });
});
