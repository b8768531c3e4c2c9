import { describe, expect, it } from 'vitest';
import { AdKeys, parseAd, type Ad } from '../../../src/core/ads/ads.ts';
import { InsertedAdController, type InsertedAdEnd } from '../../../src/core/ads/inserted-ad.ts';
import { PauseAdController } from '../../../src/core/ads/pause-ad.ts';
import { PlayAdRules, PlayAdService } from '../../../src/core/ads/play-ad-service.ts';
import { ok, settle, setup } from './gold-support.ts';

const noApp = { device: '', type: '', pagePath: '', param: '', isNeedLogin: false, webUrl: '' };
function ad(id: number, extra: Partial<Ad> = {}): Ad {
  return { id, showURL: `/media/demo/cover-${id}.jpg`, linkURL: '', viewURL: `/api/Video/AdView?id=${id}`, appParam: noApp, trackingURL: `/api/Video/AdTrack?id=${id}`, ...extra };
}

function adsSetup(options: { zanting?: Ad[]; chaBo?: Ad[]; path?: string; hang?: boolean } = {}) {
  const base = setup(options.path ?? '/play/movie-07');
  const listCalls: Record<string, string>[] = [];
  base.world.http.route('GET', '/api/Video/GetAdsDataList', (call) => {
    listCalls.push(call.params);
    if (options.hang) return new Promise(() => undefined);
    return ok({ kaiping: [], zanting: options.zanting ?? [ad(1)], chaBo: options.chaBo ?? [ad(2)], danmu: [] });
  });
  base.world.http.route('POST', '/api/Video/AdView', () => ok(null));
  base.world.http.route('GET', '/api/Video/AdTrack', () => ok(null));
  const service = base.container.get(PlayAdService);
  const views = () => base.calls('POST', '/api/Video/AdView').map((r) => r.url);
  const tracks = () => base.world.http.requests.filter((r) => r.url.startsWith('/api/Video/AdTrack')).map((r) => r.url);
  return { ...base, service, listCalls, views, tracks };
}

describe('play ad data', () => {
  it('reads the title and tracking address of an ad only when they are given', () => {
    expect(parseAd({ id: 1, showURL: '/a.jpg', title: ' 广告词 ', trackingURL: 'https://t.example/p?x=1' })).toMatchObject({
      title: '广告词',
      trackingURL: 'https://t.example/p?x=1',
    });
    const bare = parseAd({ id: 1, showURL: '/a.jpg', title: '', trackingURL: '' })!;
    expect('title' in bare).toBe(false);
    expect('trackingURL' in bare).toBe(false);
  });
});

describe('PlayAdService', () => {
  it('asks for the video’s ads with the type list, media key and region, never from the cache, one request at a time', async () => {
    const { service, listCalls, world } = adsSetup();
    world.local.set(AdKeys.adsCache, JSON.stringify({ at: world.clock.now(), region: '', data: { kaiping: [], zanting: [], chaBo: [], danmu: [] } }));
    const [a, b] = await Promise.all([service.load('movie-07', 'my'), service.load('movie-07', 'my')]);
    expect(a).toBe(b);
    expect(a.zanting.map((x) => x.id)).toEqual([1]);
    expect(listCalls).toHaveLength(1);
    expect(listCalls[0]).toMatchObject({ typeList: '1,2,3,4,5,6,8', mediaKey: 'movie-07', region: 'MY' });
    await service.load('movie-07', 'not-a-region');
    expect(listCalls).toHaveLength(2);
    expect(listCalls[1]!.region).toBeUndefined();
  });

  it('tracks with a GET to any address, and sends nothing (false) for an empty one', async () => {
    const { service, world } = adsSetup();
    world.http.route('GET', 'https://tracker.example/pixel', () => ({ status: 204, body: '' }));
    world.http.route('GET', 'https://tracker.example/gone', () => ({ status: 404, body: 'no' }));
    const before = world.http.requests.length;
    expect(await service.track('')).toBe(false);
    expect(await service.track('   ')).toBe(false);
    expect(world.http.requests).toHaveLength(before);
    expect(await service.track('https://tracker.example/pixel')).toBe(true);
    expect(world.http.requests.at(-1)).toMatchObject({ method: 'GET', url: 'https://tracker.example/pixel' });
    expect(await service.track('https://tracker.example/gone')).toBe(false);
    world.http.setOnline(false);
    expect(await service.track('https://tracker.example/pixel')).toBe(false);
    expect(world.notifier.toasts).toEqual([]);
  });

  it('counts a view with a POST to the viewURL, none when it is empty', async () => {
    const { service, views } = adsSetup();
    expect(await service.countView('')).toBe(false);
    expect(await service.countView('/api/Video/AdView?id=5')).toBe(true);
    expect(views()).toEqual(['/api/Video/AdView?id=5']);
  });

  it('opens a tapped ad: its link in a new window, else its page; a visitor on a login ad goes to /login and comes back', () => {
    const { service, world, logIn } = adsSetup();
    expect(service.tapped(ad(1, { linkURL: 'https://example.com/x' }))).toBe('window');
    expect(world.navigator.opened).toEqual([{ url: 'https://example.com/x', newWindow: true }]);
    const needsLogin = ad(2, { appParam: { ...noApp, pagePath: '/openVip', param: 'from=ad', isNeedLogin: true } });
    expect(service.tapped(needsLogin)).toBe('login');
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/play/movie-07' } });
    logIn();
    expect(service.tapped(needsLogin)).toBe('page');
    expect(world.navigator.current()).toEqual({ path: '/openVip', query: { from: 'ad' } });
    expect(service.tapped(ad(3))).toBe('none');
  });

  it('knows VIP users see no inserted ad', () => {
    const { service, logIn } = adsSetup();
    expect(service.adFree()).toBe(false);
    logIn({ vipLevel: 0 });
    expect(service.adFree()).toBe(false);
    logIn({ vipLevel: 2 });
    expect(service.adFree()).toBe(true);
  });
});

describe('PauseAdController (zanting)', () => {
  async function pauseSetup(zanting: Ad[] = [ad(1)]) {
    const base = adsSetup({ zanting });
    const controller = new PauseAdController(base.service);
    const shown: (number | null)[] = [];
    controller.subscribe((state) => shown.push(state.ad?.id ?? null));
    await controller.start('movie-07');
    return { ...base, controller, shown };
  }

  it('shows while paused, counts one view and one tracking hit per showing, and hides on resume', async () => {
    const { controller, views, tracks } = await pauseSetup();
    expect(controller.current().ad).toBeNull();
    controller.pausedChanged(true);
    expect(controller.current().ad?.id).toBe(1);
    controller.imageLoaded();
    controller.imageLoaded();
    await settle();
    expect(views()).toEqual(['/api/Video/AdView?id=1']);
    expect(tracks()).toEqual(['/api/Video/AdTrack?id=1']);
    controller.pausedChanged(true);
    controller.pausedChanged(false);
    expect(controller.current().ad).toBeNull();
    controller.pausedChanged(true);
    controller.imageLoaded();
    await settle();
    expect(views()).toHaveLength(2);
  });

  it('closes with × until the next pause', async () => {
    const { controller, views } = await pauseSetup();
    controller.pausedChanged(true);
    controller.closeTapped();
    expect(controller.current().ad).toBeNull();
    controller.imageLoaded();
    controller.pausedChanged(true);
    expect(controller.current().ad).toBeNull();
    controller.pausedChanged(false);
    controller.pausedChanged(true);
    expect(controller.current().ad?.id).toBe(1);
    await settle();
    expect(views()).toEqual([]);
  });

  it('takes turns between several ads, one per pause, and skips a broken image for that pause', async () => {
    const { controller } = await pauseSetup([ad(1), ad(2)]);
    const seen: (number | undefined)[] = [];
    for (let i = 0; i < 3; i += 1) {
      controller.pausedChanged(true);
      seen.push(controller.current().ad?.id);
      controller.pausedChanged(false);
    }
    expect(seen).toEqual([1, 2, 1]);
    controller.pausedChanged(true);
    controller.imageFailed();
    expect(controller.current().ad).toBeNull();
  });

  it('shows the ad of a pause that came before the list, and nothing without ads', async () => {
    const base = adsSetup();
    const controller = new PauseAdController(base.service);
    controller.pausedChanged(true);
    expect(controller.current().ad).toBeNull();
    await controller.start('movie-07');
    expect(controller.current().ad?.id).toBe(1);
    const { controller: empty } = await pauseSetup([]);
    empty.pausedChanged(true);
    expect(empty.current().ad).toBeNull();
  });

  it('sends nothing for an ad without view or tracking address', async () => {
    const { controller, world } = await pauseSetup([ad(4, { viewURL: '', trackingURL: '' })]);
    const before = world.http.requests.length;
    controller.pausedChanged(true);
    controller.imageLoaded();
    await settle();
    expect(world.http.requests).toHaveLength(before);
  });
});

describe('InsertedAdController (chaBo)', () => {
  function insertedSetup(options: Parameters<typeof adsSetup>[0] = {}) {
    const base = adsSetup(options);
    const controller = new InsertedAdController(base.service, base.world.clock);
    const ends: InsertedAdEnd[] = [];
    controller.onFinished((end) => ends.push(end));
    return { ...base, controller, ends };
  }

  it('shows the ad with a 5 s countdown and ends by itself at 0, once', async () => {
    const { controller, ends, world, views, tracks } = insertedSetup();
    await controller.start('movie-07');
    expect(controller.current()).toMatchObject({ ad: { id: 2 }, countdown: 5 });
    controller.imageLoaded();
    controller.imageLoaded();
    world.clock.advance(4_000);
    expect(controller.current().countdown).toBe(1);
    expect(ends).toEqual([]);
    world.clock.advance(1_000);
    expect(controller.current()).toEqual({ ad: null, countdown: null });
    expect(ends).toEqual(['countdown']);
    world.clock.advance(10_000);
    controller.skipTapped();
    expect(ends).toEqual(['countdown']);
    await settle();
    expect(views()).toEqual(['/api/Video/AdView?id=2']);
    expect(tracks()).toEqual(['/api/Video/AdTrack?id=2']);
  });

  it('skips at once with 跳过广告', async () => {
    const { controller, ends } = insertedSetup();
    await controller.start('movie-07');
    controller.skipTapped();
    controller.skipTapped();
    expect(ends).toEqual(['skipped']);
    expect(controller.end()).toBe('skipped');
    const late: InsertedAdEnd[] = [];
    controller.onFinished((end) => late.push(end));
    expect(late).toEqual(['skipped']);
  });

  it('lets a VIP user through at once without asking for ads', async () => {
    const { controller, ends, logIn, listCalls } = insertedSetup();
    logIn({ vipLevel: 1 });
    await controller.start('movie-07');
    expect(ends).toEqual(['vip']);
    expect(listCalls).toEqual([]);
  });

  it('ends at once without an ad, and does not wait more than 3 s for the list', async () => {
    const none = insertedSetup({ chaBo: [] });
    await none.controller.start('movie-01');
    expect(none.ends).toEqual(['none']);

    const slow = insertedSetup({ hang: true });
    void slow.controller.start('movie-07');
    slow.world.clock.advance(PlayAdRules.insertedLoadTimeoutMs - 1);
    expect(slow.ends).toEqual([]);
    slow.world.clock.advance(1);
    expect(slow.ends).toEqual(['none']);
  });

  it('ends on a broken image and on a tap that leaves for a page; a new window keeps it', async () => {
    const broken = insertedSetup();
    await broken.controller.start('movie-07');
    broken.controller.imageFailed();
    expect(broken.ends).toEqual(['failed']);

    const window = insertedSetup({ chaBo: [ad(2, { linkURL: '/app-download' })] });
    await window.controller.start('movie-07');
    window.controller.adTapped();
    expect(window.world.navigator.opened).toEqual([{ url: '/app-download', newWindow: true }]);
    expect(window.ends).toEqual([]);

    const page = insertedSetup({ chaBo: [ad(2, { appParam: { ...noApp, pagePath: '/rank' } })] });
    await page.controller.start('movie-07');
    page.controller.adTapped();
    expect(page.ends).toEqual(['left']);
    expect(page.world.navigator.current().path).toBe('/rank');

    const vip = insertedSetup();
    await vip.controller.start('movie-07');
    vip.controller.vipTapped();
    expect(vip.ends).toEqual(['left']);
    expect(vip.world.navigator.current().path).toBe('/openVip');
  });

  it('tells nobody once stopped (the screen went away)', async () => {
    const { controller, ends, world } = insertedSetup();
    await controller.start('movie-07');
    controller.stop();
    world.clock.advance(10_000);
    expect(ends).toEqual([]);
  });
});
