import { describe, expect, it } from 'vitest';
import { leaveDecision, openVipBack, openVipPreselection, openVipTitle, scannedGift } from '../../../src/core/vip/open-vip.ts';
import { payTypeAnswer } from '../../../src/core/vip/pay-type-answer.ts';
import { canShowVipDetails, vipHeaderLine, vipTagIndex } from '../../../src/core/vip/vip-header.ts';
import { user } from './fixtures.ts';

describe('/openVip', () => {
  it('titles renew for type 1, else open', () => {
    expect(openVipTitle({ type: '1' })).toBe('续费VIP会员');
    expect(openVipTitle({ type: '0' })).toBe('开通VIP会员');
    expect(openVipTitle({})).toBe('开通VIP会员');
  });

  it('reads the preselection', () => {
    expect(openVipPreselection({ uid: '5', id: '11', categoryId: '2', selectId: '-1', activeIndex: '1' })).toEqual({ giftUid: 5, packageId: 11, categoryId: 2, payType: -1, tabIndex: 1 });
    expect(openVipPreselection({ uid: 'x', id: '-3', selectId: '1.5', activeIndex: '-1' })).toEqual({ giftUid: null, packageId: null, categoryId: null, payType: null, tabIndex: null });
  });

  it('asks to help a friend when the scanned uid differs', () => {
    expect(scannedGift(user(1), { uid: '5', id: '11', categoryId: '2' })).toEqual({
      dialog: { message: '当前登录账号与扫码账号不一致，是否帮好友开通VIP？', confirmText: '帮好友开通', cancelText: '取消' },
      confirm: { path: '/giveVip', query: { userId: '5', packId: '11', categoryId: '2' } },
    });
    expect(scannedGift(user(1), { uid: '5' })?.confirm.query).toEqual({ userId: '5' });
    expect(scannedGift(user(5), { uid: '5' })).toBeNull();
    expect(scannedGift(null, { uid: '5' })).toBeNull();
    expect(scannedGift(user(1), {})).toBeNull();
  });

  it('confirms leaving towards /vip or /user unless 7003 is set', () => {
    for (const to of ['/vip', '/user', '/user/', '/vip?x=1']) expect(leaveDecision({ to, purchaseBlocked: false }).kind).toBe('confirm');
    expect(leaveDecision({ to: '/vip', purchaseBlocked: false })).toEqual({ kind: 'confirm', dialog: { message: '确定要放弃开通VIP会员吗？', confirmText: '确定离开', cancelText: '继续开通' } });
    expect(leaveDecision({ to: '/vip', purchaseBlocked: true })).toEqual({ kind: 'leave' });
    expect(leaveDecision({ to: '/', purchaseBlocked: false })).toEqual({ kind: 'leave' });
    expect(leaveDecision({ to: '/vipx', purchaseBlocked: false })).toEqual({ kind: 'leave' });
  });

  it('closes the native view on back inside a web view', () => {
    expect(openVipBack('android')).toEqual({ kind: 'bridge', name: 'closeWebView' });
    expect(openVipBack('ios')).toEqual({ kind: 'bridge', name: 'closeWebView' });
    expect(openVipBack('none')).toEqual({ kind: 'router' });
  });
});

describe('payTypeAnswer', () => {
  it('200 is success', () => expect(payTypeAnswer({ ret: 200, msg: '' })).toEqual({ kind: 'ok' }));
  it('7003 shows the server message in a dialog that goes to /user and stops the leave confirmation', () => {
    expect(payTypeAnswer({ ret: 7003, msg: '当前地区暂停VIP销售' })).toEqual({
      kind: 'blocked',
      dialog: { message: '当前地区暂停VIP销售', confirmText: '确定' },
      then: { path: '/user' },
      suppressLeaveConfirm: true,
    });
    expect(payTypeAnswer({ ret: 7003 })).toMatchObject({ dialog: { message: '当前无法购买VIP会员' } });
  });
  it('anything else toasts at the bottom for 1 s', () => {
    expect(payTypeAnswer({ ret: 1002, msg: '参数错误' })).toEqual({ kind: 'toast', message: '参数错误', options: { durationMs: 1000, position: 'bottom' } });
    expect(payTypeAnswer({ ret: 500, msg: '' })).toMatchObject({ message: '加载支付方式失败' });
    expect(payTypeAnswer({ ret: 500, msg: 'x'.repeat(31) })).toMatchObject({ message: '加载失败' });
  });
});

describe('VIP header', () => {
  it('tags levels 0 to 4, higher share 4', () => {
    expect([-1, 0, 1, 2, 3, 4, 5, 99, 'x', '2'].map(vipTagIndex)).toEqual([0, 0, 1, 2, 3, 4, 4, 4, 0, 2]);
  });
  it('shows the expiry, the open prompt or the visitor prompt', () => {
    expect(vipHeaderLine(null)).toEqual({ kind: 'visitor', text: '未登录，登录后即可开通VIP会员' });
    expect(vipHeaderLine(user(1, { vipLevel: 0 }))).toEqual({ kind: 'prompt', text: '开通VIP，尊享会员特权' });
    expect(vipHeaderLine(user(1, { vipLevel: 2, eDate: '2027-01-31' }))).toEqual({ kind: 'expiry', eDate: '2027-01-31', text: '2027-01-31到期' });
    expect(vipHeaderLine(user(1, { vipLevel: 2, eDate: '' }))).toMatchObject({ text: '已开通VIP会员' });
  });
  it('opens the details dialog for VIP users only', () => {
    expect(canShowVipDetails(null)).toBe(false);
    expect(canShowVipDetails(user(1, { vipLevel: 0 }))).toBe(false);
    expect(canShowVipDetails(user(1, { vipLevel: 1 }))).toBe(true);
  });
});
