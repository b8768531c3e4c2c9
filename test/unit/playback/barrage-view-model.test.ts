import { describe, expect, it } from 'vitest';
import { type BarrageItem } from '../../../src/core/playback/barrage-service.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { adDrawable } from '../../../src/ui/barrage/barrage-timeline-view-model.ts';
import type { PlayerHandle } from '../../../src/ui/common/player-slots.ts';
import { ME, barrageViewModel, barrageWorld, flush, stored, user } from './barrage-support.ts';

const AD = {
  id: 9,
  showURL: '/media/demo/poster-1.jpg',
  linkURL: '',
  viewURL: '/api/Video/AdView?id=9',
  title: '【广告】开通VIP会员，海量大片免广告畅看',
  appParam: { device: 'h5', type: 'page', pagePath: '/openVip', param: '', isNeedLogin: true, webUrl: '' },
};

function setup(options: { loggedIn?: boolean } = {}) {
  const { container, world, api } = barrageWorld([stored(1, 1), stored(2, 2, '剧透来了', 50)]);
  const session = container.get(UserSession);
  if (options.loggedIn !== false) session.signedIn(user());
  const views: string[] = [];
  world.http.route('GET', '/api/Video/GetAdsDataList', () => ({ body: { ret: 200, msg: '成功', data: { kaiping: [], zanting: [], chaBo: [], danmu: [AD] } } }));
  world.http.route('POST', '/api/Video/AdView', (call) => {
    views.push(call.path);
    return { body: { ret: 200, msg: '成功', data: null } };
  });
  const vm = barrageViewModel({ container, world });
  let time = 3.5;
  const player = { currentTime: () => time, paused: () => false } as unknown as PlayerHandle;
  vm.timeline.playerChanged(player);
  vm.opened('/play/movie-04', 'movie-04');
  return { vm, world, api, views, session, setTime: (t: number) => (time = t) };
}

describe('the barrage bar and sheets', () => {
  it('a visitor’s 发送 goes to /login and back to the video', async () => {
    const { vm, world } = setup({ loggedIn: false });
    await flush();
    expect(vm.sendBox.placeholder).toBe('登录后发弹幕');
    expect(vm.sendBox.sendEnabled).toBe(true);
    await vm.sendBox.sendTapped();
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/play/movie-04' } });
  });

  it('sends at the player’s time and empties the box; a refusal puts the text back', async () => {
    const { vm, api } = setup();
    await flush();
    vm.sendBox.inputChanged('好看');
    expect(vm.sendBox.sendEnabled).toBe(true);
    await vm.sendBox.sendTapped();
    expect(api.calls.find((c) => c.path === '/api/Video/AddBarrages')?.params).toMatchObject({ content: '好看', time: '3.500' });
    expect(vm.sendBox.input).toBe('');
    api.fail.set('/api/Video/AddBarrages', { ret: 8045, msg: '发送太频繁，请1秒后再试' });
    vm.sendBox.inputChanged('再来');
    await vm.sendBox.sendTapped();
    expect(vm.sendBox.input).toBe('再来');
  });

  it('the danmu switch turns barrages off and on, and sending waits while off', async () => {
    const { vm } = setup();
    await flush();
    expect(vm.danmuOpen).toBe(true);
    vm.switchToggled();
    expect(vm.danmuOpen).toBe(false);
    expect(vm.sendBox.placeholder).toBe('弹幕已关闭');
    vm.sendBox.inputChanged('关着呢');
    expect(vm.sendBox.canSend).toBe(false);
    vm.switchToggled();
    expect(vm.danmuOpen).toBe(true);
  });

  it('a tapped barrage: like, report (dialog 已收到您的举报 … 我知道了) and block its sender', async () => {
    const { vm, world } = setup();
    await flush();
    const target = vm.timeline.session.timeline.at(1) as BarrageItem;
    vm.barrageTapped(target);
    expect(vm.sheet).toBe('actions');
    expect(vm.likeText).toBe('点赞');
    await vm.likeTapped();
    expect(world.notifier.lastToast()?.message).toBe('点赞成功');
    vm.barrageTapped(target);
    expect(vm.likeText).toBe('取消点赞');

    vm.reportTapped();
    expect(vm.sheet).toBe('reasons');
    const reporting = vm.reasonChosen('恶意剧透');
    await flush();
    expect(world.notifier.dialogs[0]?.options).toEqual({
      title: '已收到您的举报',
      message: '我们会尽快核实处理，如该弹幕违反社区规范，将被删除。',
      confirmText: '我知道了',
    });
    world.notifier.answer(true);
    await reporting;

    vm.barrageTapped(target);
    await vm.shieldUserTapped();
    expect(vm.filters.shieldUsers.map((u) => u.uid)).toEqual([50]);
    expect(vm.filters.compiledShields.users.has(50)).toBe(true);
  });

  it('keywords are added from the blocking sheet and removed again', async () => {
    const { vm, world } = setup();
    await flush();
    vm.filters.keywordInputChanged('  ');
    await vm.filters.keywordSubmitted();
    expect(world.notifier.lastToast()?.message).toBe('请输入要屏蔽的关键词');
    vm.filters.keywordInputChanged('剧透');
    await vm.filters.keywordSubmitted();
    expect(vm.filters.shieldKeywords).toEqual(['剧透']);
    expect(vm.filters.keywordInput).toBe('');
    await vm.filters.keywordRemoved('剧透');
    expect(vm.filters.shieldKeywords).toEqual([]);
  });

  it('the settings sheet shows the barrage coin and saves a change', async () => {
    const { vm, api } = setup();
    // Three likes from others on one of the viewer's barrages: three coins.
    api.barrages.push(stored(5, 4, '我的弹幕', ME));
    for (const liker of [50, 51, 52]) api.likes.add(`${liker}:5`);
    await flush();
    vm.settingsTapped();
    await flush();
    expect(vm.coin).toBe(3);
    await vm.configChanged({ size: 'large' });
    expect(vm.config.size).toBe('large');
    expect(api.config.size).toBe('large');
  });

  it('the barrage ad: text without its 【广告】, one view however often it shows, a visitor tapping it logs in first', async () => {
    const { vm, views, world } = setup({ loggedIn: false });
    await flush();
    expect(vm.timeline.ad?.content).toBe('开通VIP会员，海量大片免广告畅看');
    expect(adDrawable({ ...AD, title: undefined } as never).content).toBe('点击查看详情');
    vm.timeline.adShown();
    vm.timeline.adShown();
    await flush();
    expect(views).toEqual(['/api/Video/AdView']);
    vm.barrageTapped(vm.timeline.ad!);
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/openVip' } });
  });
});
