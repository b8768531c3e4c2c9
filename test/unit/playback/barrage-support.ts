/** A headless core with the barrage fake (adapters/http/fake-barrage-api.ts) for the playback tests (not a test file itself). */
import { installFakeBarrageApi, type FakeStoredBarrage } from '../../../adapters/http/fake-barrage-api.ts';
import type { Container } from 'inversify';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { AdListService } from '../../../src/core/ads/ad-list-service.ts';
import { BarrageService } from '../../../src/core/playback/barrage-service.ts';
import { BarrageSessionFactory } from '../../../src/core/playback/barrage-session.ts';
import { BarrageSettings } from '../../../src/core/playback/barrage-settings.ts';
import { BarrageShields } from '../../../src/core/playback/barrage-shields.ts';
import type { Navigator } from '../../../src/core/ports/navigator.ts';
import type { Notifier } from '../../../src/core/ports/notifier.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import { BarrageViewModel } from '../../../src/ui/barrage/barrage-view-model.ts';
import { parseUser, type User } from '../../../src/core/shared-kernel/user.ts';

const ok = (data: unknown) => ({ body: { ret: 200, msg: '成功', data } });

export const ME = 7;

export function user(uid = ME): User {
  const parsed = parseUser({ token: { uid, token: `tok-${uid}`, sign: 's', expire: 9_999_999_999 }, nickName: `用户${uid}` });
  if (!parsed) throw new Error('user');
  return parsed;
}

export function stored(id: number, time: number, content = `弹幕${id}`, uid = 100 + id, mediaKey = 'movie-04', episode = 1): FakeStoredBarrage {
  return { id, mediaKey, episode, time, content, uid, nickName: `用户${uid}`, likeCount: 0 };
}

/** A headless core with the barrage calls and the settings call answered from memory. */
export function barrageWorld(seed: FakeStoredBarrage[] = []) {
  const { container, world } = createHeadlessCore({ withFakeApi: false, path: '/play/movie-04' });
  const api = installFakeBarrageApi(world.http, { seed });
  const settings = { danmuOpen: true };
  world.http.route('GET', '/api/user/GetSettings', () => ok(settings));
  world.http.route('POST', '/api/user/UpdateSettings', ({ body }) => {
    if (body.danmuOpen !== undefined) settings.danmuOpen = body.danmuOpen === '1';
    return ok(settings);
  });
  return { container, world, api, settings };
}

export const flush = async (times = 3): Promise<void> => {
  for (let i = 0; i < times; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** The play page's barrage view-model for movie-04's first episode, made from the headless core's services. */
export function barrageViewModel({ container, world }: { container: Container; world: { navigator: Navigator; notifier: Notifier } }): BarrageViewModel {
  return new BarrageViewModel({
    session: container.get<BarrageSessionFactory>(BarrageSessionFactory)('movie-04', 1),
    shields: container.get(BarrageShields),
    settings: container.get(BarrageSettings),
    service: container.get(BarrageService),
    sessionModel: new SessionModel(container.get(UserSession)),
    navigator: world.navigator,
    notifier: world.notifier,
    ads: container.get(AdListService),
  });
}
