import { describe, expect, it } from 'vitest';
import { SEED_START_ADS, seedAds } from '../../server/ads/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { FakeClock } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

interface AdJson {
  id: number;
  showURL: string;
  linkURL: string;
  viewURL: string;
  appParam: { device: string; type: string; pagePath: string; param: string; isNeedLogin: boolean; webUrl: string };
}
type AdsJson = Record<'kaiping' | 'zanting' | 'chaBo' | 'danmu', AdJson[]>;

const server = useServerFixture({
  clock: new FakeClock(),
  seed: async (db) => {
    await seedAds(db);
    await seedAds(db);
    await db.query(
      `INSERT INTO ads (ad_type, position, show_url, region, media_key, seed_key) VALUES
         (1, 'kaiping', '/media/demo/poster-4.jpg', 'MY', NULL, 'test-my'),
         (2, 'zanting', '/media/demo/cover-1.jpg', NULL, 'abc123', 'test-pause')`,
    );
  },
});

const ads = async (fields: Record<string, string>) => server.get<AdsJson>('/api/Video/GetAdsDataList', fields);

describe('GET /api/Video/GetAdsDataList', () => {
  it('answers the four lists, the seeded start ads once each (seeding is idempotent)', async () => {
    const { status, body } = await ads({ typeList: '1,2,3,4,5,6,8' });
    expect(status).toBe(200);
    expect(body.ret).toBe(Ret.Ok);
    expect(Object.keys(body.data).sort()).toEqual(['chaBo', 'danmu', 'kaiping', 'zanting']);
    expect(body.data.kaiping.map((ad) => ad.showURL)).toEqual(SEED_START_ADS.map((ad) => ad.showUrl));
    expect(body.data.zanting).toEqual([]);
    const first = body.data.kaiping[0]!;
    expect(first.viewURL).toBe(`/api/Video/AdView?id=${first.id}`);
    expect(first.appParam).toEqual({ device: 'h5', type: 'page', pagePath: '/rank', param: '', isNeedLogin: false, webUrl: '' });
    expect(body.data.kaiping[1]!.appParam.isNeedLogin).toBe(true);
  });

  it('adds the ads of a region and of a media key only when asked', async () => {
    const my = await ads({ typeList: '1,2', region: 'my' });
    expect(my.body.data.kaiping.map((ad) => ad.showURL)).toContain('/media/demo/poster-4.jpg');
    const media = await ads({ typeList: '1,2', mediaKey: 'abc123' });
    expect(media.body.data.zanting.map((ad) => ad.showURL)).toEqual(['/media/demo/cover-1.jpg']);
    expect(media.body.data.kaiping.map((ad) => ad.showURL)).not.toContain('/media/demo/poster-4.jpg');
    expect((await ads({ typeList: '2' })).body.data.kaiping).toEqual([]);
  });

  it('validates its parameters', async () => {
    expect((await ads({})).body.ret).toBe(Ret.MissingParam);
    for (const typeList of ['a', '1,,2', '1;2', '100']) expect((await ads({ typeList })).body.ret).toBe(Ret.BadParam);
    expect((await ads({ typeList: '1', region: 'CHN' })).body.ret).toBe(Ret.BadParam);
    expect((await ads({ typeList: '1', mediaKey: "x' or 1=1" })).body.ret).toBe(Ret.BadParam);
  });
});

describe('POST /api/Video/AdView', () => {
  it('counts a view through the viewURL (id in the query)', async () => {
    const ad = (await ads({ typeList: '1' })).body.data.kaiping[0]!;
    const before = await server.db.query<{ view_count: number }>('SELECT view_count FROM ads WHERE id = $1', [ad.id]);
    const { body } = await server.post(ad.viewURL);
    expect(body).toEqual({ ret: Ret.Ok, msg: '成功', data: null });
    const after = await server.db.query<{ view_count: number }>('SELECT view_count FROM ads WHERE id = $1', [ad.id]);
    expect(Number(after[0]!.view_count)).toBe(Number(before[0]!.view_count) + 1);
  });

  it('refuses a missing, malformed or unknown id', async () => {
    expect((await server.post('/api/Video/AdView')).body.ret).toBe(Ret.MissingParam);
    expect((await server.post('/api/Video/AdView', { id: 'x' })).body.ret).toBe(Ret.BadParam);
    expect((await server.post('/api/Video/AdView', { id: '0' })).body.ret).toBe(Ret.BadParam);
    expect((await server.post('/api/Video/AdView', { id: '999999' })).body).toEqual({ ret: Ret.AdNotFound, msg: '广告不存在', data: null });
  });
});

describe('seedAds on an older installation', () => {
  it('moves seeded ads still on the old shared demo pictures to their own pictures; leaves replaced ones alone', async () => {
    await server.db.query(`UPDATE ads SET show_url = '/media/demo/poster-1.jpg' WHERE seed_key = 'kaiping-1'`);
    await server.db.query(`UPDATE ads SET show_url = '/media/uploads/covers/campaign.jpg' WHERE seed_key = 'kaiping-2'`);
    await seedAds(server.db);
    const rows = await server.db.query<{ seed_key: string; show_url: string }>(
      `SELECT seed_key, show_url FROM ads WHERE seed_key IN ('kaiping-1', 'kaiping-2') ORDER BY seed_key`,
    );
    expect(rows).toEqual([
      { seed_key: 'kaiping-1', show_url: SEED_START_ADS[0]!.showUrl },
      { seed_key: 'kaiping-2', show_url: '/media/uploads/covers/campaign.jpg' },
    ]);
    expect(SEED_START_ADS[0]!.showUrl).toBe('/media/demo/ads/kaiping-1.jpg');
    await server.db.query(`UPDATE ads SET show_url = $1 WHERE seed_key = 'kaiping-2'`, [SEED_START_ADS[1]!.showUrl]);
  });
});
