import { describe, expect, it } from 'vitest';
import { MessagingConnection } from '../../../src/core/messaging/messaging-connection.ts';
import { DEFAULT_BARRAGE_CONFIG } from '../../../src/core/playback/barrage-config.ts';
import { BarrageSettings } from '../../../src/core/playback/barrage-settings.ts';
import { BarrageShields } from '../../../src/core/playback/barrage-shields.ts';
import { BarrageStorageKeys } from '../../../src/core/playback/barrage-storage-keys.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { ME, barrageWorld, flush, user } from './barrage-support.ts';

function setup(options: { loggedIn?: boolean } = {}) {
  const { container, world, api, settings } = barrageWorld();
  const session = container.get(UserSession);
  if (options.loggedIn !== false) session.signedIn(user());
  const shields = container.get(BarrageShields);
  let changes = 0;
  shields.subscribe(() => (changes += 1));
  return { container, world, api, settings, session, shields, changes: () => changes };
}

const stored = (world: ReturnType<typeof barrageWorld>['world'], key: string) => JSON.parse(world.local.get(key) ?? 'null') as unknown;

describe('shield lists of a logged-in user', () => {
  it('reads the server’s lists into the stored user state', async () => {
    const { shields, api, world } = setup();
    api.shieldKeywords = ['剧透'];
    api.shieldUsers = [{ uid: 50, nickName: '老周玩游戏' }];
    await shields.refresh();
    expect(shields.lists()).toEqual({ users: [50], keywords: ['剧透'] });
    expect(stored(world, BarrageStorageKeys.shields)).toEqual({ uid: ME, users: [{ uid: 50, nickName: '老周玩游戏' }], keywords: ['剧透'] });
  });

  it('changes at once, then on the server; a refusal undoes the change', async () => {
    const { shields, api, changes } = setup();
    const adding = shields.addKeyword('  SPAM ');
    expect(shields.current().keywords).toEqual(['spam']);
    expect(changes()).toBe(1);
    expect(await adding).toEqual({ ok: true });
    expect(api.shieldKeywords).toEqual(['spam']);

    api.fail.set('/api/Video/ShieldKeyWord', { ret: 8049, msg: '屏蔽列表已满，最多100个' });
    expect(await shields.addKeyword('剧透')).toEqual({ ok: false, message: '屏蔽列表已满，最多100个', toasted: true });
    expect(shields.current().keywords).toEqual(['spam']);

    expect(await shields.addUser({ uid: 50, nickName: '老周' })).toEqual({ ok: true });
    expect(shields.lists().users).toEqual([50]);
    expect(await shields.removeUser(50)).toEqual({ ok: true });
    expect(api.shieldUsers).toEqual([]);
    api.fail.set('/api/Video/RemoveShieldKeyWord', { ret: 500, msg: '服务器繁忙，请稍后再试' });
    await shields.removeKeyword('spam');
    expect(shields.current().keywords).toEqual(['spam']);
  });

  it('checks keywords and list sizes before asking the server', async () => {
    const { shields, api } = setup();
    expect(await shields.addKeyword('   ')).toEqual({ ok: false, message: '请输入要屏蔽的关键词', toasted: false });
    await shields.addKeyword('剧透');
    expect(await shields.addKeyword(' 剧透')).toEqual({ ok: false, message: '该关键词已屏蔽', toasted: false });
    expect(await shields.addUser({ uid: ME, nickName: '我' })).toEqual({ ok: false, message: '不能屏蔽自己', toasted: false });
    for (let i = 0; i < 99; i++) await shields.addKeyword(`词${i}`);
    expect(await shields.addKeyword('再来一个')).toEqual({ ok: false, message: '最多屏蔽100个', toasted: false });
    expect(api.shieldKeywords).toHaveLength(100);
  });

  it('forgets the stored lists at logout and when the account logs in elsewhere', async () => {
    const { shields, session, world, container } = setup();
    await shields.addKeyword('剧透');
    container.get(MessagingConnection).start();
    world.socket.serverEmit('connectionResult', { ret: 200, msg: '成功', data: { uid: ME } });
    world.socket.serverEmit('userLiveTest', { msg: '该账号已在其他设备登录' });
    await flush();
    expect(world.local.get(BarrageStorageKeys.shields)).toBeNull();
    expect(shields.lists()).toEqual({ users: [], keywords: [] });

    session.signedIn(user());
    await flush();
    await shields.addKeyword('广告');
    session.clear();
    expect(world.local.get(BarrageStorageKeys.shields)).toBeNull();
  });
});

describe('shield lists of a visitor', () => {
  it('stay on the device and are not sent to the server', async () => {
    const { shields, api, world } = setup({ loggedIn: false });
    expect(await shields.addKeyword('剧透')).toEqual({ ok: true });
    expect(await shields.addUser({ uid: 50, nickName: '老周' })).toEqual({ ok: true });
    expect(shields.lists()).toEqual({ users: [50], keywords: ['剧透'] });
    expect(api.calls).toEqual([]);
    expect(stored(world, BarrageStorageKeys.visitorShields)).toMatchObject({ uid: null, keywords: ['剧透'] });
  });

  it('give way to the account’s lists at login, and come back at logout', async () => {
    const { shields, api, session } = setup({ loggedIn: false });
    await shields.addKeyword('剧透');
    api.shieldKeywords = ['广告'];
    session.signedIn(user());
    await flush();
    expect(shields.lists().keywords).toEqual(['广告']);
    session.clear();
    expect(shields.lists().keywords).toEqual(['剧透']);
  });
});

describe('barrage settings', () => {
  it('danmuOpen comes from the app settings (on by default) and is saved there', async () => {
    const { container, settings } = setup();
    const barrage = container.get(BarrageSettings);
    await barrage.load();
    expect(barrage.danmuOpen()).toBe(true);
    await barrage.setDanmuOpen(false);
    expect(barrage.danmuOpen()).toBe(false);
    expect(settings.danmuOpen).toBe(false);
    await barrage.load();
    expect(barrage.danmuOpen()).toBe(false);
  });

  it('a logged-in user’s settings are the server’s; a refusal undoes the change', async () => {
    const { container, api } = setup();
    const barrage = container.get(BarrageSettings);
    api.config = { ...DEFAULT_BARRAGE_CONFIG, opacity: 0.5, speed: 'fast', size: 'large', area: 0.5, density: 0.3, blockTop: true };
    await barrage.load();
    expect(barrage.current()).toEqual(api.config);
    const saving = barrage.update({ opacity: 0.8 });
    expect(barrage.current().opacity).toBe(0.8);
    expect(await saving).toEqual({ ok: true });
    expect(api.config.opacity).toBe(0.8);
    api.fail.set('/api/user/PutBarrageCofig', { ret: 8051, msg: '弹幕设置参数不正确' });
    expect(await barrage.update({ area: 0.25 })).toEqual({ ok: false, message: '弹幕设置参数不正确' });
    expect(barrage.current().area).toBe(0.5);
  });

  it('a visitor’s settings stay in local storage', async () => {
    const { container, api, world } = setup({ loggedIn: false });
    const barrage = container.get(BarrageSettings);
    await barrage.load();
    expect(barrage.current()).toEqual(DEFAULT_BARRAGE_CONFIG);
    await barrage.update({ speed: 'slow', size: 'small' });
    expect(stored(world, BarrageStorageKeys.visitorConfig)).toEqual({ ...DEFAULT_BARRAGE_CONFIG, speed: 'slow', size: 'small' });
    expect(api.calls.filter((c) => c.path.includes('BarrageCofig'))).toEqual([]);
    await barrage.load();
    expect(barrage.current().speed).toBe('slow');
  });
});
