/** Shared setup of the gold unit tests (not a test file itself). */
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import type { FakeHttpCall } from '../../../adapters/http/fake-http.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { parseUser } from '../../../src/core/shared-kernel/user.ts';

export const ok = (data: unknown, msg = '成功') => ({ body: { ret: 200, msg, data } });
export const refused = (ret: number, msg: string, data: unknown = null) => ({ body: { ret, msg, data } });

export function setup(path = '/play/movie-02') {
  const { container, world } = createHeadlessCore({ path, withFakeApi: false });
  const session = container.get(UserSession);
  const calls = (method: 'GET' | 'POST', path: string): FakeHttpCall['request'][] =>
    world.http.requests.filter((r) => r.method === method && r.url.toLowerCase().split('?')[0] === path.toLowerCase());
  const logIn = (fields: { vipLevel?: number; gold?: number } = {}) => {
    const user = parseUser({ id: 7, nickName: '小遇', vipLevel: fields.vipLevel ?? 0, gold: fields.gold ?? 0, token: { uid: 7, token: 'tok' } });
    if (!user) throw new Error('bad user');
    session.signedIn(user);
    return user;
  };
  return { container, world, session, calls, logIn };
}

/** Lets pending promise callbacks run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}
