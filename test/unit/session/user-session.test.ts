import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/clock/fake-clock.ts';
import { MemoryKeyValueStore } from '../../../adapters/storage/memory-key-value-store.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import type { User } from '../../../src/core/shared-kernel/user.ts';

const user: User = {
  id: 7, nickName: '小明', avatar: '', vipLevel: 0, vipCategoryId: null, vipTypeName: '', eDate: '', userNameRaw: 'xiaoming',
  email: '', phone: '', AreaCode: '', region: 'CN', newWorks: false, totalMsgCount: 0, gender: null, introduction: '', level: 1, gold: 0,
  token: { uid: 7, token: 'abc', expire: 1_900_000_000, sign: 'f00d' },
};

function setup() {
  const local = new MemoryKeyValueStore();
  const cookies = new MemoryKeyValueStore();
  const clock = new FakeClock();
  return { local, cookies, clock, session: new UserSession(local, cookies, clock) };
}

describe('UserSession', () => {
  it('restores the user kept in local storage', () => {
    const { local, session } = setup();
    local.set('user', JSON.stringify(user));
    expect(session.restore()?.nickName).toBe('小明');
    expect(session.current().loginValidates).toBe(false);
  });

  it('falls back to the userInfo cookie', () => {
    const { cookies, session } = setup();
    cookies.set('userInfo', JSON.stringify(user));
    expect(session.restore()?.id).toBe(7);
  });

  it('drops unreadable stored data instead of failing', () => {
    const { local, cookies, session } = setup();
    local.set('user', '{not json');
    cookies.set('userInfo', JSON.stringify({ nickName: 'no token' }));
    expect(session.restore()).toBeNull();
    expect(local.get('user')).toBeNull();
    expect(cookies.get('userInfo')).toBeNull();
  });

  it('keeps a signed-in user in local storage and marks the session confirmed', () => {
    const { local, session } = setup();
    session.signedIn(user);
    expect(JSON.parse(local.get('user') ?? 'null')).toMatchObject({ id: 7, token: { uid: 7 } });
    expect(session.current()).toMatchObject({ loginValidates: true });
  });

  it('clearing removes stored data and the cookie, and the logged-out event follows after 500 ms', () => {
    const { local, cookies, clock, session } = setup();
    session.signedIn(user);
    cookies.set('userInfo', JSON.stringify(user));
    let loggedOut = 0;
    session.onLoggedOut(() => loggedOut++);
    session.clear();
    expect(local.get('user')).toBeNull();
    expect(cookies.get('userInfo')).toBeNull();
    expect(session.current()).toEqual({ user: null, loginValidates: false });
    clock.advance(499);
    expect(loggedOut).toBe(0);
    clock.advance(1);
    expect(loggedOut).toBe(1);
    session.clear();
    clock.advance(1000);
    expect(loggedOut).toBe(1);
  });

  it('signing in again before the event fires cancels the logged-out event', () => {
    const { clock, session } = setup();
    session.signedIn(user);
    let loggedOut = 0;
    session.onLoggedOut(() => loggedOut++);
    session.clear();
    session.signedIn(user);
    clock.advance(1000);
    expect(loggedOut).toBe(0);
  });

  it('tells subscribers about every change', () => {
    const { session } = setup();
    const seen: (number | null)[] = [];
    const stop = session.subscribe((state) => seen.push(state.user?.id ?? null));
    session.signedIn(user);
    session.clear();
    stop();
    session.signedIn(user);
    expect(seen).toEqual([7, null]);
  });
});
