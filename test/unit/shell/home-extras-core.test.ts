import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { SignInService } from '../../../src/core/account/sign-in-service.ts';
import { SIGN_IN_TIP_HIDDEN_KEY, SignInTip } from '../../../src/core/account/sign-in-tip.ts';
import { CatalogueFilterService, NO_FILTER, filterParams } from '../../../src/core/catalogue/catalogue-filter.ts';
import { CatalogueCalls } from '../../../src/core/catalogue/catalogue-protocol.ts';
import { parsed } from '../../../src/core/request/answer-values.ts';
import { SessionService } from '../../../src/core/session/session-service.ts';
import { CusServiceConfigService, parseCusServiceConfig } from '../../../src/core/shell/cus-service-config.ts';
import { SignInTipViewModel } from '../../../src/ui/account/sign-in-tip-view-model.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import { TypePageViewModel } from '../../../src/ui/catalogue/type-page-view-model.ts';
import { CusServiceViewModel } from '../../../src/ui/messaging/cus-service-view-model.ts';
import { installFakeAccountApi } from '../../../adapters/http/fake-account-api.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';

const CONFIG = { account: 'kefu-service', uid: 7, nickName: '官方客服', hours: '每天 09:00-24:00', welcome: '您好，我是客服', fallbackContact: 'service@qiyu.example' };
const ok = (data: unknown) => ({ body: { ret: 200, msg: '成功', data } });

describe('GET /api/home/GetCusServiceConfig', () => {
  it('is a GET with no payload beyond the common params, kept for the session', async () => {
    const { container, world } = createHeadlessCore();
    const calls: { method: string; params: Record<string, string>; body: Record<string, unknown> }[] = [];
    world.http.route('GET', '/api/home/GetCusServiceConfig', (call) => {
      calls.push({ method: call.method, params: call.params, body: call.body });
      return ok(CONFIG);
    });
    const service = container.get(CusServiceConfigService);
    expect(await service.load()).toEqual(CONFIG);
    expect(await service.load()).toEqual(CONFIG);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.body).toEqual({});
    const common = ['System', 'AppVersion', 'SystemVersion', 'version', 'DeviceId', 'Lang'];
    expect(Object.keys(calls[0]?.params ?? {}).filter((key) => !common.includes(key))).toEqual([]);
    expect(calls[0]?.params).toMatchObject({ System: 'h5', version: 'H3' });
    expect(world.session.get('cusServiceConfig')).toContain('kefu-service');
  });

  it('a failure shows nothing and gives null; a malformed answer is read defensively', async () => {
    const { container, world } = createHeadlessCore();
    world.http.route('GET', '/api/home/GetCusServiceConfig', () => ({ body: { ret: 500, msg: '服务器繁忙，请稍后再试', data: null } }));
    expect(await container.get(CusServiceConfigService).load()).toBeNull();
    expect(world.notifier.toasts).toHaveLength(0);
    expect(parseCusServiceConfig([])).toBeNull();
    expect(parseCusServiceConfig({ uid: 'x', hours: 3 })).toEqual({ account: '', uid: 0, nickName: '', hours: '', welcome: '', fallbackContact: '' });
  });

  it('the chat with the service account shows the welcome and hours; help shows hours and the fallback contact', async () => {
    const { container, world } = createHeadlessCore();
    let config: unknown = CONFIG;
    world.http.route('GET', '/api/home/GetCusServiceConfig', () => ok(config));
    const vm = new CusServiceViewModel(container.get(CusServiceConfigService));
    await vm.opened();
    expect(vm.chatNotice(7)).toEqual({ welcome: '您好，我是客服', hours: '服务时间：每天 09:00-24:00' });
    expect(vm.chatNotice(8)).toBeNull();
    expect(vm.chatNotice(null)).toBeNull();
    expect(vm.contactLines).toEqual(['服务时间：每天 09:00-24:00', '其他联系方式：service@qiyu.example']);

    // No service account: customer service is unavailable, only the fallback contact is offered.
    world.session.remove('cusServiceConfig');
    config = { ...CONFIG, uid: 0 };
    const unavailable = new CusServiceViewModel(container.get(CusServiceConfigService));
    await unavailable.opened();
    expect(unavailable.chatNotice(0)).toBeNull();
    expect(unavailable.contactLines).toEqual(['客服暂不可用，可联系：service@qiyu.example']);
  });
});

describe('GET /api/home/filter', () => {
  /** The options as the declared answer reads them (undefined when the answer is unreadable). */
  const optionsOf = (options: unknown) => parsed(CatalogueCalls.filter.answer!, { ...page, options })?.options;
  const page = { options: { categories: [{ key: 'movie', name: '电影' }, { key: 1 }], areas: ['中国', 3], years: [2024, 'x', 2023], languages: ['国语', '', 7, '粤语'], sorts: [{ key: 'hot', name: '最热' }, { key: 'price', name: '价格' }] }, filter: {}, list: [], page: 1, pageSize: 10, total: 0 };

  it('sends the chosen filters with page and pageSize in the query of a GET; 全部 sends nothing', async () => {
    const { container, world } = createHeadlessCore();
    const calls: { method: string; params: Record<string, string>; body: Record<string, unknown> }[] = [];
    world.http.route('GET', '/api/home/filter', (call) => {
      calls.push({ method: call.method, params: call.params, body: call.body });
      return ok(page);
    });
    const service = container.get(CatalogueFilterService);
    const result = await service.page({ category: 'movie', area: '中国', year: 2024, language: '粤语', sort: 'new' }, 2, 10);
    await service.page(NO_FILTER, 1, 10);
    expect(calls.map((c) => c.method)).toEqual(['GET', 'GET']);
    expect(calls[0]?.params).toMatchObject({ category: 'movie', area: '中国', year: '2024', language: '粤语', sort: 'new', page: '2', pageSize: '10', System: 'h5' });
    expect(calls[0]?.body).toEqual({});
    expect(calls[1]?.params).toMatchObject({ sort: 'hot', page: '1', pageSize: '10' });
    for (const absent of ['category', 'area', 'year', 'language']) expect(calls[1]?.params).not.toHaveProperty(absent);
    expect(result.options).toEqual({ categories: [{ key: 'movie', name: '电影', kind: 'long' }], areas: ['中国'], years: [2024, 2023], languages: ['国语', '粤语'], sorts: [{ key: 'hot', name: '最热' }] });
    expect(filterParams({ ...NO_FILTER, year: 0 }, 1, 10)).toEqual({ sort: 'hot', page: 1, pageSize: 10 });
    expect(filterParams({ ...NO_FILTER, language: '日语' }, 1, 10)).toEqual({ language: '日语', sort: 'hot', page: 1, pageSize: 10 });
    expect(optionsOf(null)).toBeUndefined();
    expect(optionsOf({})).toEqual({ categories: [], areas: [], years: [], languages: [], sorts: [] });
    expect(optionsOf({ languages: '国语' })?.languages).toEqual([]);
  });

  it('/typePage: a chip starts a new list with the choice; a new category clears area, year and language', async () => {
    const choices: unknown[] = [];
    const vm = new TypePageViewModel({
      page: async (choice, p, size) => {
        choices.push(choice);
        return { list: [], page: p, pageSize: size, total: 0, options: optionsOf(page.options)! };
      },
    });
    vm.list.opened();
    await Promise.resolve();
    await Promise.resolve();
    expect(vm.rows.map((r) => r.label)).toEqual(['分类', '地区', '年份', '语言', '排序']);
    expect(vm.rows.map((r) => r.chips.map((c) => c.label))).toEqual([['全部', '电影'], ['全部', '中国'], ['全部', '2024', '2023'], ['全部', '国语', '粤语'], ['最热']]);
    const first = vm.list;
    vm.chipTapped('area', '中国');
    vm.chipTapped('year', '2024');
    vm.chipTapped('language', '粤语');
    expect(vm.choice).toEqual({ category: '', area: '中国', year: 2024, language: '粤语', sort: 'hot' });
    expect(vm.rows.find((r) => r.key === 'language')?.chosen).toBe('粤语');
    expect(vm.list).not.toBe(first);
    const withLanguage = vm.list;
    vm.chipTapped('language', '');
    expect(vm.choice.language).toBe('');
    expect(vm.list).not.toBe(withLanguage);
    vm.chipTapped('language', '粤语');
    vm.chipTapped('category', 'movie');
    expect(vm.choice).toEqual({ category: 'movie', area: '', year: 0, language: '', sort: 'hot' });
    const same = vm.list;
    vm.chipTapped('category', 'movie');
    expect(vm.list).toBe(same);
    expect(choices[0]).toEqual(NO_FILTER);
  });
});

describe('the sign-in tip', () => {
  async function loggedInCore() {
    const core = createHeadlessCore();
    installFakeAccountApi(core.world.http, core.container.get(UserSession), core.world.clock);
    await core.container.get(SessionService).register({ userName: 'tipper_1', nickName: '签到者', password: 'secret123', confirmPassword: 'secret123' });
    return core;
  }

  it('shows to a logged-in user not signed in today; × hides it for the session; a new session shows it again', async () => {
    const { container, world } = await loggedInCore();
    const vm = new SignInTipViewModel(container.get(SignInTip), world.navigator, new SessionModel(container.get(UserSession)));
    expect(vm.userKey).not.toBe('');
    await vm.check();
    expect(vm.visible).toBe(true);
    vm.closeTapped();
    expect(vm.visible).toBe(false);
    expect(world.session.get(SIGN_IN_TIP_HIDDEN_KEY)).toBe('1');
    // A reload keeps the session storage: still hidden.
    const again = new SignInTipViewModel(container.get(SignInTip), world.navigator, new SessionModel(container.get(UserSession)));
    await again.check();
    expect(again.visible).toBe(false);
    // A new session (fresh session storage) shows it again.
    const fresh = await loggedInCore();
    const shown = new SignInTipViewModel(fresh.container.get(SignInTip), fresh.world.navigator, new SessionModel(fresh.container.get(UserSession)));
    await shown.check();
    expect(shown.visible).toBe(true);
    shown.tipTapped();
    expect(fresh.world.navigator.current()).toMatchObject({ path: '/signIn' });
  });

  it('is not shown to a visitor or once the user has signed in today, and a failed check shows no toast', async () => {
    const visitor = createHeadlessCore();
    expect(await visitor.container.get(SignInTip).shouldShow()).toBe(false);
    const { container, world } = await loggedInCore();
    await container.get(SignInService).signIn();
    expect(await container.get(SignInTip).shouldShow()).toBe(false);
    world.http.route('GET', '/api/SignIn/GetSignInInfo', () => ({ body: { ret: 500, msg: '服务器繁忙，请稍后再试', data: null } }));
    const toasts = world.notifier.toasts.length;
    expect(await container.get(SignInTip).shouldShow()).toBe(false);
    expect(world.notifier.toasts).toHaveLength(toasts);
  });
});
