import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/clock/fake-clock.ts';
import { RouteTrail, decideBack } from '../../../src/core/shell/back-rule.ts';
import { GLOBAL_TICK_MS, GlobalTimer } from '../../../src/core/shell/global-timer.ts';
import { decideTabTap, tabDots, tabForPath, TABS, vipTabLabel } from '../../../src/core/shell/tab-bar.ts';
import { DOUBLE_TAP_MS, DOUBLE_TAP_SLOP_PX, DoubleTapGuard, isMultiTouch } from '../../../src/core/shell/touch-rules.ts';
import { transitionFor } from '../../../src/core/shell/transition.ts';
import { iosMajorVersion, isAppleMobile, isIosSafari, isLowIos } from '../../../src/core/shell/user-agent.ts';
import { VipIconState } from '../../../src/core/shared-kernel/vip-icon.ts';
import { parseUser } from '../../../src/core/shared-kernel/user.ts';

const IOS_SAFARI_14 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 14_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1';
const IOS_SAFARI_17 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
const IOS_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1';
const IOS_WECHAT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 13_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0';
const IPAD_12 = 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

describe('user agent', () => {
  it('reads the iOS major version', () => {
    expect(iosMajorVersion(IOS_SAFARI_14)).toBe(14);
    expect(iosMajorVersion(IOS_SAFARI_17)).toBe(17);
    expect(iosMajorVersion(IPAD_12)).toBe(12);
    expect(iosMajorVersion(ANDROID)).toBeNull();
  });

  it('marks iOS below 15 as low', () => {
    expect(isLowIos(IOS_SAFARI_14)).toBe(true);
    expect(isLowIos(IOS_WECHAT)).toBe(true);
    expect(isLowIos(IPAD_12)).toBe(true);
    expect(isLowIos(IOS_SAFARI_17)).toBe(false);
    expect(isLowIos(IOS_CHROME)).toBe(false);
    expect(isLowIos(ANDROID)).toBe(false);
  });

  it('recognises Safari on iOS only', () => {
    expect(isIosSafari(IOS_SAFARI_17)).toBe(true);
    expect(isIosSafari(IOS_SAFARI_14)).toBe(true);
    expect(isIosSafari(IOS_CHROME)).toBe(false);
    expect(isIosSafari(IOS_WECHAT)).toBe(false);
    expect(isIosSafari(ANDROID)).toBe(false);
  });
});

describe('tab bar rules', () => {
  it('has the five tabs in order', () => {
    expect(TABS.map((t) => [t.label, t.path])).toEqual([['首页', '/'], ['发现', '/discovery'], ['VIP', '/vip'], ['热播榜', '/rank'], ['我的', '/user']]);
  });

  it('maps paths to tabs, home aliases to home', () => {
    expect(tabForPath('/')).toBe('home');
    expect(tabForPath('/movie')).toBe('home');
    expect(tabForPath('/discovery')).toBe('discovery');
    expect(tabForPath('/Rank/')).toBe('rank');
    expect(tabForPath('/user')).toBe('user');
  });

  it('scrolls to the top on the current tab, replaces otherwise, pushes discovery on iOS Safari', () => {
    const plain = { iosSafari: false };
    expect(decideTabTap('/rank', 'rank', plain)).toEqual({ kind: 'scrollTop' });
    expect(decideTabTap('/movie', 'home', plain)).toEqual({ kind: 'scrollTop' });
    expect(decideTabTap('/', 'rank', plain)).toEqual({ kind: 'replace', path: '/rank' });
    expect(decideTabTap('/', 'discovery', plain)).toEqual({ kind: 'replace', path: '/discovery' });
    expect(decideTabTap('/', 'discovery', { iosSafari: true })).toEqual({ kind: 'push', path: '/discovery' });
    expect(decideTabTap('/', 'vip', { iosSafari: true })).toEqual({ kind: 'replace', path: '/vip' });
    expect(decideTabTap('/discovery', 'discovery', { iosSafari: true })).toEqual({ kind: 'scrollTop' });
  });

  it('shows red dots for new works and unread messages of a logged-in user', () => {
    const user = parseUser({ token: { uid: 3 }, newWorks: true });
    const quiet = parseUser({ token: { uid: 3 }, newWorks: false });
    expect(tabDots(null, 5)).toEqual({ home: false, discovery: false, vip: false, rank: false, user: false });
    expect(tabDots(user, 0)).toMatchObject({ discovery: true, user: false });
    expect(tabDots(quiet, 2)).toMatchObject({ discovery: false, user: true });
  });

  it('labels the VIP tab with the activity title while state is 1', () => {
    expect(vipTabLabel(VipIconState.Activity, '充值享优惠')).toEqual({ label: '充值享优惠', animated: true });
    expect(vipTabLabel(VipIconState.Activity, null)).toEqual({ label: 'VIP', animated: false });
    expect(vipTabLabel(VipIconState.Seen, '充值享优惠')).toEqual({ label: 'VIP', animated: false });
    expect(vipTabLabel(VipIconState.Final, '充值享优惠')).toEqual({ label: 'VIP', animated: false });
    expect(vipTabLabel(null, '充值享优惠')).toEqual({ label: 'VIP', animated: false });
  });
});

describe('back rule', () => {
  it('goes back to home when the previous page was home, even with a target', () => {
    expect(decideBack({ previousPath: '/', target: '/user', canGoBack: true })).toEqual({ kind: 'back' });
    expect(decideBack({ previousPath: '/', canGoBack: false })).toEqual({ kind: 'replace', path: '/' });
  });

  it('replaces with the given target otherwise', () => {
    expect(decideBack({ previousPath: '/rank', target: '/user', canGoBack: true })).toEqual({ kind: 'replace', path: '/user' });
    expect(decideBack({ previousPath: null, target: '/user', canGoBack: false })).toEqual({ kind: 'replace', path: '/user' });
  });

  it('goes one step back, or home when there is nothing to go back to', () => {
    expect(decideBack({ previousPath: '/rank', canGoBack: true })).toEqual({ kind: 'back' });
    expect(decideBack({ previousPath: null, canGoBack: false })).toEqual({ kind: 'replace', path: '/' });
  });

  it('tracks the previous path', () => {
    const trail = new RouteTrail();
    expect(trail.previousPath()).toBeNull();
    trail.visit('/');
    trail.visit('/login');
    trail.visit('/login');
    expect(trail.previousPath()).toBe('/');
    trail.visit('/register');
    expect([trail.previousPath(), trail.current()]).toEqual(['/login', '/register']);
  });
});

describe('page transitions', () => {
  it('slides left going deeper, right going back, none between equal depths and on the first page', () => {
    expect(transitionFor(0, 1)).toBe('slide-left');
    expect(transitionFor(3, 1)).toBe('slide-right');
    expect(transitionFor(0, 0)).toBe('none');
    expect(transitionFor(null, 2)).toBe('none');
  });

  it('is antisymmetric', () => {
    fc.assert(
      fc.property(fc.nat(6), fc.nat(6), (a, b) => {
        const there = transitionFor(a, b);
        const back = transitionFor(b, a);
        if (a === b) expect([there, back]).toEqual(['none', 'none']);
        else expect(new Set([there, back])).toEqual(new Set(['slide-left', 'slide-right']));
      }),
    );
  });
});

describe('touch rules', () => {
  it('suppresses a second touch end within 300 ms at the same place, on fake time', () => {
    const clock = new FakeClock();
    const guard = new DoubleTapGuard();
    const at = (x = 100, y = 200) => ({ at: clock.now(), x, y });
    expect(guard.touchEnded(at())).toBe(false);
    clock.advance(DOUBLE_TAP_MS);
    expect(guard.touchEnded(at())).toBe(true);
    clock.advance(DOUBLE_TAP_MS + 1);
    expect(guard.touchEnded(at())).toBe(false);
    clock.advance(120);
    expect(guard.touchEnded(at(100 + DOUBLE_TAP_SLOP_PX, 200 - DOUBLE_TAP_SLOP_PX))).toBe(true);
  });

  it('lets two quick taps on two different places through: a double tap lands at one place', () => {
    const guard = new DoubleTapGuard();
    expect(guard.touchEnded({ at: 1000, x: 300, y: 60 })).toBe(false);
    expect(guard.touchEnded({ at: 1100, x: 370, y: 60 })).toBe(false);
    expect(guard.touchEnded({ at: 1200, x: 370, y: 60 + DOUBLE_TAP_SLOP_PX + 1 })).toBe(false);
    expect(guard.touchEnded({ at: 1300, x: 370, y: 60 + DOUBLE_TAP_SLOP_PX + 1 })).toBe(true);
  });

  it('treats more than one finger as multi-touch', () => {
    expect(isMultiTouch(1)).toBe(false);
    expect(isMultiTouch(2)).toBe(true);
  });
});

describe('global timer', () => {
  it('ticks its listeners every 60 s once started, once however often started', () => {
    const clock = new FakeClock();
    const timer = new GlobalTimer(clock);
    let ticks = 0;
    const off = timer.onTick(() => ticks++);
    clock.advance(GLOBAL_TICK_MS * 2);
    expect(ticks).toBe(0);
    timer.start();
    timer.start();
    clock.advance(GLOBAL_TICK_MS - 1);
    expect(ticks).toBe(0);
    clock.advance(1);
    expect(ticks).toBe(1);
    clock.advance(GLOBAL_TICK_MS * 3);
    expect(ticks).toBe(4);
    off();
    clock.advance(GLOBAL_TICK_MS);
    expect(ticks).toBe(4);
    timer.stop();
    expect(timer.running()).toBe(false);
    expect(clock.pendingTimers()).toBe(0);
  });
});

describe('isAppleMobile: iOS asks before the payment gateway (issue 31)', () => {
  const agents = {
    iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    iosWebview: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    iosWechat: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003129) NetType/WIFI Language/zh_CN',
    ipadDesktop: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    androidChrome: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  };
  it('iPhone, iPad, their web views and in-app browsers, and iPadOS asking for desktop sites; not a Mac or Android', () => {
    expect(isAppleMobile(agents.iphoneSafari, 5)).toBe(true);
    expect(isAppleMobile(agents.ipad, 5)).toBe(true);
    expect(isAppleMobile(agents.iosWebview, 5)).toBe(true);
    expect(isAppleMobile(agents.iosWechat, 5)).toBe(true);
    expect(isAppleMobile(agents.ipadDesktop, 5)).toBe(true);
    expect(isAppleMobile(agents.ipadDesktop, 0)).toBe(false);
    expect(isAppleMobile(agents.androidChrome, 5)).toBe(false);
  });
});
