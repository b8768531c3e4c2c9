import { describe, expect, it } from 'vitest';
import { BarrageCalls } from '../../../src/core/playback/barrage-protocol.ts';
import { BarrageService } from '../../../src/core/playback/barrage-service.ts';
import { BarrageShields } from '../../../src/core/playback/barrage-shields.ts';
import { ApiError } from '../../../src/core/request/api-error.ts';
import { ClientRet } from '../../../src/core/request/ret.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { barrageViewModel, barrageWorld, flush, user } from './barrage-support.ts';

const LISTS = [BarrageCalls.shieldedUsers.path, BarrageCalls.shieldedKeywords.path];

/** The play page's barrages with both blocking lists held unanswered by the server. */
function pendingLists() {
  const { container, world } = barrageWorld();
  container.get(UserSession).signedIn(user());
  for (const path of LISTS) world.http.route('GET', path, () => new Promise(() => undefined));
  world.http.route('GET', '/api/Video/GetAdsDataList', () => ({ body: { ret: 200, msg: '成功', data: { danmu: [] } } }));
  const vm = barrageViewModel({ container, world });
  return { container, world, vm };
}

const listRequests = (world: ReturnType<typeof barrageWorld>['world']) =>
  world.http.requests.filter((request) => LISTS.some((path) => new URL(request.url, 'http://x').pathname === path));

describe('GetShieldUserList and GetShieldKeyWordList are cancellable (spec §8)', () => {
  it('each goes out as a GET carrying an abort signal (the cancellable kind), with no parameters of its own', async () => {
    const { world, vm } = pendingLists();
    vm.opened('/play/movie-04', 'movie-04');
    await flush();
    const requests = listRequests(world);
    expect(requests.map((r) => [r.method, new URL(r.url, 'http://x').pathname])).toEqual([
      ['GET', '/api/Video/GetShieldUserList'],
      ['GET', '/api/Video/GetShieldKeyWordList'],
    ]);
    for (const request of requests) {
      expect(request.signal).toBeInstanceOf(AbortSignal);
      expect(request.signal?.aborted).toBe(false);
    }
    vm.dispose();
  });

  it('leaving the page while they are pending aborts both; no toast, and the stored lists stay', async () => {
    const { world, vm, container } = pendingLists();
    vm.opened('/play/movie-04', 'movie-04');
    await flush();
    const before = container.get(BarrageShields).current();
    vm.dispose();
    await flush();
    expect(listRequests(world).every((request) => request.signal?.aborted === true)).toBe(true);
    expect(world.notifier.toasts).toEqual([]);
    expect(container.get(BarrageShields).current()).toEqual(before);
  });

  it('a cancelled list call rejects with 终止请求 and toasts nothing, even with tips on', async () => {
    const { world, container } = pendingLists();
    const service = container.get(BarrageService);
    for (const call of [(signal: AbortSignal) => service.shieldedUsers({ signal }), (signal: AbortSignal) => service.shieldedKeywords({ signal })]) {
      const leaving = new AbortController();
      const pending = call(leaving.signal);
      await flush();
      leaving.abort();
      const error = await pending.then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ ret: ClientRet.Cancelled, msg: '终止请求' });
    }
    await flush();
    expect(world.notifier.toasts).toEqual([]);
  });
});
