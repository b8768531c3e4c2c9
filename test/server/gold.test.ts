import { describe, expect, it } from 'vitest';
import { PLAY_AD_MEDIA_KEY, SEED_PLAY_ADS, seedAds } from '../../server/ads/seed.ts';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import { videoAccess } from '../../server/gold/gold-repository.ts';
import { GOLD_DEMO_ACCOUNT, SEED_GOLD_PRICES, seedGold } from '../../server/gold/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { GoldCalls, type GoldRecordPage, type PaidVideo, type PaidVideos, type VideoUnlocked } from '../../src/core/gold/gold-protocol.ts';
import { FakeClock, MINUTE, tokenParams } from './support.ts';
import type { TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const clock = new FakeClock();

const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seedCatalogue(db, clock);
    await seedAds(db);
    await seedAds(db);
    await seedGold(db, clock);
  },
});

const call = <T = unknown>(user: TestUser | null, path: string, fields: Record<string, string> = {}) =>
  server.get<T>(path, { ...(user ? tokenParams(user.token) : {}), ...fields });
const filter = (user: TestUser | null, mediaKeys: string) =>
  call<PaidVideos>(user, GoldCalls.paidVideos.path, { mediaKeys });
/** The list without the covers (checked once below). */
const withoutCovers = (list: PaidVideo[]) => list.map(({ cover: _cover, ...rest }) => rest);
const pay = (user: TestUser | null, mediaKey: string) => call<VideoUnlocked | null>(user, GoldCalls.unlock.path, { mediaKey });
const records = (user: TestUser | null, fields: Record<string, string> = {}) => call<GoldRecordPage>(user, GoldCalls.records.path, fields);

async function userWithGold(gold: number): Promise<TestUser> {
  const user = await server.registerUser();
  await server.db.query('UPDATE users SET gold = $1 WHERE id = $2', [gold, user.id]);
  return user;
}
async function balanceOf(user: TestUser): Promise<number> {
  const rows = await server.db.query<{ gold: number }>('SELECT gold FROM users WHERE id = $1', [user.id]);
  return Number(rows[0]?.gold);
}
async function ledgerOf(user: TestUser): Promise<{ amount: number; balance_after: number; reason: string }[]> {
  return server.db.query('SELECT amount, balance_after, reason FROM gold_ledger WHERE user_id = $1 ORDER BY id', [user.id]);
}
async function videoIdOf(mediaKey: string): Promise<number> {
  const rows = await server.db.query<{ id: number }>('SELECT id FROM videos WHERE media_key = $1', [mediaKey]);
  return rows[0]!.id;
}

describe('seeded prices and demo gold', () => {
  it('prices the paid demo videos and leaves the rest free', async () => {
    const { body } = await filter(null, 'movie-01,movie-02,movie-05,drama-03,movie-07');
    expect(body.ret).toBe(Ret.Ok);
    for (const video of body.data.list) expect(video.cover).toBe(`/media/demo/covers/${video.mediaKey}.jpg`);
    expect(withoutCovers(body.data.list)).toEqual([
      { mediaKey: 'movie-02', price: SEED_GOLD_PRICES['movie-02'], unlocked: false },
      { mediaKey: 'movie-05', price: SEED_GOLD_PRICES['movie-05'], unlocked: false },
      { mediaKey: 'drama-03', price: SEED_GOLD_PRICES['drama-03'], unlocked: false },
    ]);
    expect(body.data.list.map((v) => v.price)).toEqual([30, 50, 20]);
  });

  it('gives demo2 its starting gold once, with a ledger entry (seeding is idempotent)', async () => {
    const demo2 = await server.registerUser({ userName: GOLD_DEMO_ACCOUNT.userName });
    await seedGold(server.db, clock);
    await seedGold(server.db, clock);
    expect(await balanceOf(demo2)).toBe(100);
    expect(await ledgerOf(demo2)).toEqual([{ amount: 100, balance_after: 100, reason: 'grant' }]);
    const { body } = await records(demo2);
    expect(body.data.balance).toBe(100);
    expect(body.data.list).toEqual([expect.objectContaining({ amount: 100, balance: 100, reason: 'grant', note: GOLD_DEMO_ACCOUNT.note })]);
  });
});

describe('GET /api/video/FilterVideoByGold', () => {
  it('says which videos the caller unlocked, with the balance for a logged-in caller', async () => {
    const user = await userWithGold(40);
    expect((await pay(user, 'drama-03')).body.ret).toBe(Ret.Ok);
    const { body } = await filter(user, 'drama-03,movie-02,unknown-key,drama-03');
    expect(withoutCovers(body.data.list)).toEqual([
      { mediaKey: 'drama-03', price: 20, unlocked: true },
      { mediaKey: 'movie-02', price: 30, unlocked: false },
    ]);
    expect(body.data.balance).toBe(20);
    const visitor = (await filter(null, 'drama-03')).body.data;
    expect(withoutCovers(visitor.list)).toEqual([{ mediaKey: 'drama-03', price: 20, unlocked: false }]);
    expect(visitor.balance).toBeNull();
  });

  it('takes at most 50 media keys and validates them', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `movie-${String(i + 1).padStart(2, '0')}`);
    expect((await filter(null, fifty.join(','))).body.ret).toBe(Ret.Ok);
    const tooMany = await filter(null, [...fifty, 'drama-01'].join(','));
    expect(tooMany.body).toEqual({ ret: Ret.BadParam, msg: 'mediaKeys最多50个', data: null });
    expect((await filter(null, [...fifty, 'movie-01'].join(','))).body.ret).toBe(Ret.Ok);
    expect((await call(null, '/api/video/FilterVideoByGold')).body.ret).toBe(Ret.MissingParam);
    for (const bad of ['movie-01,,movie-02', ',', 'x'.repeat(65)]) expect((await filter(null, bad)).body.ret).toBe(Ret.BadParam);
  });
});

describe('GET /api/video/PayVideoByGold', () => {
  it('needs a login', async () => {
    expect((await pay(null, 'movie-02')).body).toEqual({ ret: Ret.SessionInvalid, msg: '请先登录', data: null });
  });

  it('validates the media key and refuses unknown and free videos', async () => {
    const user = await userWithGold(100);
    expect((await call(user, '/api/video/PayVideoByGold')).body.ret).toBe(Ret.MissingParam);
    expect((await pay(user, 'x'.repeat(65))).body.ret).toBe(Ret.BadParam);
    expect((await pay(user, 'no-such-video')).body).toEqual({ ret: Ret.VideoNotFound, msg: '视频不存在', data: null });
    expect((await pay(user, 'movie-01')).body).toEqual({ ret: Ret.VideoNotForSale, msg: '该视频免费，无需解锁', data: null });
    expect(await balanceOf(user)).toBe(100);
    expect(await ledgerOf(user)).toEqual([]);
  });

  it('refuses an insufficient balance with the balance in the message, debiting nothing', async () => {
    const user = await userWithGold(10);
    const { body } = await pay(user, 'movie-05');
    expect(body).toEqual({ ret: Ret.GoldInsufficient, msg: '金币不足，当前余额10金币', data: { mediaKey: 'movie-05', price: 50, balance: 10 } });
    expect(await balanceOf(user)).toBe(10);
    expect(await ledgerOf(user)).toEqual([]);
    expect((await filter(user, 'movie-05')).body.data.list[0]?.unlocked).toBe(false);
    const broke = await userWithGold(0);
    expect((await pay(broke, 'movie-02')).body.msg).toBe('金币不足，当前余额0金币');
  });

  it('debits the price once and records it; paying again debits nothing and says so', async () => {
    const user = await userWithGold(100);
    const first = await pay(user, 'movie-02');
    expect(first.body).toEqual({ ret: Ret.Ok, msg: '解锁成功', data: { mediaKey: 'movie-02', price: 30, paid: 30, balance: 70, alreadyUnlocked: false } });
    const again = await pay(user, 'movie-02');
    expect(again.body).toEqual({ ret: Ret.Ok, msg: '已解锁，无需重复支付', data: { mediaKey: 'movie-02', price: 30, paid: 0, balance: 70, alreadyUnlocked: true } });
    expect(await balanceOf(user)).toBe(70);
    expect(await ledgerOf(user)).toEqual([{ amount: -30, balance_after: 70, reason: 'unlock' }]);
  });

  it('pays once when five taps arrive at the same time', async () => {
    const user = await userWithGold(100);
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(user, 'movie-02')));
    expect(answers.map((a) => a.body.ret)).toEqual([Ret.Ok, Ret.Ok, Ret.Ok, Ret.Ok, Ret.Ok]);
    expect(answers.filter((a) => a.body.data?.alreadyUnlocked === false)).toHaveLength(1);
    expect(answers.map((a) => a.body.data?.balance)).toEqual([70, 70, 70, 70, 70]);
    expect(await balanceOf(user)).toBe(70);
    expect(await ledgerOf(user)).toEqual([{ amount: -30, balance_after: 70, reason: 'unlock' }]);
    const purchases = await server.db.query('SELECT 1 FROM gold_purchases WHERE user_id = $1', [user.id]);
    expect(purchases).toHaveLength(1);
  });

  it('never lets concurrent payments for different videos take the balance below zero', async () => {
    const user = await userWithGold(60);
    const answers = await Promise.all(['movie-02', 'movie-05', 'drama-03'].map((key) => pay(user, key)));
    const paid = answers.filter((a) => a.body.ret === Ret.Ok).reduce((sum, a) => sum + (a.body.data?.paid ?? 0), 0);
    const refused = answers.filter((a) => a.body.ret === Ret.GoldInsufficient);
    expect(paid).toBeLessThanOrEqual(60);
    expect(refused.length).toBeGreaterThan(0);
    expect(await balanceOf(user)).toBe(60 - paid);
    const ledger = await ledgerOf(user);
    expect(ledger.reduce((sum, entry) => sum + entry.amount, 0)).toBe(-paid);
    expect(ledger.at(-1)?.balance_after).toBe(60 - paid);
  });
});

describe('videoAccess (asked by GetPlayAddress and VideoDetails)', () => {
  it('opens free videos to everyone and paid ones only to their buyers', async () => {
    const user = await userWithGold(100);
    const movie02 = await videoIdOf('movie-02');
    expect(await videoAccess(server.db, null, await videoIdOf('movie-01'))).toEqual({ price: 0, unlocked: true });
    expect(await videoAccess(server.db, null, movie02)).toEqual({ price: 30, unlocked: false });
    expect(await videoAccess(server.db, user.id, movie02)).toEqual({ price: 30, unlocked: false });
    await pay(user, 'movie-02');
    expect(await videoAccess(server.db, user.id, movie02)).toEqual({ price: 30, unlocked: true });
    expect(await videoAccess(server.db, null, movie02)).toEqual({ price: 30, unlocked: false });
    expect(await videoAccess(server.db, user.id, 2_000_000_000)).toEqual({ price: 0, unlocked: true });
  });
});

describe('the gold ledger and GET /api/user/GetGoldRecords', () => {
  it('records the daily sign-in in the same transaction as the balance', async () => {
    const user = await server.registerUser();
    const signed = await server.post<{ gold: number; reward: number }>('/api/SignIn/SignIn', tokenParams(user.token));
    expect(signed.body.ret).toBe(Ret.Ok);
    expect(signed.body.data.gold).toBe(5);
    expect(await ledgerOf(user)).toEqual([{ amount: 5, balance_after: 5, reason: 'sign_in' }]);
    expect((await server.post('/api/SignIn/SignIn', tokenParams(user.token))).body.ret).toBe(Ret.AlreadySignedIn);
    expect(await ledgerOf(user)).toHaveLength(1);
  });

  it('pages the history newest first with the balance', async () => {
    const user = await userWithGold(0);
    await server.post('/api/SignIn/SignIn', tokenParams(user.token));
    clock.advance(MINUTE);
    await server.db.query('UPDATE users SET gold = gold + 95 WHERE id = $1', [user.id]);
    await server.db.query(`INSERT INTO gold_ledger (user_id, amount, balance_after, reason, note, created_at) VALUES ($1, 95, 100, 'grant', '活动奖励', $2)`, [
      user.id, new Date(clock.now()),
    ]);
    clock.advance(MINUTE);
    await pay(user, 'drama-03');
    clock.advance(MINUTE);
    await pay(user, 'movie-02');

    const first = (await records(user, { page: '1', pageSize: '2' })).body.data;
    expect(first.balance).toBe(50);
    expect(first.total).toBe(4);
    expect(first.list.map((r) => [r.amount, r.balance, r.reason])).toEqual([[-30, 50, 'unlock'], [-20, 80, 'unlock']]);
    expect(first.list[0]).toMatchObject({ mediaKey: 'movie-02', videoTitle: expect.any(String) as string, time: clock.now() });
    const second = (await records(user, { page: '2', pageSize: '2' })).body.data;
    expect(second.list.map((r) => [r.amount, r.reason, r.note])).toEqual([[95, 'grant', '活动奖励'], [5, 'sign_in', '']]);
    expect((await records(user, { page: '3', pageSize: '2' })).body.data.list).toEqual([]);
  });

  it('answers an empty history, needs a login and validates the paging', async () => {
    const user = await server.registerUser();
    expect((await records(user)).body.data).toEqual({ balance: 0, list: [], page: 1, pageSize: 20, total: 0 });
    expect((await records(null)).body.ret).toBe(Ret.SessionInvalid);
    const badPaging: Record<string, string>[] = [{ page: '0' }, { page: 'x' }, { pageSize: '51' }, { pageSize: '0' }];
    for (const fields of badPaging) {
      expect((await records(user, fields)).body.ret).toBe(Ret.BadParam);
    }
  });
});

describe('play ads (pause, inserted, barrage)', () => {
  interface AdJson {
    id: number;
    showURL: string;
    viewURL: string;
    title: string;
    trackingURL: string;
  }
  const adsFor = async (fields: Record<string, string>) =>
    (await server.get<Record<'kaiping' | 'zanting' | 'chaBo' | 'danmu', AdJson[]>>('/api/Video/GetAdsDataList', { typeList: '1,2,3,4,5,6,8', ...fields })).body.data;

  it('answers the pause and inserted ads on their video only, the barrage ad everywhere, each once', async () => {
    const onVideo = await adsFor({ mediaKey: PLAY_AD_MEDIA_KEY });
    expect(onVideo.zanting.map((ad) => ad.title)).toEqual([SEED_PLAY_ADS[0]!.title]);
    expect(onVideo.chaBo.map((ad) => ad.title)).toEqual([SEED_PLAY_ADS[1]!.title]);
    expect(onVideo.danmu.map((ad) => ad.title)).toEqual(['开通VIP会员，海量大片免广告畅看']);
    expect(onVideo.zanting[0]!.trackingURL).toBe(`/api/Video/AdTrack?id=${onVideo.zanting[0]!.id}`);
    expect(onVideo.danmu[0]!.trackingURL).toBe('');
    const elsewhere = await adsFor({ mediaKey: 'movie-01' });
    expect(elsewhere.zanting).toEqual([]);
    expect(elsewhere.chaBo).toEqual([]);
    expect(elsewhere.danmu).toHaveLength(1);
  });

  it('counts tracking hits on the demo tracking address', async () => {
    const ad = (await adsFor({ mediaKey: PLAY_AD_MEDIA_KEY })).zanting[0]!;
    const { body } = await server.get(ad.trackingURL);
    expect(body).toEqual({ ret: Ret.Ok, msg: '成功', data: null });
    const rows = await server.db.query<{ track_count: number }>('SELECT track_count FROM ads WHERE id = $1', [ad.id]);
    expect(Number(rows[0]!.track_count)).toBe(1);
    expect((await server.get('/api/Video/AdTrack', { id: '999999' })).body.ret).toBe(Ret.AdNotFound);
    expect((await server.get('/api/Video/AdTrack', { id: 'x' })).body.ret).toBe(Ret.BadParam);
    expect((await server.get('/api/Video/AdTrack')).body.ret).toBe(Ret.MissingParam);
  });
});
