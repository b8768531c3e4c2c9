import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/clock/fake-clock.ts';
import { debounce } from '../../../src/core/display/debounce.ts';
import { avatarBadge, avatarSource, avatarSpaceUid, DEFAULT_AVATAR, levelIcon, sexIcon } from '../../../src/core/display/icons.ts';
import { canTriggerLoad, FooterState, LoadState, nearBottom, nearTop } from '../../../src/core/display/list-state.ts';
import { FooterTexts } from '../../../src/core/display/display-texts.ts';

describe('icons', () => {
  it('level icon is capped at 8; below 1 there is none', () => {
    expect([1, 5, 8, 9, 99, '3', 0, -1, 'x', 7.9].map(levelIcon)).toEqual([1, 5, 8, 8, 8, 3, 0, 0, 0, 7]);
  });

  it('sex icon: 0 is female, otherwise male', () => {
    expect(sexIcon(0)).toBe('female');
    expect(sexIcon('0')).toBe('female');
    expect([1, 2, '1', null, undefined].map(sexIcon)).toEqual(['male', 'male', 'male', 'male', 'male']);
  });

  it('avatar badge: big-V before customer service before VIP level', () => {
    expect(avatarBadge({ bigV: true, kefu: true, vipLevel: 3 })).toEqual({ kind: 'bigV' });
    expect(avatarBadge({ bigV: 0, kefu: 1, vipLevel: 3 })).toEqual({ kind: 'kefu' });
    expect(avatarBadge({ vipLevel: 3 })).toEqual({ kind: 'vip', level: 3 });
    expect(avatarBadge({ vipLevel: 0 })).toBeNull();
    expect(avatarBadge({})).toBeNull();
  });

  it('the placeholder picture by default', () => {
    expect(avatarSource(undefined)).toBe(DEFAULT_AVATAR);
    expect(avatarSource('  ')).toBe(DEFAULT_AVATAR);
    expect(avatarSource('/media/demo/avatar-1.png')).toBe('/media/demo/avatar-1.png');
    expect(avatarSpaceUid('12')).toBe(12);
    expect(avatarSpaceUid(0)).toBeNull();
  });
});

describe('list states', () => {
  it('only state 0 allows a load trigger', () => {
    expect([LoadState.Idle, LoadState.Loading, LoadState.NoMore, LoadState.Failed].map(canTriggerLoad)).toEqual([true, false, false, false]);
  });

  it('footer texts', () => {
    expect(FooterTexts[FooterState.Loading]).toBe('加载中...');
    expect(FooterTexts[FooterState.NoMore]).toBe('没有更多了哦~');
    expect(FooterTexts[FooterState.Failed]).toBe('加载失败');
  });

  it('load more when under twice the visible height is left; load above at 20 or less', () => {
    expect(nearBottom({ scrollTop: 0, scrollHeight: 3000, clientHeight: 800 })).toBe(false); // 2200 left
    expect(nearBottom({ scrollTop: 601, scrollHeight: 3000, clientHeight: 800 })).toBe(true); // 1599 left
    expect(nearTop(20)).toBe(true);
    expect(nearTop(21)).toBe(false);
  });
});

describe('debounce', () => {
  it('calls once, 300 ms after the last call, with the last arguments', () => {
    const clock = new FakeClock();
    const seen: string[] = [];
    const search = debounce(clock, (text: string) => seen.push(text));
    search('电');
    clock.advance(200);
    search('电影');
    clock.advance(299);
    expect(seen).toEqual([]);
    clock.advance(1);
    expect(seen).toEqual(['电影']);
    clock.advance(1000);
    expect(seen).toEqual(['电影']);
  });

  it('takes another wait, can be cancelled and flushed', () => {
    const clock = new FakeClock();
    const seen: number[] = [];
    const save = debounce(clock, (n: number) => seen.push(n), 50);
    save(1);
    save.cancel();
    clock.advance(100);
    save(2);
    save.flush();
    expect(seen).toEqual([2]);
    expect(clock.pendingTimers()).toBe(0);
  });
});
