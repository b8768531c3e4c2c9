import { describe, expect, it } from 'vitest';
import { applyPurchase, DAY_MS } from '../../server/vip/vip-time.ts';

const NOW = Date.UTC(2030, 0, 15, 4, 0, 0);
const gold = { level: 1, categoryId: 1, typeName: '黄金VIP' };
const diamond = { level: 2, categoryId: 2, typeName: '钻石VIP' };
const none = { level: 0, categoryId: 0, typeName: '', expire: null };
const at = (days: number): Date => new Date(NOW + days * DAY_MS);

describe('applyPurchase', () => {
  it('no VIP: the bought type from now', () => {
    expect(applyPurchase(none, { ...gold, days: 37 }, NOW)).toEqual({ ...gold, expire: at(37) });
  });

  it('expired VIP: starts again from now, the old type is dropped', () => {
    expect(applyPurchase({ ...diamond, expire: at(-5) }, { ...gold, days: 30 }, NOW)).toEqual({ ...gold, expire: at(30) });
  });

  it('same type: extends from the current expiry', () => {
    // 12 days left + 30 bought = 42 days.
    expect(applyPurchase({ ...gold, expire: at(12) }, { ...gold, days: 30 }, NOW)).toEqual({ ...gold, expire: at(42) });
  });

  it('upgrade: remaining lower-type days carry over 1:1 into the higher type, plus the bought days', () => {
    // 20 gold days left + 30 diamond days bought = 50 diamond days.
    expect(applyPurchase({ ...gold, expire: at(20) }, { ...diamond, days: 30 }, NOW)).toEqual({ ...diamond, expire: at(50) });
  });

  it('a lower type bought while holding a higher one adds its days to the higher type', () => {
    // 40 diamond days left + 97 gold days bought = 137 diamond days.
    expect(applyPurchase({ ...diamond, expire: at(40) }, { ...gold, days: 97 }, NOW)).toEqual({ ...diamond, expire: at(137) });
  });
});
