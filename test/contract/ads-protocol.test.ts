import { expect, it } from 'vitest';
import { installFakeAdsApi, type FakeAd } from '../../adapters/http/fake-ads-api.ts';
import { AdCalls } from '../../src/core/ads/ads-protocol.ts';
import type { AdAppParam, AdLists } from '../../src/core/ads/ads-protocol.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * The ads' calls (src/core/ads/ads-protocol.ts) as the app sends them, answered by the fake
 * (adapters/http/fake-ads-api.ts) and by the reference server (in process, on its test database): both must answer
 * alike. Each world holds a start ad for every region, a start ad for Malaysia only, and a pause ad for one video only.
 */
interface AdsWorld {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>): Promise<Answer>;
  /** How often the ad was viewed and tracked. */
  counts(id: number): Promise<{ views: number; tracks: number }>;
}

const EVERYWHERE = '/media/ads/everywhere.jpg';
const MALAYSIA_ONLY = '/media/ads/my.jpg';
const PAUSE_ON_VIDEO = '/media/ads/pause.jpg';
const VIDEO = 'movie-07';

const TO_RANK: AdAppParam = { device: 'h5', type: 'page', pagePath: '/rank', param: '', isNeedLogin: false, webUrl: '' };
const NO_APP: AdAppParam = { device: '', type: '', pagePath: '', param: '', isNeedLogin: false, webUrl: '' };

protocolContract<AdsWorld>('ads protocol', {
  fake: ({ http, send }) => {
    const state = installFakeAdsApi(http);
    const ad = (id: number, fields: Partial<FakeAd>): FakeAd => ({ id, position: 'kaiping', showURL: '', linkURL: '', appParam: NO_APP, title: '', trackingURL: '', region: null, mediaKey: null, views: 0, tracks: 0, ...fields });
    state.ads.push(
      ad(1, { showURL: EVERYWHERE, appParam: TO_RANK }),
      ad(2, { showURL: MALAYSIA_ONLY, region: 'MY' }),
      ad(3, { position: 'zanting', showURL: PAUSE_ON_VIDEO, mediaKey: VIDEO }),
    );
    return {
      send,
      counts: async (id) => {
        const found = state.ads.find((a) => a.id === id);
        return { views: found?.views ?? 0, tracks: found?.tracks ?? 0 };
      },
    };
  },
  server: {
    seed: (db) =>
      db.query(
        `INSERT INTO ads (ad_type, position, show_url, app_param, region, media_key, sort, seed_key) VALUES
           (1, 'kaiping', $1, $4::jsonb, NULL, NULL, 0, 'contract-everywhere'),
           (1, 'kaiping', $2, $6::jsonb, 'MY', NULL, 1, 'contract-my'),
           (2, 'zanting', $3, $6::jsonb, NULL, $5, 2, 'contract-pause')`,
        [EVERYWHERE, MALAYSIA_ONLY, PAUSE_ON_VIDEO, JSON.stringify(TO_RANK), VIDEO, JSON.stringify(NO_APP)],
      ),
    world: ({ db, send }) => ({
      send,
      counts: async (id) => {
        const rows = await db.query<{ view_count: number; track_count: number }>('SELECT view_count, track_count FROM ads WHERE id = $1', [id]);
        return { views: Number(rows[0]?.view_count ?? 0), tracks: Number(rows[0]?.track_count ?? 0) };
      },
    }),
  },
}, (world) => {
  const shown = (lists: AdLists, list: keyof AdLists) => lists[list].map((ad) => ad.showURL);

  it('GetAdsDataList: the four lists; region and media key ads only when asked; the types asked only', async () => {
    const answer = await world.send(AdCalls.list, { typeList: '1,2,3,4,5,6,8' });
    expect(answer.ret).toBe(200);
    const all = answer.data as AdLists;
    expect(Object.keys(all).sort()).toEqual(['chaBo', 'danmu', 'kaiping', 'zanting']);
    expect(shown(all, 'kaiping')).toEqual([EVERYWHERE]);
    expect(shown(all, 'zanting')).toEqual([]);
    const ad = all.kaiping[0];
    expect(ad?.viewURL).toBe(`/api/Video/AdView?id=${ad?.id}`);
    expect(ad?.appParam).toEqual({ device: 'h5', type: 'page', pagePath: '/rank', param: '', isNeedLogin: false, webUrl: '' } satisfies AdAppParam);
    expect(shown((await world.send(AdCalls.list, { typeList: '1', region: 'my' })).data as AdLists, 'kaiping')).toEqual([EVERYWHERE, MALAYSIA_ONLY]);
    expect(shown((await world.send(AdCalls.list, { typeList: '1, 2', mediaKey: VIDEO })).data as AdLists, 'zanting')).toEqual([PAUSE_ON_VIDEO]);
    expect(shown((await world.send(AdCalls.list, { typeList: '2', mediaKey: VIDEO })).data as AdLists, 'kaiping')).toEqual([]);
  });

  it('GetAdsDataList refuses no typeList (1001), a malformed one, a region not of two letters and a bad media key (1002)', async () => {
    expect((await world.send(AdCalls.list, { typeList: '' })).ret).toBe(1001);
    for (const typeList of ['a', '1,,2', '1;2', '100']) expect(await world.send(AdCalls.list, { typeList })).toMatchObject({ ret: 1002, msg: '参数格式错误：typeList' });
    expect(await world.send(AdCalls.list, { typeList: '1', region: 'CHN' })).toMatchObject({ ret: 1002, msg: '参数格式错误：region' });
    expect(await world.send(AdCalls.list, { typeList: '1', mediaKey: "x' or 1=1" })).toMatchObject({ ret: 1002, msg: '参数格式错误：mediaKey' });
  });

  it('AdView and AdTrack count the ad once per call; an unknown ad is 1070 广告不存在, id 0 is 1002', async () => {
    const id = ((await world.send(AdCalls.list, { typeList: '1' })).data as AdLists).kaiping[0]?.id ?? 0;
    const before = await world.counts(id);
    expect(await world.send(AdCalls.view, { id })).toEqual({ ret: 200, msg: '成功', data: null });
    expect(await world.send(AdCalls.track, { id })).toEqual({ ret: 200, msg: '成功', data: null });
    expect(await world.counts(id)).toEqual({ views: before.views + 1, tracks: before.tracks + 1 });
    expect(await world.send(AdCalls.view, { id: 999_999 })).toMatchObject({ ret: 1070, msg: '广告不存在' });
    expect(await world.send(AdCalls.track, { id: 999_999 })).toMatchObject({ ret: 1070, msg: '广告不存在' });
    expect((await world.send(AdCalls.view, { id: 0 })).ret).toBe(1002);
    expect((await world.send(AdCalls.track, { id: 0 })).ret).toBe(1002);
  });
});
