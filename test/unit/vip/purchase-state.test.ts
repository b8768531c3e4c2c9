import { parse } from 'valibot';
import { describe, expect, it } from 'vitest';
import { openVipPreselection } from '../../../src/core/vip/open-vip.ts';
import { EMPTY_SELECTION, initialSelection, selectPackage, selectPayType, selectTab, selectedCategory, selectedPackage, selectedPayType, showsBargain } from '../../../src/core/vip/purchase-state.ts';
import { payInfoAnswer } from '../../../src/core/vip/vip-protocol.ts';

const readPayInfo = (value: unknown) => parse(payInfoAnswer, value);

const info = readPayInfo({
  payTypes: [{ payType: -1 }, { payType: 5 }],
  categoryList: [
    { id: 1, data: [{ packageId: 11, price: 1 }, { packageId: 12, price: 2 }], payTypes: [{ payType: 0 }, { payType: 2 }] },
    { id: 2, styleType: 4, data: [{ packageId: 21, price: 3 }] },
  ],
});

describe('purchase selection', () => {
  it('defaults to the first tab, package and method', () => {
    expect(initialSelection(info, openVipPreselection({}))).toEqual({ tabIndex: 0, categoryId: 1, packageId: 11, payType: 0 });
  });
  it('follows categoryId, else the package id, else activeIndex; selectId when offered', () => {
    expect(initialSelection(info, openVipPreselection({ categoryId: '2', activeIndex: '0' }))).toEqual({ tabIndex: 1, categoryId: 2, packageId: 21, payType: -1 });
    expect(initialSelection(info, openVipPreselection({ id: '12', selectId: '2' }))).toEqual({ tabIndex: 0, categoryId: 1, packageId: 12, payType: 2 });
    expect(initialSelection(info, openVipPreselection({ activeIndex: '1', selectId: '5' }))).toEqual({ tabIndex: 1, categoryId: 2, packageId: 21, payType: 5 });
    expect(initialSelection(info, openVipPreselection({ activeIndex: '9', selectId: '3' }))).toEqual({ tabIndex: 0, categoryId: 1, packageId: 11, payType: 0 });
    expect(initialSelection(readPayInfo(null), openVipPreselection({}))).toEqual(EMPTY_SELECTION);
  });
  it('changes tab, package and method only to offered ones', () => {
    const start = initialSelection(info, openVipPreselection({}));
    expect(selectPackage(info, start, 12).packageId).toBe(12);
    expect(selectPackage(info, start, 21)).toBe(start);
    expect(selectPayType(info, start, 2).payType).toBe(2);
    expect(selectPayType(info, start, 5)).toBe(start);
    const bargainTab = selectTab(info, start, 1);
    expect(bargainTab).toEqual({ tabIndex: 1, categoryId: 2, packageId: 21, payType: -1 });
    expect(selectTab(info, start, 7)).toBe(start);
    expect(selectedPackage(info, bargainTab)?.packageId).toBe(21);
    expect(selectedPayType(info, bargainTab)?.payType).toBe(-1);
    expect(showsBargain(selectedCategory(info, bargainTab))).toBe(true);
    expect(showsBargain(selectedCategory(info, start))).toBe(false);
    expect(showsBargain(null)).toBe(false);
  });
});
