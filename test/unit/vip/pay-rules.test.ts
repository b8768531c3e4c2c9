import { describe, expect, it } from 'vitest';
import { returnAddress } from '../../../src/core/shared-kernel/login-redirect.ts';
import { chargedPrice, checkPay, promotionsParam, recipientUid } from '../../../src/core/vip/pay-rules.ts';
import { PayType } from '../../../src/core/vip/vip-codes.ts';
import { pkg, user } from './fixtures.ts';

describe('chargedPrice', () => {
  it('uses the discounted pair only when both are there', () => {
    expect(chargedPrice(pkg({ disprice: 19, disrmb: 20 }))).toEqual({ price: 19, rmb: 20, discounted: true });
    expect(chargedPrice(pkg({ disprice: 19, disrmb: null }))).toEqual({ price: 25, rmb: 25, discounted: false });
    expect(chargedPrice(pkg({ disprice: null, disrmb: 20 }))).toEqual({ price: 25, rmb: 25, discounted: false });
    expect(chargedPrice(pkg({ disprice: 0, disrmb: 0 }))).toEqual({ price: 0, rmb: 0, discounted: true });
  });
});

describe('recipientUid', () => {
  it('prefers the gift target uid, then its id, then the user', () => {
    expect(recipientUid({ giftTarget: { uid: 7, id: 8 }, user: user(1) })).toBe(7);
    expect(recipientUid({ giftTarget: { uid: '', id: '8' }, user: user(1) })).toBe(8);
    expect(recipientUid({ giftTarget: { uid: 'abc' }, user: user(1) })).toBe(1);
    expect(recipientUid({ giftTarget: null, user: user(1) })).toBe(1);
    expect(recipientUid({ user: null })).toBeNull();
  });
});

describe('promotionsParam', () => {
  it('joins the codes with |', () => {
    expect(promotionsParam(pkg({ promotions: [{ promotionCode: 'A', title: '' }, { promotionCode: 'B', title: 't' }] }))).toBe('A|B');
    expect(promotionsParam(pkg())).toBe('');
  });
});

describe('checkPay', () => {
  const here = { path: '/openVip', query: { type: '1', uid: '5' } };
  it('sends a visitor to /login with the way back', () => {
    expect(checkPay({ user: null, pkg: pkg(), payType: PayType.Card, here })).toEqual({ ok: false, kind: 'login', path: '/login', query: { redirect: '/openVip?type=1&uid=5' } });
    expect(returnAddress({ path: '/vip', query: {} })).toBe('/vip');
  });
  it('needs a package, then a method', () => {
    expect(checkPay({ user: user(1), pkg: null, payType: null, here })).toEqual({ ok: false, kind: 'message', message: '请选择套餐' });
    expect(checkPay({ user: user(1), pkg: pkg(), payType: null, here })).toEqual({ ok: false, kind: 'message', message: '请选择支付方式' });
    expect(checkPay({ user: user(1), pkg: pkg(), payType: PayType.Card, here })).toMatchObject({ ok: true, payType: -1 });
  });
});
