import type { Category, Package, PayInfo, PayTypeView } from './vip-protocol.ts';
import type { OpenVipPreselection } from './open-vip.ts';
import { StyleType } from './vip-codes.ts';

/**
 * The purchase screen's choice: which category tab, package and payment method. The bargain and share
 * activities (a later issue) hang off the selected category: showsBargain says when its interface replaces the cards.
 */
export interface PurchaseSelection {
  tabIndex: number;
  categoryId: number | null;
  packageId: number | null;
  payType: number | null;
}

export const EMPTY_SELECTION: PurchaseSelection = { tabIndex: 0, categoryId: null, packageId: null, payType: null };

/** A category's methods when it names its own, else the pay info's. */
export function payTypesFor(info: PayInfo, category: Category | null): PayTypeView[] {
  return category && category.payTypes.length > 0 ? category.payTypes : info.payTypes;
}

/** Only a category whose styleType is 4 shows the bargain interface. */
export function showsBargain(category: Pick<Category, 'styleType'> | null): boolean {
  return category !== null && category.styleType === StyleType.Bargain;
}

export function selectedCategory(info: PayInfo, selection: PurchaseSelection): Category | null {
  return info.categoryList.find((category) => category.id === selection.categoryId) ?? null;
}

export function selectedPackage(info: PayInfo, selection: PurchaseSelection): Package | null {
  return selectedCategory(info, selection)?.data.find((pkg) => pkg.packageId === selection.packageId) ?? null;
}

export function selectedPayType(info: PayInfo, selection: PurchaseSelection): PayTypeView | null {
  return payTypesFor(info, selectedCategory(info, selection)).find((item) => item.payType === selection.payType) ?? null;
}

function firstPayType(info: PayInfo, category: Category | null, wanted: number | null): number | null {
  const methods = payTypesFor(info, category);
  return (methods.find((item) => item.payType === wanted) ?? methods[0])?.payType ?? null;
}

function choose(info: PayInfo, tabIndex: number, wantedPackage: number | null, wantedPayType: number | null): PurchaseSelection {
  const category = info.categoryList[tabIndex] ?? null;
  if (!category) return EMPTY_SELECTION;
  const pkg = category.data.find((item) => item.packageId === wantedPackage) ?? category.data[0] ?? null;
  return { tabIndex, categoryId: category.id, packageId: pkg?.packageId ?? null, payType: firstPayType(info, category, wantedPayType) };
}

/**
 * The first selection from /openVip's query: the category named by categoryId, else the one holding package id,
 * else tab activeIndex, else the first; in it package id, else the first package; method selectId when the
 * category offers it, else the first method.
 */
export function initialSelection(info: PayInfo, pre: OpenVipPreselection): PurchaseSelection {
  const byId = info.categoryList.findIndex((category) => category.id === pre.categoryId);
  const byPackage = info.categoryList.findIndex((category) => category.data.some((pkg) => pkg.packageId === pre.packageId));
  const byTab = pre.tabIndex !== null && pre.tabIndex < info.categoryList.length ? pre.tabIndex : -1;
  const tabIndex = [byId, byPackage, byTab].find((index) => index >= 0) ?? 0;
  return choose(info, tabIndex, pre.packageId, pre.payType);
}

/** A tab tapped: its first package, and the method kept when the new category offers it. */
export function selectTab(info: PayInfo, selection: PurchaseSelection, tabIndex: number): PurchaseSelection {
  if (tabIndex < 0 || tabIndex >= info.categoryList.length) return selection;
  return choose(info, tabIndex, null, selection.payType);
}

/** A package card tapped: taken only when it is in the selected category. */
export function selectPackage(info: PayInfo, selection: PurchaseSelection, packageId: number): PurchaseSelection {
  const category = selectedCategory(info, selection);
  return category?.data.some((pkg) => pkg.packageId === packageId) ? { ...selection, packageId } : selection;
}

/** A method tapped: taken only when the selected category offers it. */
export function selectPayType(info: PayInfo, selection: PurchaseSelection, payType: number): PurchaseSelection {
  const methods = payTypesFor(info, selectedCategory(info, selection));
  return methods.some((item) => item.payType === payType) ? { ...selection, payType } : selection;
}
