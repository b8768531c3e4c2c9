import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { AdListService } from '../../../src/core/ads/ad-list-service.ts';
import { AdKeys, AdRules, adTarget, indexFromUuid, parseAdsData, startAdAllowedAt, type Ad } from '../../../src/core/ads/ads.ts';
import { StartAdController } from '../../../src/core/ads/start-ad.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';

const MINUTE = 60_000;

function ad(id: number, extra: Partial<Ad> = {}, appParam: Partial<Ad['appParam']> = {}): Ad {
  return {
    id,
    showURL: `/media/demo/poster-${id}.jpg`,
    linkURL: '',
    viewURL: `/api/Video/AdView?id=${id}`,
    ...extra,
    appParam: { device: '', type: '', pagePath: '', param: '', isNeedLogin: false, webUrl: '', ...appParam },
  };
}

function setup(options: { path?: string; stored?: Ad[] | string | null; served?: Ad[] } = {}) {
  const { container, world } = createHeadlessCore({ path: options.path ?? '/' });
  const stored = options.stored === undefined ? [ad(1)] : options.stored;
  if (stored !== null) world.local.set(AdKeys.startAdList, typeof stored === 'string' ? stored : JSON.stringify(stored));
  const listCalls: Record<string, string>[] = [];
  const views: string[] = [];
  world.http.route('GET', '/api/Video/GetAdsDataList', (call) => {
    listCalls.push(call.params);
    return { body: { ret: 200, msg: '成功', data: { kaiping: options.served ?? [ad(2)], zanting: [], chaBo: [], danmu: [] } } };
  });
  world.http.route('POST', '/api/Video/AdView', (call) => {
    views.push(call.params.id ?? '');
    return { body: { ret: 200, msg: '成功', data: null } };
  });
  const controller = container.get(StartAdController);
  return { container, world, controller, listCalls, views };
}

describe('start ad: when it shows', () => {
  it('shows a stored ad at app start, then stores the fresh kaiping list for next time', async () => {
    const { controller, world, listCalls } = setup();
    const result = await controller.start();
    expect(result).toEqual({ shown: true, corruptStoredList: false });
    expect(controller.current().ad?.id).toBe(1);
    expect(listCalls[0]?.typeList).toBe('1,2,3,4,5,6,8');
    expect(JSON.parse(world.local.get(AdKeys.startAdList) ?? '[]')).toEqual([ad(2)]);
  });

  it('on the first start ever (no stored list yet) shows an ad from the list it just fetched and keeps the list', async () => {
    const { controller, world } = setup({ stored: null });
    expect((await controller.start()).shown).toBe(true);
    expect(controller.current().ad).not.toBeNull();
    expect(world.local.get(AdKeys.startAdList)).not.toBeNull();
  });

  it('on a first start, shows nothing once the visitor has moved to another page before the list arrives', async () => {
    const { controller, world } = setup({ stored: null });
    const started = controller.start();
    world.navigator.push('/user');
    expect((await started).shown).toBe(false);
    expect(controller.current().ad).toBeNull();
  });

  it('never shows on /app-download or with hideNavBar set', async () => {
    expect((await setup({ path: '/app-download' }).controller.start()).shown).toBe(false);
    expect((await setup({ path: '/helpDetail?id=3&hideNavBar=1' }).controller.start()).shown).toBe(false);
    expect(startAdAllowedAt('/helpDetail', { hideNavBar: '' })).toBe(true);
    expect(startAdAllowedAt('/user', {})).toBe(true);
  });

  it('ignores a corrupt stored list and reports it', async () => {
    for (const corrupt of ['{not json', '{"a":1}', '"text"']) {
      const { controller } = setup({ stored: corrupt });
      // The corrupt list is ignored (and reported); the freshly fetched one takes its place.
      expect(await controller.start()).toEqual({ shown: true, corruptStoredList: true });
    }
  });

  it('shows again only when the page was hidden for more than 600000 ms', async () => {
    const { controller, world } = setup();
    await controller.start();
    controller.skip();

    world.visibility.hide();
    world.clock.advance(5 * MINUTE);
    world.visibility.show();
    expect(controller.current().ad).toBeNull();

    world.visibility.hide();
    world.clock.advance(AdRules.startAdGapMs);
    world.visibility.show();
    expect(controller.current().ad).toBeNull();

    world.visibility.hide();
    world.clock.advance(10 * MINUTE + 1);
    world.visibility.show();
    expect(controller.current().ad).not.toBeNull();
  });

  it('does not show again on a return to /app-download', async () => {
    const { controller, world } = setup();
    await controller.start();
    controller.skip();
    world.navigator.push('/app-download');
    world.visibility.hide();
    world.clock.advance(11 * MINUTE);
    world.visibility.show();
    expect(controller.current().ad).toBeNull();
  });

  it('picks the ad from the Random port', () => {
    expect(indexFromUuid('00000000-0000-4000-8000-000000000001', 3)).toBe(1);
    expect(indexFromUuid('00000000-0000-4000-8000-0000ffffffff', 3)).toBe(0xffffffff % 3);
    expect(indexFromUuid('whatever', 0)).toBe(-1);
  });
});

describe('start ad: countdown', () => {
  it('starts at 4 when the image loads and closes at 0', async () => {
    const { controller, world } = setup();
    await controller.start();
    world.clock.advance(1_000);
    expect(controller.current().countdown).toBeNull();
    controller.imageLoaded();
    const seen = [controller.current().countdown];
    for (let i = 0; i < 3; i++) {
      world.clock.advance(1_000);
      seen.push(controller.current().countdown);
    }
    expect(seen).toEqual([4, 3, 2, 1]);
    world.clock.advance(999);
    expect(controller.current().ad).not.toBeNull();
    world.clock.advance(1);
    expect(controller.current().ad).toBeNull();
    world.clock.advance(10_000);
    expect(controller.current().ad).toBeNull();
  });

  it('starts after 5 s anyway when the image has not loaded', async () => {
    const { controller, world } = setup();
    await controller.start();
    world.clock.advance(AdRules.autoStartMs - 1);
    expect(controller.current().countdown).toBeNull();
    world.clock.advance(1);
    expect(controller.current().countdown).toBe(4);
    controller.imageLoaded();
    expect(controller.current().countdown).toBe(4);
    world.clock.advance(4_000);
    expect(controller.current().ad).toBeNull();
  });

  it('an image loaded before 5 s cancels the automatic start', async () => {
    const { controller, world } = setup();
    await controller.start();
    world.clock.advance(3_000);
    controller.imageLoaded();
    world.clock.advance(2_000);
    expect(controller.current().countdown).toBe(2);
  });

  it('skip and an image error close it', async () => {
    const a = setup();
    await a.controller.start();
    a.controller.skip();
    expect(a.controller.current().ad).toBeNull();
    const b = setup();
    await b.controller.start();
    b.controller.imageFailed();
    expect(b.controller.current()).toEqual({ ad: null, countdown: null });
    expect(b.world.clock.pendingTimers()).toBe(0);
  });
});

describe('start ad: view and tap', () => {
  it('posts the viewURL once per showing', async () => {
    const { controller, world, views } = setup();
    await controller.start();
    controller.imageLoaded();
    controller.imageLoaded();
    await world.clock.advanceAsync(0);
    expect(views).toEqual(['1']);
    controller.skip();
    world.local.set(AdKeys.startAdList, JSON.stringify([ad(1)]));
    world.visibility.hide();
    world.clock.advance(11 * MINUTE);
    world.visibility.show();
    controller.imageLoaded();
    await world.clock.advanceAsync(0);
    expect(views).toEqual(['1', '1']);
    expect(world.notifier.toasts).toEqual([]);
  });

  it('opens linkURL in a new window and keeps counting down', async () => {
    const { controller, world } = setup({ stored: [ad(1, { linkURL: 'https://example.com/promo' })] });
    await controller.start();
    controller.imageLoaded();
    controller.tapped();
    expect(world.navigator.opened).toEqual([{ url: 'https://example.com/promo', newWindow: true }]);
    expect(controller.current().ad?.id).toBe(1);
  });

  it('sends a visitor to /login with the target path and query when the ad needs login', async () => {
    const { controller, world } = setup({ stored: [ad(1, {}, { pagePath: '/openVip', param: 'from=ad', isNeedLogin: true })] });
    await controller.start();
    controller.tapped();
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/openVip?from=ad' } });
    expect(controller.current().ad).toBeNull();
  });

  it('opens the in-app page for a logged-in user', async () => {
    const { controller, world, container } = setup({ stored: [ad(1, {}, { pagePath: '/openVip', param: 'from=ad', isNeedLogin: true })] });
    await controller.start();
    container.get(UserSession).signedIn({ id: 7, token: { uid: 7 } } as never);
    controller.tapped();
    expect(world.navigator.current()).toEqual({ path: '/openVip', query: { from: 'ad' } });
  });

  it('reads the in-app target of an ad', () => {
    expect(adTarget(ad(1, {}, { pagePath: '/rank' }))).toBe('/rank');
    expect(adTarget(ad(1, {}, { pagePath: '/list/movie', param: '?a=1' }))).toBe('/list/movie?a=1');
    expect(adTarget(ad(1, {}, { pagePath: '//evil.example' }))).toBeNull();
    expect(adTarget(ad(1))).toBeNull();
  });
});

describe('ad list cache', () => {
  function cacheSetup(path = '/') {
    const s = setup({ path });
    return { ...s, service: s.container.get(AdListService) };
  }

  it('caches the list 1800000 ms in session and local storage', async () => {
    const { service, world, listCalls } = cacheSetup();
    await service.load({ path: '/' });
    expect(world.session.get(AdKeys.adsCache)).toBe(world.local.get(AdKeys.adsCache));
    world.clock.advance(AdRules.listCacheMs - 1);
    await service.load({ path: '/' });
    expect(listCalls).toHaveLength(1);
    world.clock.advance(1);
    await service.load({ path: '/' });
    expect(listCalls).toHaveLength(2);
  });

  it('uses the local copy when the session has none (a new tab)', async () => {
    const { service, world, listCalls } = cacheSetup();
    await service.load({ path: '/' });
    world.session.remove(AdKeys.adsCache);
    await service.load({ path: '/' });
    expect(listCalls).toHaveLength(1);
  });

  it('skips the cache in play and with a media key', async () => {
    const { service, world, listCalls } = cacheSetup();
    await service.load({ path: '/play/abc' });
    await service.load({ path: '/watch' });
    await service.load({ path: '/', mediaKey: 'abc' });
    expect(listCalls.map((p) => p.mediaKey)).toEqual([undefined, undefined, 'abc']);
    expect(world.session.get(AdKeys.adsCache)).toBeNull();
  });

  it('ignores a corrupt cache entry', async () => {
    const { service, world, listCalls } = cacheSetup();
    world.session.set(AdKeys.adsCache, '{bad');
    world.local.set(AdKeys.adsCache, JSON.stringify({ at: world.clock.now(), region: '', data: 5 }));
    const data = await service.load({ path: '/' });
    expect(listCalls).toHaveLength(1);
    expect(data.kaiping.map((a) => a.id)).toEqual([2]);
  });

  it('reads ad data defensively', () => {
    expect(parseAdsData(null)).toBeNull();
    expect(parseAdsData({ kaiping: [{ id: 1 }, { id: 2, showURL: '/a.jpg', appParam: { isNeedLogin: 1 } }] })?.kaiping).toEqual([
      { id: 2, showURL: '/a.jpg', linkURL: '', viewURL: '', appParam: { device: '', type: '', pagePath: '', param: '', isNeedLogin: true, webUrl: '' } },
    ]);
  });
});
