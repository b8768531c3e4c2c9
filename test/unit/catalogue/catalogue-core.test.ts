import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HttpFailure } from '../../../src/core/ports/http.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { CatalogueService } from '../../../src/core/catalogue/catalogue-service.ts';
import { channelNavigationTarget, homeChannelOfPath, readSubId } from '../../../src/core/catalogue/channels.ts';
import { footerOf, PagedList } from '../../../src/core/catalogue/paged-list.ts';
import { DEFAULT_RECOMMENDATION_DURATION, RecommendationStore } from '../../../src/core/catalogue/recommendation-store.ts';
import { parsed } from '../../../src/core/request/answer-values.ts';
import { homeData, pageOf } from '../../../src/core/shared-kernel/video.ts';
import { video as videoAnswer } from '../../../src/core/shared-kernel/video-wire.ts';
import { FooterState, LoadState } from '../../../src/core/display/list-state.ts';

const video = (n: number) => ({ mediaKey: `m-${n}`, title: `视频${n}`, category: 'movie', cover: '/c.jpg', duration: 90, playCount: 12000, updatedAt: 1_700_000_000_000 });

/** A headless core whose list call serves `total` videos, failing the pages listed in `failing` once. */
function core(total: number, failing: number[] = []) {
  const { container, world } = createHeadlessCore();
  const fails = new Set(failing);
  world.http.route('GET', '/api/list/GetVideoList', ({ params }) => {
    const page = Number(params['page']);
    const size = Number(params['pageSize']);
    if (fails.delete(page)) throw new HttpFailure('network', 'down');
    const list = Array.from({ length: Math.max(0, Math.min(size, total - (page - 1) * size)) }, (_, i) => video((page - 1) * size + i));
    return { body: { ret: 200, msg: '成功', data: { list, page, pageSize: size, total, category: { key: 'movie', name: '电影', subChannels: [] } } } };
  });
  const service = container.get(CatalogueService);
  return { world, service, list: new PagedList((page, size) => service.list({ category: 'movie' }, page, size), 10) };
}

describe('PagedList over the catalogue service', () => {
  it('loads pages while Idle and stops at a short page (NoMore)', async () => {
    const { list } = core(25);
    expect(await list.loadMore()).toBe(true);
    expect(list.current()).toMatchObject({ page: 1, load: LoadState.Idle });
    await list.loadMore();
    await list.loadMore();
    expect(list.current().items).toHaveLength(25);
    expect(list.current().load).toBe(LoadState.NoMore);
    expect(footerOf(list.current())).toBe(FooterState.NoMore);
    expect(await list.loadMore()).toBe(false);
  });

  it('only Idle triggers: a second trigger while loading is ignored', async () => {
    const { list, world } = core(30);
    const first = list.loadMore();
    expect(list.current().load).toBe(LoadState.Loading);
    expect(footerOf(list.current())).toBe(FooterState.Loading);
    expect(await list.loadMore()).toBe(false);
    await first;
    expect(world.http.requests.filter((r) => r.url === '/api/list/GetVideoList')).toHaveLength(1);
  });

  it('a failed page shows the failed footer and retry loads the same page', async () => {
    const { list, world } = core(30, [2]);
    await list.loadMore();
    await list.loadMore();
    expect(list.current().load).toBe(LoadState.Failed);
    expect(footerOf(list.current())).toBe(FooterState.Failed);
    expect(world.notifier.toasts.at(-1)?.message).toBe('网络错误');
    expect(await list.loadMore()).toBe(false);
    expect(await list.retry()).toBe(true);
    expect(list.current()).toMatchObject({ page: 2, load: LoadState.Idle });
    expect(list.current().items).toHaveLength(20);
  });

  it('a failed first page is an error page (no footer), and retry recovers', async () => {
    const { list } = core(5, [1]);
    await list.loadMore();
    expect(list.current()).toMatchObject({ firstPageFailed: true, load: LoadState.Failed });
    expect(footerOf(list.current())).toBeNull();
    await list.retry();
    expect(list.current()).toMatchObject({ firstPageFailed: false, load: LoadState.NoMore });
    expect(footerOf(list.current())).toBe(FooterState.NoMore);
  });

  it('refresh replaces the items with page 1; a failed refresh keeps them', async () => {
    const { list } = core(30, []);
    await list.loadMore();
    await list.loadMore();
    expect(await list.refresh()).toBe(true);
    expect(list.current()).toMatchObject({ page: 1, load: LoadState.Idle, refreshing: false });
    expect(list.current().items).toHaveLength(10);
    const b = core(30);
    await b.list.loadMore();
    b.world.http.setOnline(false);
    expect(await b.list.refresh()).toBe(false);
    expect(b.list.current()).toMatchObject({ load: LoadState.Idle, refreshing: false });
    expect(b.list.current().items).toHaveLength(10);
  });

  it('property: whatever the sequence of triggers, items arrive in order without duplicates', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 45 }), fc.array(fc.constantFrom('more', 'retry', 'refresh'), { maxLength: 12 }), async (total, steps) => {
        const { list } = core(total, [2, 3]);
        for (const step of steps) await (step === 'more' ? list.loadMore() : step === 'retry' ? list.retry() : list.refresh());
        const keys = list.current().items.map((v) => v.mediaKey);
        expect(keys).toEqual(keys.map((_, i) => `m-${i}`));
        if (list.current().load === LoadState.NoMore) expect(keys.length).toBe(total);
      }),
      { numRuns: 40 },
    );
  });
});

describe('RecommendationStore', () => {
  it('merges recomData on set and resets it to empty on clear', () => {
    const store = new RecommendationStore();
    expect(store.current()).toEqual({ recomData: {}, watchingList: [], autoplay: false, duration: DEFAULT_RECOMMENDATION_DURATION });
    store.setRecomData({ movie: [1] });
    store.setRecomData({ drama: [2] });
    store.setRecomData({ movie: [3] });
    expect(store.current().recomData).toEqual({ movie: [3], drama: [2] });
    store.clearRecomData();
    expect(store.current().recomData).toEqual({});
  });

  it('holds the watching list, autoplay and duration (default 200)', () => {
    const store = new RecommendationStore();
    const seen: number[] = [];
    store.subscribe((s) => seen.push(s.duration));
    store.setAutoplay(true);
    store.setDuration(500);
    store.setDuration(Number.NaN);
    store.setWatchingList([parsed(videoAnswer, video(1))!]);
    expect(store.current().autoplay).toBe(true);
    expect(store.current().duration).toBe(200);
    expect(store.current().watchingList).toHaveLength(1);
    expect(seen).toEqual([200, 500, 200, 200]);
  });
});

describe('the declared answers', () => {
  it('drop malformed videos and fill missing fields', () => {
    expect(parsed(videoAnswer, { title: 'x' })).toBeNull();
    expect(parsed(videoAnswer, 'x')).toBeNull();
    expect(parsed(videoAnswer, { mediaKey: 'a', title: '标题', playCount: '12000', duration: -5, tags: ['a', 3, null] })).toMatchObject({
      playCount: 12000, duration: 0, tags: ['a', '3'], cover: '', uploader: null, updatedAt: 0, year: null,
    });
    expect(parsed(pageOf(videoAnswer), { list: [video(1), null, { title: 'no key' }] })?.list).toHaveLength(1);
    expect(parsed(pageOf(videoAnswer), { list: null, page: 2, pageSize: 10 })).toEqual({ list: [], page: 2, pageSize: 10, total: 0 });
    expect(parsed(pageOf(videoAnswer), null)).toBeNull();
  });

  it('read home data, dropping unnamed channels and blocks', () => {
    const home = parsed(homeData, {
      channels: [{ key: 'games', name: '游戏', kind: 'short', alias: 'game', subChannels: [{ id: 1, name: '手游' }, { id: 0, name: 'x' }] }, { key: '' }],
      blocks: [{ title: '电影', category: 'movie', list: [video(1)] }, { list: [] }],
      watchingList: 'nope',
    });
    expect(home?.channels).toEqual([{ key: 'games', name: '游戏', kind: 'short', alias: 'game', subChannels: [{ id: 1, name: '手游' }] }]);
    expect(home?.blocks.map((b) => b.title)).toEqual(['电影']);
    expect(home?.watchingList).toEqual([]);
  });

  it('property: reading any value through them never throws', () => {
    fc.assert(fc.property(fc.anything(), (value) => {
      parsed(videoAnswer, value);
      parsed(homeData, value);
    }));
  });
});

describe('channels', () => {
  it('ChannelNavigation redirects to the short-video channel (game → games), others are not found', () => {
    expect(channelNavigationTarget('game', '3')).toEqual({ path: '/miniVideoChannel', query: { titleId: 'games', subID: '3' } });
    expect(channelNavigationTarget('tech', null)).toEqual({ path: '/miniVideoChannel', query: { titleId: 'tech', subID: '' } });
    expect(channelNavigationTarget('movie', '1')).toBeNull();
  });

  it('home paths select channels', () => {
    expect(homeChannelOfPath('/')).toBe('');
    expect(homeChannelOfPath('/movie')).toBe('movie');
    expect(homeChannelOfPath('/game')).toBe('games');
    expect(readSubId('3')).toBe(3);
    expect(readSubId('x')).toBe(0);
    expect(readSubId(null)).toBe(0);
  });
});
