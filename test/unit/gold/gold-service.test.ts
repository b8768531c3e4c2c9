import { describe, expect, it } from 'vitest';
import { GoldRet } from '../../../src/core/gold/gold-protocol.ts';
import { balanceText, gateText, goldAmount, reasonLabel, signedAmount } from '../../../src/core/gold/gold-rules.ts';
import { GoldService } from '../../../src/core/gold/gold-service.ts';
import { ok, refused, settle, setup } from './gold-support.ts';

function goldSetup() {
  const base = setup();
  return { ...base, service: base.container.get(GoldService) };
}

describe('gold rules', () => {
  it('says prices, balances and amounts the way the screens show them', () => {
    expect(goldAmount(30)).toBe('30金币');
    expect(gateText(30)).toBe('该视频需要30金币解锁');
    expect(balanceText(70)).toBe('当前余额70金币');
    expect(signedAmount(5)).toBe('+5');
    expect(signedAmount(-30)).toBe('-30');
  });

  it('names each ledger reason', () => {
    expect(reasonLabel({ reason: 'sign_in', videoTitle: null, note: '' })).toBe('每日签到');
    expect(reasonLabel({ reason: 'unlock', videoTitle: '长安十二时辰', note: '' })).toBe('解锁《长安十二时辰》');
    expect(reasonLabel({ reason: 'unlock', videoTitle: null, note: '' })).toBe('解锁视频');
    expect(reasonLabel({ reason: 'grant', videoTitle: null, note: '新用户体验金币' })).toBe('新用户体验金币');
    expect(reasonLabel({ reason: 'grant', videoTitle: null, note: '' })).toBe('系统赠送');
    expect(reasonLabel({ reason: 'refund', videoTitle: null, note: '' })).toBe('金币变动');
  });
});

describe('GoldService.access (FilterVideoByGold)', () => {
  it('reads the price, the unlock and the balance, and keeps the stored balance current', async () => {
    const { service, world, logIn, session } = goldSetup();
    logIn({ gold: 10 });
    world.http.route('GET', '/api/video/FilterVideoByGold', (call) => {
      expect(call.params.mediaKeys).toBe('movie-02');
      return ok({ list: [{ mediaKey: 'movie-02', price: 30, unlocked: false, cover: '/media/demo/cover-3.jpg' }], balance: 100 });
    });
    expect(await service.access('movie-02')).toEqual({ price: 30, unlocked: false, balance: 100, cover: '/media/demo/cover-3.jpg' });
    expect(session.user()?.gold).toBe(100);
  });

  it('reads a video missing from the list as free, and an unreadable answer as null', async () => {
    const { service, world } = goldSetup();
    world.http.route('GET', '/api/video/FilterVideoByGold', () => ok({ list: [], balance: null }));
    expect(await service.access('movie-01')).toEqual({ price: 0, unlocked: true, balance: null, cover: '' });
    world.http.route('GET', '/api/video/FilterVideoByGold', () => ok('nope'));
    expect(await service.access('movie-01')).toBeNull();
  });
});

describe('GoldService.unlock (PayVideoByGold)', () => {
  it('tells a visitor to log in without sending anything', async () => {
    const { service, calls } = goldSetup();
    expect(await service.unlock('movie-02')).toEqual({ kind: 'login' });
    expect(calls('GET', '/api/video/PayVideoByGold')).toHaveLength(0);
  });

  it('sends one request however often it is tapped while one is on its way', async () => {
    const { service, world, logIn, calls, session } = goldSetup();
    logIn({ gold: 100 });
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    world.http.route('GET', '/api/video/PayVideoByGold', () => new Promise((resolve) => (answer = resolve)));
    const taps = [service.unlock('movie-02'), service.unlock('movie-02'), service.unlock('movie-02')];
    await settle();
    expect(service.isUnlocking('movie-02')).toBe(true);
    expect(calls('GET', '/api/video/PayVideoByGold')).toHaveLength(1);
    answer(ok({ mediaKey: 'movie-02', price: 30, paid: 30, balance: 70, alreadyUnlocked: false }, '解锁成功'));
    const outcomes = await Promise.all(taps);
    expect(outcomes).toEqual(Array(3).fill({ kind: 'unlocked', paid: 30, balance: 70, alreadyUnlocked: false }));
    expect(service.isUnlocking('movie-02')).toBe(false);
    expect(session.user()?.gold).toBe(70);
    expect(world.notifier.toasts.map((t) => t.message)).toEqual(['解锁成功']);
    // A later tap asks again (the server answers it was already unlocked, nothing debited).
    world.http.route('GET', '/api/video/PayVideoByGold', () => ok({ mediaKey: 'movie-02', price: 30, paid: 0, balance: 70, alreadyUnlocked: true }));
    expect(await service.unlock('movie-02')).toEqual({ kind: 'unlocked', paid: 0, balance: 70, alreadyUnlocked: true });
    expect(calls('GET', '/api/video/PayVideoByGold')).toHaveLength(2);
  });

  it('hands back the refusal for too little gold without a toast', async () => {
    const { service, world, logIn, session } = goldSetup();
    logIn({ gold: 99 });
    world.http.route('GET', '/api/video/PayVideoByGold', () =>
      refused(GoldRet.Insufficient, '金币不足，当前余额10金币', { mediaKey: 'movie-05', price: 50, balance: 10 }),
    );
    expect(await service.unlock('movie-05')).toEqual({ kind: 'insufficient', price: 50, balance: 10, message: '金币不足，当前余额10金币' });
    expect(world.notifier.toasts).toEqual([]);
    expect(session.user()?.gold).toBe(10);
  });

  it('reads a free video and other failures', async () => {
    const { service, world, logIn } = goldSetup();
    logIn();
    world.http.route('GET', '/api/video/PayVideoByGold', () => refused(GoldRet.NotForSale, '该视频免费，无需解锁'));
    expect(await service.unlock('movie-01')).toEqual({ kind: 'free', message: '该视频免费，无需解锁' });
    expect(world.notifier.toasts).toEqual([]);
    world.http.route('GET', '/api/video/PayVideoByGold', () => refused(1030, '视频不存在'));
    expect(await service.unlock('gone')).toEqual({ kind: 'failed', message: '视频不存在' });
    expect(world.notifier.toasts.map((t) => t.message)).toEqual(['视频不存在']);
  });
});

describe('GoldService.records (the history of /myGold)', () => {
  it('reads a page with the balance (as gold-protocol.ts declares it), leaving out entries that moved no gold', async () => {
    const { service, world, logIn } = goldSetup();
    logIn();
    const entry = { id: 3, amount: -30, balance: 70, reason: 'unlock', mediaKey: 'movie-02', videoTitle: '片名', note: '', time: 1000 };
    world.http.route('GET', '/api/user/GetGoldRecords', (call) => {
      expect([call.params.page, call.params.pageSize]).toEqual(['2', '20']);
      return ok({
        balance: 70,
        total: 22,
        page: 2,
        pageSize: 20,
        list: [entry, { id: 2, amount: 0, balance: 100, reason: 'grant', mediaKey: null, videoTitle: null, note: '', time: 900 }],
      });
    });
    expect(await service.records(2)).toEqual({ balance: 70, total: 22, page: 2, pageSize: 20, list: [entry] });
  });
});
