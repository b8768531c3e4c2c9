import { describe, expect, it } from 'vitest';
import { installFakeConsoleAdsApi } from '../../../adapters/http/fake-console-ads-api.ts';
import { installFakeConsoleOperatorsApi } from '../../../adapters/http/fake-console-operators-api.ts';
import { FakeHttp } from '../../../adapters/http/fake-http.ts';
import { MemoryNavigator } from '../../../adapters/navigator/memory-navigator.ts';
import { FakeNotifier } from '../../../adapters/notifier/fake-notifier.ts';
import { ConsoleAds } from '../../../src/core/admin-ads/console-ads.ts';
import { MemoryLocalFiles } from '../../../adapters/local-files/memory-local-files.ts';
import { ConsoleOperators } from '../../../src/core/admin-operators/console-operators.ts';
import { CaptchaService } from '../../../src/core/captcha/captcha-service.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import { AdsViewModel } from '../../../src/console/ads-view-model.ts';
import { AuditViewModel } from '../../../src/console/audit-view-model.ts';
import { ConsoleSessionModel } from '../../../src/console/console-session-model.ts';
import { OperatorsViewModel } from '../../../src/console/operators-view-model.ts';
import { SessionsViewModel } from '../../../src/console/sessions-view-model.ts';
import { afterSignIn, SignInViewModel } from '../../../src/console/sign-in-view-model.ts';

/** The console's view-models on its fake API (one browser), as the console's composition makes them. */
function setup(path = '/admin/login', query: Record<string, string> = {}) {
  const http = new FakeHttp();
  let browser = 'one';
  const state = installFakeConsoleOperatorsApi(http, { browser: () => browser });
  state.addOperator({ name: 'boss', role: 'owner', password: 'owner password' });
  state.addOperator({ name: 'writer', role: 'editor', password: 'editor password' });
  const ads = installFakeConsoleAdsApi(http, { callerOf: (call) => state.callerOf(call), record: (...args) => state.record(...args) });
  ads.addAd({ position: 'kaiping', showURL: '/media/demo/poster-1.jpg' });
  ads.addAd({ position: 'zanting', showURL: '/media/demo/cover-1.jpg', title: '暂停广告' });
  const notifier = new FakeNotifier();
  const navigator = new MemoryNavigator(path, query);
  const context = { visitorId: () => null, traditionalChinese: () => false, tokenParams: () => null, sessionInvalidated: () => undefined };
  const api = new ApiClient(http, context, notifier, navigator);
  const operators = new ConsoleOperators(api);
  const session = new ConsoleSessionModel(operators);
  const signIn = () => new SignInViewModel(operators, new CaptchaService(api), session, navigator);
  const files = new MemoryLocalFiles();
  return { state, ads, notifier, navigator, operators, files, adsApi: new ConsoleAds(api, files), session, signIn, switchBrowser: (to: string) => (browser = to) };
}

async function signedIn(world: ReturnType<typeof setup>, name: string, password: string) {
  const vm = world.signIn();
  vm.nameChanged(name);
  vm.passwordChanged(password);
  await vm.submit();
  return vm;
}

describe('the console’s view-models', () => {
  it('sign-in: a wrong password shows the server’s words and clears the password; the right one goes where the console was sent from', async () => {
    const world = setup('/admin/login', { redirect: '/admin/audit' });
    const vm = await signedIn(world, 'boss', 'wrong password');
    expect(vm.error).toBe('操作员名或密码错误');
    expect(vm.password).toBe('');
    expect(world.session.operator).toBeNull();
    vm.passwordChanged('owner password');
    await vm.submit();
    expect(vm.error).toBe('');
    expect(world.session.operator).toMatchObject({ name: 'boss', role: 'owner' });
    expect(world.navigator.current().path).toBe('/admin/audit');
    expect(world.session.mayOpen('audit')).toBe(true);
  });

  it('sign-in goes only to a page of the console afterwards', () => {
    expect(afterSignIn('/admin/sessions')).toBe('/admin/sessions');
    expect(afterSignIn('https://evil.example/admin')).toBe('/admin');
    expect(afterSignIn('//evil.example')).toBe('/admin');
    expect(afterSignIn('/admin/login')).toBe('/admin');
    expect(afterSignIn(undefined)).toBe('/admin');
  });

  it('the session is asked of the server at the start: signed in or not, and an editor may not open 审计日志', async () => {
    const world = setup();
    await world.session.check();
    expect(world.session).toMatchObject({ checked: true, operator: null });
    await signedIn(world, 'writer', 'editor password');
    const again = new ConsoleSessionModel(world.operators);
    await again.check();
    expect(again.operator).toMatchObject({ name: 'writer', role: 'editor' });
    expect(again.mayOpen('sessions')).toBe(true);
    expect(again.mayOpen('audit')).toBe(false);
  });

  it('审计日志: refused to an editor by the server (forbidden); an owner’s pages filtered by action', async () => {
    const editor = setup();
    await signedIn(editor, 'writer', 'editor password');
    const refused = new AuditViewModel(editor.operators, editor.session);
    await refused.load();
    expect(refused.forbidden).toBe(true);

    const owner = setup();
    await signedIn(owner, 'boss', 'owner password');
    const vm = new AuditViewModel(owner.operators, owner.session);
    await vm.load();
    expect(vm.forbidden).toBe(false);
    expect(vm.page?.list.map((row) => row.action)).toEqual(['operators.sign-in', 'operators.create', 'operators.create']);
    vm.actionChanged('operators.create');
    vm.searchTapped();
    await vm.load();
    expect(vm.page?.list.map((row) => row.target)).toEqual(owner.state.operators.map((one) => `operator:${one.id}`).reverse());
    vm.pageChanged(2, 1);
    await vm.load();
    expect(vm).toMatchObject({ pageNumber: 1, pageSize: 1 });
  });

  it('登录会话: ending another session asks first and lists again; ending this one signs the console out', async () => {
    const world = setup();
    world.switchBrowser('laptop');
    await signedIn(world, 'boss', 'owner password');
    world.switchBrowser('desk');
    await signedIn(world, 'boss', 'owner password');
    const vm = new SessionsViewModel(world.operators, world.session, world.notifier);
    await vm.load();
    expect(vm.sessions.map((one) => one.current)).toEqual([true, false]);

    const other = vm.sessions[1]!.id;
    const ending = vm.endTapped(other);
    expect(world.notifier.dialogs[0]?.options.message).toBe('结束该会话？在那台设备上需要重新登录。');
    world.notifier.answer(true);
    await ending;
    expect(vm.sessions).toHaveLength(1);
    expect(world.notifier.lastToast()?.message).toBe('会话已结束');

    const own = vm.endTapped(vm.sessions[0]!.id);
    world.notifier.answer(true);
    await own;
    expect(world.session.operator).toBeNull();
  });

  it('操作员: a new operator’s made password is shown once; a taken name stays in the form; disabling asks first', async () => {
    const world = setup();
    await signedIn(world, 'boss', 'owner password');
    const vm = new OperatorsViewModel(world.operators, world.session, world.notifier);
    await vm.load();
    expect(vm.operators.map((one) => one.name)).toEqual(['boss', 'writer']);
    expect(vm.me).toBe('boss');

    vm.createTapped();
    vm.nameChanged('writer');
    await vm.createSubmitted();
    expect(vm).toMatchObject({ creating: true, formError: '操作员名已存在' });
    vm.nameChanged('judge');
    vm.roleChanged('moderator');
    await vm.createSubmitted();
    expect(vm.creating).toBe(false);
    expect(vm.shownPassword?.operator).toMatchObject({ name: 'judge', role: 'moderator' });
    expect(vm.shownPassword?.password).toMatch(/^\S{16}$/);
    expect(world.notifier.lastToast()?.message).toBe('已创建操作员 judge');
    expect(vm.operators.map((one) => one.name)).toEqual(['boss', 'writer', 'judge']);
    vm.passwordClosed();
    expect(vm.shownPassword).toBeNull();

    const disabling = vm.disableTapped('judge');
    expect(world.notifier.dialogs.at(-1)?.options.message).toBe('停用 judge？其所有会话将被结束。');
    world.notifier.answer(true);
    await disabling;
    expect(vm.operators.find((one) => one.name === 'judge')?.disabled).toBe(true);

    const resetting = vm.resetTapped('writer');
    world.notifier.answer(false);
    await resetting;
    expect(vm.shownPassword).toBeNull();
  });

  it('广告: the switch turns an ad off at once; an edit with a schedule that ends first stays in the form with the reason', async () => {
    const world = setup();
    await signedIn(world, 'writer', 'editor password');
    const vm = new AdsViewModel(world.adsApi, world.session, world.notifier, world.files);
    await vm.load();
    expect(vm.ads.map((ad) => vm.positionName(ad))).toEqual(['开屏', '暂停']);
    await vm.enabledToggled(vm.ads[0]!, false);
    expect(vm.ads[0]?.enabled).toBe(false);
    expect(world.ads.ads[0]?.enabled).toBe(false);

    vm.editTapped(vm.ads[1]!);
    vm.titleChanged('  暂停时看看  ');
    vm.scheduleChanged([Date.UTC(2030, 1, 1), Date.UTC(2030, 0, 1)]);
    await vm.editSubmitted();
    expect(vm.formError).toBe('结束时间须晚于开始时间');
    expect(vm.editing).not.toBeNull();
    vm.scheduleChanged([Date.UTC(2030, 0, 1), Date.UTC(2030, 1, 1)]);
    await vm.editSubmitted();
    expect(vm.editing).toBeNull();
    expect(vm.ads[1]).toMatchObject({ title: '暂停时看看', startsAt: Date.UTC(2030, 0, 1), endsAt: Date.UTC(2030, 1, 1) });
    expect(world.notifier.lastToast()?.message).toBe('已保存');
    expect(world.state.audit.filter((row) => row.action === 'ads.update')).toHaveLength(2);
  });

  it('广告: a new ad needs a picture uploaded here (a text file is refused); made, it joins its list, audited', async () => {
    const world = setup();
    await signedIn(world, 'writer', 'editor password');
    const vm = new AdsViewModel(world.adsApi, world.session, world.notifier, world.files);
    await vm.load();
    vm.createTapped();
    expect([vm.title, vm.formPosition, vm.pictureHint]).toEqual(['新建广告', 'kaiping', '开屏图：竖版 9:16，裁切为 1080×1920']);
    await vm.editSubmitted();
    expect(vm.formError).toBe('请先上传图片');
    await vm.pictureChosen(new File(['只是文字'], 'poster.jpg', { type: 'image/jpeg' }));
    expect(vm.formError).toBe('图片格式不支持（只支持 JPG、PNG、WebP）');
    await vm.pictureChosen(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], 'poster.png', { type: 'image/png' }));
    expect(vm.form.showURL).toMatch(/^\/media\/ads\/.+\.jpg$/);
    // Another list needs its own picture (cropped to its size).
    vm.positionChosen('zanting');
    expect(vm.form.showURL).toBe('');
    vm.positionChosen('kaiping');
    await vm.pictureChosen(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0])], 'poster.jpg', { type: 'image/jpeg' }));
    vm.titleChanged('新片上线');
    vm.appPageChosen('/openVip');
    await vm.editSubmitted();
    expect(vm.editing).toBeNull();
    const made = vm.ads.find((ad) => ad.title === '新片上线');
    expect(made).toMatchObject({ position: 'kaiping', appPage: '/openVip', enabled: true });
    expect(vm.appPageName(made!)).toBe('开通VIP');
    expect(world.notifier.lastToast()?.message).toBe('已新建');
    expect(world.state.audit.map((row) => row.action)).toContain('ads.create');
  });
});
