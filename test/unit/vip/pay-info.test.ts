import { describe, expect, it } from 'vitest';
import { parse } from 'valibot';
import { payTypesFor } from '../../../src/core/vip/purchase-state.ts';
import { payInfoAnswer, type Package, type PayInfo, type PromotionView } from '../../../src/core/vip/vip-protocol.ts';

const serverAnswer = {
  remark: '多种VIP类型时，时长统一升级为最高类型',
  payTypes: [{ payType: -1, title: '银行卡', img: '/card.png' }, { payType: 'x' }, null],
  categoryList: [
    {
      id: 1,
      name: '黄金VIP',
      styleType: 0,
      data: [
        { packageId: 11, categoryId: 1, name: '月卡', validityDays: 30, giftDays: '3', price: '25.00', priceSymbol: '¥', rmb: 25, disprice: 19.9, disrmb: '19.9', promotions: [{ promotionCode: 'NEW', title: '新人价' }, { title: '无码' }], tags: ['热销', ' ', 7] },
        { packageId: 0, price: 1 },
        { packageId: 12, price: -5 },
        'junk',
      ],
      payTypes: [{ payType: 0, title: '支付宝', img: '/zfb.png' }],
    },
    { id: 'nope', name: 'bad' },
    { id: 2, name: '砍价', styleType: 4, data: [{ packageId: 21, price: 30, tags: 'a,b' }] },
  ],
};

/** GetVipPayType's data as the app reads it. */
const readPayInfo = (value: unknown): PayInfo => parse(payInfoAnswer, value);

/** One package as the answer reads it, or null when it is dropped. */
const readPackage = (value: unknown): Package | null => readPayInfo({ categoryList: [{ id: 1, data: [value] }] }).categoryList[0]?.data[0] ?? null;

/** One promotion as the answer reads it, or null when it is dropped. */
const readPromotion = (value: unknown): PromotionView | null => readPackage({ packageId: 1, price: 1, promotions: [value] })?.promotions[0] ?? null;

describe("GetVipPayType's answer", () => {
  it('reads a server answer and drops malformed items', () => {
    const info = readPayInfo(serverAnswer);
    expect(info.remark).toBe(serverAnswer.remark);
    expect(info.payTypes).toEqual([{ payType: -1, title: '银行卡', img: '/card.png' }]);
    expect(info.categoryList.map((c) => c.id)).toEqual([1, 2]);
    const [month] = info.categoryList[0]!.data;
    expect(info.categoryList[0]!.data).toHaveLength(1);
    expect(month).toMatchObject({ packageId: 11, giftDays: 3, price: 25, disprice: 19.9, disrmb: 19.9, rmb: 25, tags: ['热销', '7'] });
    expect(month!.promotions).toEqual([{ promotionCode: 'NEW', title: '新人价' }]);
    expect(info.categoryList[1]).toMatchObject({ styleType: 4, payTypes: [] });
    expect(info.categoryList[1]!.data[0]).toMatchObject({ rmb: null, disprice: null, disrmb: null, tags: ['a', 'b'], categoryId: null });
  });

  it('gives empty data for anything unreadable', () => {
    for (const value of [null, undefined, 3, 'x', [], { categoryList: 'x', payTypes: {} }]) {
      expect(readPayInfo(value)).toEqual({ remark: '', categoryList: [], payTypes: [] });
    }
    expect(readPayInfo({ categoryList: [{ id: [] }, [], { id: 3 }] }).categoryList.map((c) => c.id)).toEqual([3]);
  });

  it('refuses a package without id or price and a promotion without code', () => {
    expect(readPackage({ packageId: 1 })).toBeNull();
    expect(readPackage({ price: 1 })).toBeNull();
    expect(readPackage({ packageId: 1.5, price: 1 })).toBeNull();
    expect(readPromotion({ promotionCode: '  ' })).toBeNull();
    expect(readPromotion({ promotionCode: ' A ' })).toEqual({ promotionCode: 'A', title: '' });
  });

  it('uses the category methods when it has some, else the pay info ones', () => {
    const info = readPayInfo(serverAnswer);
    expect(payTypesFor(info, info.categoryList[0]!).map((m) => m.payType)).toEqual([0]);
    expect(payTypesFor(info, info.categoryList[1]!).map((m) => m.payType)).toEqual([-1]);
    expect(payTypesFor(info, null).map((m) => m.payType)).toEqual([-1]);
  });
});

describe('number reading', () => {
  it('takes plain decimals only', () => {
    expect(readPackage({ packageId: '0x10', price: 1 })).toBeNull();
    expect(readPackage({ packageId: '1e3', price: 1 })).toBeNull();
    expect(readPackage({ packageId: ' 16 ', price: '.5' })).toMatchObject({ packageId: 16, price: 0.5 });
    expect(readPackage({ packageId: 1, price: 'Infinity' })).toBeNull();
  });

  it('reads whole days and members, and a whole type or none', () => {
    expect(readPackage({ packageId: 1, price: 1, validityDays: 1.5, giftDays: -3, menberCount: '4', type: 2.5 })).toMatchObject({ validityDays: 0, giftDays: 0, menberCount: 4, type: null });
    expect(readPackage({ packageId: 1, price: 1, type: '-2', bargain: '1', giftItem: ' 礼盒 ' })).toMatchObject({ type: -2, bargain: true, giftItem: '礼盒' });
  });
});
