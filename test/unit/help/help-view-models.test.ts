import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { HelpService } from '../../../src/core/help/help-service.ts';
import { HelpCenterViewModel, HelpDetailViewModel, TvHelpViewModel } from '../../../src/ui/help/help-view-models.ts';
import { installFakeHelpApi } from '../../../adapters/http/fake-help-api.ts';

function setup() {
  const { container, world } = createHeadlessCore({ path: '/help' });
  const api = installFakeHelpApi(world.http);
  return { service: container.get(HelpService), world, api };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('HelpCenterViewModel', () => {
  it('lists categories with questions; a question opens /helpDetail with id and index, and the way back scrolls to it', async () => {
    const { service, world } = setup();
    const vm = new HelpCenterViewModel({ service, navigator: world.navigator }, false);
    await vm.load();
    expect(vm.categories.map((c) => c.title)).toEqual(['账号问题', '会员与支付']);
    expect(vm.scrollTarget).toBeNull();
    expect(vm.feedbackVisible).toBe(true);
    vm.questionTapped(1, { id: 63, title: '会员服务协议' });
    expect(world.navigator.current()).toEqual({ path: '/helpDetail', query: { id: '63', index: '1' } });
    const back = new HelpCenterViewModel({ service, navigator: world.navigator }, false);
    expect(back.scrollTarget).toBe(1);
    await back.load();
    back.scrolledBack();
    expect(new HelpCenterViewModel({ service, navigator: world.navigator }, false).scrollTarget).toBeNull();
  });

  it('hideNavBar hides the feedback link and travels to the detail; 在线反馈 opens /feedback', async () => {
    const { service, world } = setup();
    const vm = new HelpCenterViewModel({ service, navigator: world.navigator }, true);
    expect(vm.feedbackVisible).toBe(false);
    vm.questionTapped(0, { id: 11, title: 'q' });
    expect(world.navigator.current().query).toMatchObject({ hideNavBar: '1' });
    new HelpCenterViewModel({ service, navigator: world.navigator }, false).feedbackTapped();
    expect(world.navigator.current().path).toBe('/feedback');
  });

  it('shows a failure with retry', async () => {
    const { service, world, api } = setup();
    api.categories = [];
    world.http.route('GET', '/api/home/gethelpcat', () => ({ body: { ret: 500, msg: '服务器繁忙，请稍后再试', data: null } }));
    const vm = new HelpCenterViewModel({ service, navigator: world.navigator }, false);
    await vm.load();
    expect(vm.status).toBe('failed');
  });
});

describe('HelpDetailViewModel', () => {
  it('titles article 70 用户协议和隐私政策 and shows only sanitised HTML', async () => {
    const { service } = setup();
    const vm = new HelpDetailViewModel({ service, sanitize: (html) => `[safe]${html}` }, 70, 0);
    await vm.opened();
    expect(vm.title).toBe('用户协议和隐私政策');
    expect(vm.safeHtml).toBe('[safe]<p>隐私政策</p>');
    expect(service.takeVisit()).toBe(0);
  });

  it('an unknown or missing id says 帮助内容不存在 / 加载失败', async () => {
    const { service } = setup();
    const none = new HelpDetailViewModel({ service, sanitize: (h) => h }, null, null);
    await none.opened();
    expect(none.message).toBe('帮助内容不存在');
    const unknown = new HelpDetailViewModel({ service, sanitize: (h) => h }, 5, null);
    await unknown.opened();
    expect(unknown.status).toBe('failed');
    expect(unknown.safeHtml).toBe('');
  });
});

describe('TvHelpViewModel', () => {
  it('flattens categories and questions, opens a question with OK, scrolls by 300, leaves on back', async () => {
    const { service } = setup();
    let left = 0;
    const vm = new TvHelpViewModel({ service, sanitize: (h) => h, leave: () => void (left += 1) });
    await vm.opened();
    expect(vm.items.map((i) => `${i.kind}:${i.id}`)).toEqual(['category:1', 'question:11', 'question:70', 'category:2', 'question:63']);
    vm.keyPressed('down');
    vm.keyPressed('down');
    vm.keyPressed('enter');
    await flush();
    expect(vm.article?.title).toBe('用户协议和隐私政策');
    vm.paneMeasured(1000);
    vm.keyPressed('down');
    expect(vm.state.scroll).toBe(300);
    vm.paneMeasured(100);
    expect(vm.state.scroll).toBe(100);
    vm.keyPressed('back');
    expect(vm.state.zone).toBe('list');
    vm.keyPressed('back');
    expect(left).toBe(1);
  });

  it('/tvdeal shows the one article at once and back leaves', async () => {
    const { service } = setup();
    let left = 0;
    const vm = new TvHelpViewModel({ service, sanitize: (h) => h, leave: () => void (left += 1) }, 63);
    await vm.opened();
    expect(vm.article?.title).toBe('会员服务协议');
    expect(vm.items[0]?.title).toBe('会员服务协议');
    expect(vm.state.zone).toBe('content');
    vm.keyPressed('back');
    expect(left).toBe(1);
    const bad = new TvHelpViewModel({ service, sanitize: (h) => h, leave: () => undefined }, 0);
    await bad.opened();
    expect(bad.articleStatus).toBe('missing');
  });
});
