import { parseUser, type User } from '../../../src/core/shared-kernel/user.ts';
import type { Package } from '../../../src/core/vip/vip-protocol.ts';

export function user(uid: number, fields: Record<string, unknown> = {}): User {
  const parsed = parseUser({ token: { uid, token: 't', expire: 1, sign: 's' }, nickName: 'u', ...fields });
  if (!parsed) throw new Error('bad fixture');
  return parsed;
}

export function pkg(fields: Partial<Package> = {}): Package {
  return {
    packageId: 11,
    categoryId: 1,
    name: '月卡',
    validityDays: 30,
    giftDays: 3,
    price: 25,
    priceSymbol: '¥',
    rmb: 25,
    disprice: null,
    disrmb: null,
    type: 1,
    bargain: false,
    menberCount: 0,
    promotions: [],
    tags: [],
    giftItem: '',
    ...fields,
  };
}
