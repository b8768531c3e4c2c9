/**
 * Issue 20: the calls whose method or parameter placement the spec fixes, as they leave the app (the fake Http's
 * recorded requests): UpdateUserInfo (POST, params in the query, no body), GetUserInfo (POST, where the user must
 * be fresh; the token kept) and AddPlayRecord (GET). GetVipPayType and CreateTrends have theirs in
 * test/unit/vip/purchase-service.test.ts and test/unit/upload/publish-post.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ProfileService } from '../../../src/core/account/profile-service.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { PlayService } from '../../../src/core/playback/play-service.ts';
import type { HttpRequest } from '../../../src/core/ports/http.ts';
import { SessionService } from '../../../src/core/session/session-service.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import { UserViewModel } from '../../../src/ui/user/user-view-model.ts';
import { installFakeAccountApi } from '../../../adapters/http/fake-account-api.ts';

function setup() {
  const { container, world } = createHeadlessCore({ path: '/user' });
  const session = container.get(UserSession);
  const account = installFakeAccountApi(world.http, session, world.clock);
  const sessions = container.get(SessionService);
  const sent = (path: string): HttpRequest[] => world.http.requests.filter((r) => r.url.toLowerCase() === path.toLowerCase());
  const register = () => sessions.register({ userName: 'shape_01', nickName: '形状', password: 'secret123', confirmPassword: 'secret123' });
  return { container, world, session, account, sessions, sent, register };
}

describe('POST /api/User/UpdateUserInfo: its params in the query string, no body, under 正在加载', () => {
  it('sends the change and the common params in the query of a body-less POST', async () => {
    const { container, world, account, sent, register } = setup();
    await register();
    let release: () => void = () => {};
    account.hold = new Promise<void>((resolve) => (release = resolve));
    const saving = container.get(ProfileService).save({ nickName: ' 新名字 ', gender: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(world.notifier.openLoadings()).toEqual(['正在加载']);
    release();
    expect(await saving).toMatchObject({ ok: true, user: { nickName: '新名字', gender: 1 } });
    expect(world.notifier.openLoadings()).toEqual([]);
    const [request] = sent('/api/User/UpdateUserInfo');
    expect(request?.method).toBe('POST');
    expect(request?.body).toBeUndefined();
    expect(request?.params).toMatchObject({ nickName: '新名字', gender: '1', System: 'h5', version: 'H3', token: expect.any(String), login_uid: expect.any(Number) });
  });
});

describe('POST /api/User/GetUserInfo: the user is read again where it must be fresh', () => {
  it('after a profile save, and on each show of the user page; the answer replaces the fields, the token stays', async () => {
    const { container, world, session, account, sessions, sent, register } = setup();
    await register();
    const token = session.user()?.token;
    await container.get(ProfileService).save({ introduction: '你好' });
    expect(sent('/api/User/GetUserInfo')).toHaveLength(1);
    expect(sent('/api/User/GetUserInfo')[0]).toMatchObject({ method: 'POST', body: expect.objectContaining({ token: token?.token }) });
    expect(account.userInfoCalls).toBe(1);

    const page = new UserViewModel(new SessionModel(session), sessions, world.navigator, world.notifier);
    await page.shown();
    await page.shown();
    expect(sent('/api/User/GetUserInfo')).toHaveLength(3);
    // The fake answers without a token: the stored one is kept, the fields are the answer's.
    expect(session.user()).toMatchObject({ introduction: '你好', token });
  });

  it('a visitor on the user page asks for nothing', async () => {
    const { world, session, sessions, sent } = setup();
    await new UserViewModel(new SessionModel(session), sessions, world.navigator, world.notifier).shown();
    expect(sent('/api/User/GetUserInfo')).toEqual([]);
  });
});

describe('AddPlayRecord: a GET with its params in the query (spec: "GET unless noted")', () => {
  it('records where the viewer is', async () => {
    const { container, world, sent, register } = setup();
    await register();
    world.http.route('GET', '/api/video/AddPlayRecord', () => ({ body: { ret: 200, msg: '', data: null } }));
    expect(await container.get(PlayService).addPlayRecord({ mediaKey: 'movie-01', episode: 2, progress: 12.7 })).toBe(true);
    const [request] = sent('/api/video/AddPlayRecord');
    expect(request?.method).toBe('GET');
    expect(request?.body).toBeUndefined();
    expect(request?.params).toMatchObject({ mediaKey: 'movie-01', episode: 2, progress: 12, token: expect.any(String) });
  });
});
