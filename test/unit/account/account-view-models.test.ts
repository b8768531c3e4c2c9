import { describe, expect, it, vi } from 'vitest';
import { ProfileService } from '../../../src/core/account/profile-service.ts';
import { SETTINGS_STORAGE_KEY, SettingsService } from '../../../src/core/account/settings-service.ts';
import { SignInService } from '../../../src/core/account/sign-in-service.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { SessionService } from '../../../src/core/session/session-service.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import {
  EditGenderViewModel,
  EditInfoViewModel,
  EditIntroduceViewModel,
  EditNicknameViewModel,
} from '../../../src/ui/account/edit-profile-view-models.ts';
import { SettingsViewModel } from '../../../src/ui/account/settings-view-model.ts';
import { SignInViewModel } from '../../../src/ui/account/sign-in-view-model.ts';
import { UserViewModel } from '../../../src/ui/user/user-view-model.ts';
import { installFakeAccountApi } from '../../../adapters/http/fake-account-api.ts';

function setup(path = '/user') {
  const { container, world } = createHeadlessCore({ path });
  world.clock.advance(2 * 3_600_000); // 2026-01-01 10:00 in China
  const session = container.get(UserSession);
  const api = installFakeAccountApi(world.http, session, world.clock);
  const sessions = container.get(SessionService);
  const model = new SessionModel(session);
  const profile = container.get(ProfileService);
  return {
    world,
    api,
    sessions,
    model,
    profile,
    settingsService: container.get(SettingsService),
    signInService: container.get(SignInService),
    user: new UserViewModel(model, sessions, world.navigator, world.notifier),
    register: () =>
      sessions.register({ userName: 'walker_9', nickName: '行者', password: 'secret123', confirmPassword: 'secret123' }),
  };
}

describe('UserViewModel (account entries and profile)', () => {
  it('a visitor sees no level or sex, and 编辑资料 sends them to log in first', () => {
    const { user, world } = setup();
    expect(user.level).toBe(0);
    expect(user.gender).toBeNull();
    expect(user.vipText).toBe('');
    expect(user.entries.map((e) => e.label)).toEqual([
      '编辑资料', '消息', '签到', '我的金币', '任务中心', '我的等级', '邀请好友', '我的动态', '关注动态', '投票管理', '观看记录', '我的收藏', '求片', '设置', '帮助中心',
    ]);
    user.entryTapped('/editInfo');
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/editInfo' } });
    user.entryTapped('/myGold');
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/myGold' } });
    user.entryTapped('/signIn');
    expect(world.navigator.current().path).toBe('/signIn');
  });

  it('a user shows level 1 and opens the entries', async () => {
    const { user, world, register } = setup();
    await register();
    expect(user.level).toBe(1);
    user.entryTapped('/editInfo');
    expect(world.navigator.current().path).toBe('/editInfo');
  });
});

describe('profile editing', () => {
  it('saves a nickname under 正在加载, updates the session and goes back', async () => {
    const { model, profile, world, api, user, register } = setup('/editNickname');
    await register();
    world.navigator.push('/editInfo');
    world.navigator.push('/editNickname');
    const vm = new EditNicknameViewModel(model, profile, world.navigator);
    expect(vm.value).toBe('行者');
    expect(vm.canSave).toBe(false);
    vm.changed('新的名字');
    let release = () => {};
    api.hold = new Promise((resolve) => (release = resolve));
    const saving = vm.saveTapped();
    await Promise.resolve();
    expect(world.notifier.openLoadings()).toEqual(['正在加载']);
    expect(vm.saving).toBe(true);
    release();
    await saving;
    expect(world.notifier.openLoadings()).toEqual([]);
    expect(world.notifier.lastToast()?.message).toBe('保存成功');
    expect(user.nickName).toBe('新的名字');
    expect(world.navigator.current().path).toBe('/editInfo');
  });

  it('refuses a bad nickname without calling the server', async () => {
    const { model, profile, world, register } = setup();
    await register();
    const vm = new EditNicknameViewModel(model, profile, world.navigator);
    const sent = world.http.requests.length;
    vm.changed('a'.repeat(17));
    await vm.saveTapped();
    expect(vm.error).toBe('昵称为1-16个字符且不含控制字符');
    expect(world.http.requests.length).toBe(sent);
    expect(world.notifier.loadings).toEqual([]);
  });

  it('gender, introduction and avatar save and show on the profile', async () => {
    const { model, profile, world, user, register } = setup();
    await register();
    const info = new EditInfoViewModel(model, profile, world.navigator);
    expect(info.genderText).toBe('未设置');

    await new EditGenderViewModel(model, profile, world.navigator).chosen(0);
    expect(user.gender).toBe(0);
    expect(info.genderText).toBe('女');

    const intro = new EditIntroduceViewModel(model, profile, world.navigator);
    intro.changed('😀'.repeat(101));
    expect(intro.counter).toBe('101/100');
    expect(intro.canSave).toBe(false);
    intro.changed('  爱看纪录片 ');
    await intro.saveTapped();
    expect(info.introduction).toBe('爱看纪录片');

    info.avatarTapped();
    expect(info.choosingAvatar).toBe(true);
    const choice = info.avatarChoices[2] ?? '';
    await info.avatarChosen(choice);
    expect(info.choosingAvatar).toBe(false);
    expect(user.avatar).toBe(choice);
    expect(world.notifier.loadings.map((l) => l.text)).toEqual(['正在加载', '正在加载', '正在加载']);
  });

  it('a visitor on an edit screen is sent to log in and back', () => {
    const { model, profile, world } = setup();
    const vm = new EditGenderViewModel(model, profile, world.navigator);
    expect(vm.loggedIn).toBe(false);
    vm.loginTapped('/editGender');
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/editGender' } });
  });
});

describe('SettingsViewModel', () => {
  it('a visitor gets the defaults, kept in local storage when toggled', async () => {
    const { model, settingsService, sessions, world } = setup('/settings');
    const vm = new SettingsViewModel(model, settingsService, sessions, world.notifier);
    await vm.load();
    expect(vm.items.map((i) => [i.label, i.on])).toEqual([
      ['新消息通知', true],
      ['仅接收好友私信', false],
      ['移动网络自动播放', false],
      ['弹幕', true],
    ]);
    await vm.toggled('danmuOpen', false);
    expect(JSON.parse(world.local.get(SETTINGS_STORAGE_KEY) ?? '{}')).toMatchObject({ danmuOpen: false });
    const again = new SettingsViewModel(model, settingsService, sessions, world.notifier);
    await again.load();
    expect(again.settings.danmuOpen).toBe(false);
  });

  it('a user saves on the server at once; 退出登录 asks first', async () => {
    const { model, settingsService, sessions, world, api, register } = setup('/settings');
    await register();
    const vm = new SettingsViewModel(model, settingsService, sessions, world.notifier);
    await vm.load();
    const saving = vm.toggled('autoPlayWhenWWAN', true);
    expect(vm.settings.autoPlayWhenWWAN).toBe(true);
    expect(vm.items.find((i) => i.name === 'autoPlayWhenWWAN')?.saving).toBe(true);
    await saving;
    expect(api.settings.autoPlayWhenWWAN).toBe(true);

    const out = vm.logoutTapped();
    expect(world.notifier.dialogs[0]?.options.message).toBe('确定要退出登录吗？');
    world.notifier.answer(true);
    await out;
    expect(vm.loggedIn).toBe(false);
    expect(world.notifier.lastToast()?.message).toBe('已退出登录');
  });
});

describe('SignInViewModel', () => {
  it('a visitor is sent to /login with the way back', async () => {
    const { model, signInService, world } = setup('/signIn');
    const vm = new SignInViewModel(model, signInService, world.navigator, world.notifier, world.visibility);
    await vm.load();
    expect(vm.loggedIn).toBe(false);
    await vm.signTapped();
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/signIn' } });
  });

  it('signs in once a day, shows the reward, and the streak grows the next day', async () => {
    const { model, signInService, world, register } = setup('/signIn');
    await register();
    const vm = new SignInViewModel(model, signInService, world.navigator, world.notifier, world.visibility);
    await vm.load();
    expect(vm.canSign).toBe(true);
    expect(vm.hintText).toBe('今日签到可得5金币');
    await vm.signTapped();
    expect(vm.rewardShown).toBe(5);
    expect(world.notifier.lastToast()?.message).toBe('签到成功，获得5金币');
    expect(vm.signedToday).toBe(true);
    expect(vm.buttonText).toBe('今日已签到');
    expect(vm.canSign).toBe(false);
    expect(vm.streakText).toBe('已连续签到1天');
    expect(vm.goldText).toBe('我的金币：5');
    expect(vm.hintText).toBe('明天签到可得10金币');

    // Another screen (or tab) signing again is refused with the server's message.
    const other = new SignInViewModel(model, signInService, world.navigator, world.notifier, world.visibility);
    await other.load();
    other.status = { ...(other.status ?? vm.status!), signedToday: false };
    await other.signTapped();
    expect(world.notifier.lastToast()?.message).toBe('今天已经签到过了，明天再来吧');
    expect(other.signedToday).toBe(true);

    // Past midnight China time the page, coming back into view, reads the new day.
    const stopWatching = vm.watchVisibility();
    world.clock.advance(14 * 3_600_000);
    world.visibility.hide();
    world.visibility.show();
    await vi.waitFor(() => expect(vm.signedToday).toBe(false));
    stopWatching();
    await vm.signTapped();
    expect(vm.rewardShown).toBe(10);
    expect(vm.streakText).toBe('已连续签到2天');
    expect(vm.status?.calendar.filter((d) => d.signed)).toHaveLength(2);
  });
});
