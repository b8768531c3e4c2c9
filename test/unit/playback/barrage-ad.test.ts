import { describe, expect, it } from 'vitest';
import { adBarrageId, adBarrageText } from '../../../src/core/playback/barrage-ad.ts';

describe('the barrage ad', () => {
  it('flies with its title less a leading 【广告】 (the mark is drawn), nothing when only the mark is left', () => {
    expect(adBarrageText(' 【广告】 开通VIP会员 ')).toBe('开通VIP会员');
    expect(adBarrageText('限时【广告】')).toBe('限时【广告】');
    expect(adBarrageText('【广告】')).toBe('');
    expect(adBarrageText(undefined)).toBe('');
  });

  it('has an id no barrage has, sent or unsent', () => {
    expect(adBarrageId(9)).toBe(-1_000_000_009);
    expect(adBarrageId(-5)).toBe(-1_000_000_000);
  });
});
