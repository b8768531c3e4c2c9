import fc from 'fast-check';
import { parse } from 'valibot';
import { describe, expect, it } from 'vitest';
import { decidePayFlow, type PayFlowInput } from '../../src/core/vip/pay-flow.ts';
import { chargedPrice, promotionsParam, recipientUid } from '../../src/core/vip/pay-rules.ts';
import { isKnownPayType, PayType } from '../../src/core/vip/vip-codes.ts';
import { parseUser } from '../../src/core/shared-kernel/user.ts';
import { leaveDecision } from '../../src/core/vip/open-vip.ts';
import { payTypeAnswer } from '../../src/core/vip/pay-type-answer.ts';
import { payInfoAnswer, type Package } from '../../src/core/vip/vip-protocol.ts';

/** GetVipPayType's data as the app reads it. */
const readPayInfo = (value: unknown) => parse(payInfoAnswer, value);

const priceOrNull = fc.option(fc.double({ min: 0, max: 1e6, noNaN: true }), { nil: null });
const code = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !s.includes('|') && s.trim() === s && s !== '');
const packageArb: fc.Arbitrary<Package> = fc.record({
  packageId: fc.integer({ min: 1, max: 1e9 }),
  categoryId: fc.option(fc.integer({ min: 1, max: 1e6 }), { nil: null }),
  name: fc.string({ maxLength: 10 }),
  validityDays: fc.nat(400),
  giftDays: fc.nat(60),
  price: fc.double({ min: 0, max: 1e6, noNaN: true }),
  priceSymbol: fc.constantFrom('¥', '€', '$', ''),
  rmb: priceOrNull,
  disprice: priceOrNull,
  disrmb: priceOrNull,
  type: fc.option(fc.integer(), { nil: null }),
  bargain: fc.boolean(),
  menberCount: fc.nat(),
  promotions: fc.array(fc.record({ promotionCode: code, title: fc.string({ maxLength: 6 }) }), { maxLength: 5 }),
  tags: fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  giftItem: fc.constantFrom('', '礼盒'),
});
const flowInput: fc.Arbitrary<PayFlowInput> = fc.record({
  pkg: packageArb,
  toUid: fc.integer({ min: 1, max: 1e9 }),
  payTitle: fc.string({ maxLength: 8 }),
  isIos: fc.boolean(),
  region: fc.option(fc.constantFrom('CN', 'MY', 'TW'), { nil: undefined }),
  refer: fc.option(fc.string({ maxLength: 6 }), { nil: undefined }),
});
/** Every documented code, its neighbours, and any other integer. */
const payTypeArb = fc.oneof(fc.constantFrom(...Object.values(PayType), -2, 4, 6), fc.integer());

describe('pay-flow decision', () => {
  it('gives exactly the documented outcome for every payType, and nothing to send for an unknown one', () => {
    fc.assert(
      fc.property(payTypeArb, flowInput, (payType, input) => {
        const flow = decidePayFlow(payType, input);
        const expected = {
          ProductID: input.pkg.packageId,
          ToUID: input.toUid,
          Promotions: promotionsParam(input.pkg),
          payType,
          ...(input.refer ? { Refer: input.refer } : {}),
        };
        switch (payType) {
          case PayType.Card:
          case PayType.AlipayStyle:
          case PayType.AlipayStyleAlt:
          case PayType.Tcg:
            expect(flow).toEqual({ kind: 'order', order: { ...expected, SysName: 'h5' }, isIos: input.isIos });
            break;
          case PayType.Gateway:
            expect(flow).toEqual({ kind: 'order', order: expected, isIos: input.isIos });
            expect('SysName' in (flow.kind === 'order' ? flow.order : {})).toBe(false);
            break;
          case PayType.Manual:
            expect(flow).toMatchObject({ kind: 'customerService', lookup: { templateType: 2 } });
            break;
          default:
            expect(isKnownPayType(payType)).toBe(false);
            expect(flow).toEqual({ kind: 'unsupported', message: '暂不支持该支付方式' });
            expect(Object.keys(flow).sort()).toEqual(['kind', 'message']);
        }
      }),
    );
  });
});

describe('price and recipient rules', () => {
  it('chargedPrice never mixes a half pair', () => {
    fc.assert(
      fc.property(packageArb, (pkg) => {
        const charged = chargedPrice(pkg);
        if (pkg.disprice !== null && pkg.disrmb !== null) expect(charged).toEqual({ price: pkg.disprice, rmb: pkg.disrmb, discounted: true });
        else expect(charged).toEqual({ price: pkg.price, rmb: pkg.rmb, discounted: false });
      }),
    );
  });

  it('recipientUid: target uid, else target id, else the user', () => {
    const idish = fc.oneof(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }).map(String), fc.constantFrom(undefined, null, '', 0, -3, 'x', 1.5));
    const valid = (v: unknown): number | null => {
      const n = typeof v === 'string' && v !== '' ? Number(v) : v;
      return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
    };
    fc.assert(
      fc.property(fc.option(fc.record({ uid: idish, id: idish }), { nil: null }), fc.option(fc.integer({ min: 1, max: 1e9 }), { nil: null }), (target, ownUid) => {
        const user = ownUid === null ? null : parseUser({ token: { uid: ownUid } });
        const got = recipientUid({ giftTarget: target, user });
        expect(got).toBe(valid(target?.uid) ?? valid(target?.id) ?? ownUid);
      }),
    );
  });

  it('Promotions round-trips through split on | for codes without |', () => {
    fc.assert(
      fc.property(fc.array(code, { maxLength: 8 }), (codes) => {
        const joined = promotionsParam({ promotions: codes.map((promotionCode) => ({ promotionCode, title: '' })) });
        expect(joined === '' ? [] : joined.split('|')).toEqual(codes);
      }),
    );
  });
});

describe("GetVipPayType's answer", () => {
  it('reads any input without failing, and keeps only well-formed items', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withNullPrototype: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true }), (value) => {
        for (const wrapped of [value, { categoryList: [value], payTypes: [value] }, { categoryList: [{ id: 1, data: [value, { packageId: 1, price: 1, promotions: [value] }] }] }]) {
          const info = readPayInfo(wrapped);
          for (const category of info.categoryList) {
            expect(Number.isSafeInteger(category.id) && category.id > 0).toBe(true);
            for (const pkg of category.data) expect(pkg.price >= 0 && Number.isSafeInteger(pkg.packageId)).toBe(true);
          }
        }
      }),
    );
  });

  it('reads answer-shaped input with junk inside without failing', () => {
    const junk = fc.anything();
    const pkgish = fc.record({ packageId: fc.oneof(junk, fc.integer()), price: fc.oneof(junk, fc.double()), disprice: junk, disrmb: junk, promotions: fc.oneof(junk, fc.array(fc.record({ promotionCode: junk }))), tags: junk });
    const answer = fc.record({ remark: junk, payTypes: fc.oneof(junk, fc.array(fc.record({ payType: junk }))), categoryList: fc.array(fc.record({ id: fc.oneof(junk, fc.integer()), styleType: junk, data: fc.array(pkgish), payTypes: junk })) });
    fc.assert(
      fc.property(answer, (value) => {
        const info = readPayInfo(value);
        for (const category of info.categoryList) {
          for (const pkg of category.data) {
            for (const n of [pkg.price, pkg.rmb, pkg.disprice, pkg.disrmb]) expect(n === null || (Number.isFinite(n) && n >= 0)).toBe(true);
            for (const p of pkg.promotions) expect(p.promotionCode.trim()).not.toBe('');
          }
        }
      }),
    );
  });
});

describe('answers and leaving', () => {
  it('a pay-type answer other than 200 and 7003 is a 1 s bottom toast of at most 30 characters', () => {
    fc.assert(
      fc.property(fc.integer().filter((ret) => ret !== 200 && ret !== 7003), fc.option(fc.string({ maxLength: 40 }), { nil: undefined }), (ret, msg) => {
        const answer = payTypeAnswer({ ret, msg });
        if (answer.kind !== 'toast') throw new Error(answer.kind);
        expect(answer.options).toEqual({ durationMs: 1000, position: 'bottom' });
        expect([...answer.message].length).toBeLessThanOrEqual(30);
        expect(answer.message).not.toBe('');
      }),
    );
  });

  it('the 7003 state always lets the user leave; otherwise only /vip and /user ask', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom('/vip', '/user', '/', '/openVip', '/vip/', '/USER'), fc.webPath()), fc.boolean(), (to, blocked) => {
        const decision = leaveDecision({ to, purchaseBlocked: blocked });
        const path = to.split(/[?#]/u)[0] ?? '';
        const guarded = ['/vip', '/user'].includes(path.replace(/(.)\/+$/u, '$1').toLowerCase());
        expect(decision.kind).toBe(!blocked && guarded ? 'confirm' : 'leave');
      }),
    );
  });
});
