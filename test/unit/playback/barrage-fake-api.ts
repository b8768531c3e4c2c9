/** An imitation of the barrage calls for headless tests (not a test file itself). */
import type { FakeHttp, FakeHttpCall } from '../../../adapters/http/fake-http.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { DEFAULT_BARRAGE_CONFIG, parseBarrageConfig, type BarrageConfig } from '../../../src/core/playback/barrage-config.ts';
import { parseUser, type User } from '../../../src/core/shared-kernel/user.ts';

export interface StoredBarrage {
  id: number;
  mediaKey: string;
  episode: number;
  time: number;
  content: string;
  uid: number;
  nickName: string;
  likeCount: number;
  liked: boolean;
}

export interface FakeBarrageApi {
  calls: FakeHttpCall[];
  barrages: StoredBarrage[];
  shieldUsers: { uid: number; nickName: string }[];
  shieldKeywords: string[];
  config: BarrageConfig;
  /** Answer the next calls of these paths with this failure. */
  fail: Map<string, { ret: number; msg: string }>;
  /** Holds AddBarrages answers until release() is called. */
  holdSends: boolean;
  release(): void;
  nextId: number;
}

const ok = (data: unknown, msg = '成功') => ({ body: { ret: 200, msg, data } });

export function installFakeBarrageApi(http: FakeHttp, seed: StoredBarrage[] = []): FakeBarrageApi {
  const held: (() => void)[] = [];
  const api: FakeBarrageApi = {
    calls: [],
    barrages: [...seed],
    shieldUsers: [],
    shieldKeywords: [],
    config: { ...DEFAULT_BARRAGE_CONFIG },
    fail: new Map(),
    holdSends: false,
    release: () => held.splice(0).forEach((go) => go()),
    nextId: 1000,
  };
  const route = (path: string, handler: (call: FakeHttpCall) => unknown) =>
    http.route('GET', path, async (call) => {
      api.calls.push(call);
      const failure = api.fail.get(path);
      if (failure) return { body: { ...failure, data: null } };
      return ok(await handler(call));
    });
  route('/api/Video/GetBarrages', ({ params }) => ({
    list: api.barrages.filter((b) => b.mediaKey === params.mediaKey && b.episode === Number(params.episode ?? 1)),
  }));
  route('/api/Video/AddBarrages', async ({ params }) => {
    if (api.holdSends) await new Promise<void>((resolve) => held.push(resolve));
    const barrage: StoredBarrage & { clientId?: string } = {
      id: api.nextId++,
      mediaKey: params.mediaKey ?? '',
      episode: Number(params.episode ?? 1),
      time: Number(params.time),
      content: (params.content ?? '').trim(),
      uid: Number(params.login_uid ?? params.uid ?? 0),
      nickName: '我',
      likeCount: 0,
      liked: false,
    };
    api.barrages.push(barrage);
    return { ...barrage, clientId: params.clientId };
  });
  route('/api/Video/BarrageLike', ({ params }) => {
    const barrage = api.barrages.find((b) => b.id === Number(params.barrageId));
    if (!barrage) return { liked: false, count: 0 };
    barrage.liked = !barrage.liked;
    barrage.likeCount += barrage.liked ? 1 : -1;
    return { liked: barrage.liked, count: barrage.likeCount };
  });
  route('/api/Video/AccusationBarrage', () => null);
  route('/api/Video/GetBarrageCoin', () => ({ coin: 3, barrageCount: 2 }));
  route('/api/Video/GetShieldUserList', () => ({ list: api.shieldUsers }));
  route('/api/Video/ShieldUser', ({ params }) => {
    const uid = Number(params.uid);
    if (!api.shieldUsers.some((u) => u.uid === uid)) api.shieldUsers.unshift({ uid, nickName: `用户${uid}` });
    return { list: api.shieldUsers };
  });
  route('/api/Video/RemoveShieldUser', ({ params }) => {
    api.shieldUsers = api.shieldUsers.filter((u) => u.uid !== Number(params.uid));
    return { list: api.shieldUsers };
  });
  route('/api/Video/GetShieldKeyWordList', () => ({ list: api.shieldKeywords }));
  route('/api/Video/ShieldKeyWord', ({ params }) => {
    const keyword = (params.keyword ?? '').trim().toLowerCase();
    if (!api.shieldKeywords.includes(keyword)) api.shieldKeywords.unshift(keyword);
    return { list: api.shieldKeywords };
  });
  route('/api/Video/RemoveShieldKeyWord', ({ params }) => {
    api.shieldKeywords = api.shieldKeywords.filter((k) => k !== params.keyword);
    return { list: api.shieldKeywords };
  });
  route('/api/user/getBarrageCofig', () => api.config);
  route('/api/user/PutBarrageCofig', ({ params }) => {
    api.config = parseBarrageConfig({ ...api.config, ...params });
    return api.config;
  });
  return api;
}

export const ME = 7;

export function user(uid = ME): User {
  const parsed = parseUser({ token: { uid, token: `tok-${uid}`, sign: 's', expire: 9_999_999_999 }, nickName: `用户${uid}` });
  if (!parsed) throw new Error('user');
  return parsed;
}

export function stored(id: number, time: number, content = `弹幕${id}`, uid = 100 + id, mediaKey = 'movie-04', episode = 1): StoredBarrage {
  return { id, mediaKey, episode, time, content, uid, nickName: `用户${uid}`, likeCount: 0, liked: false };
}

/** A headless core with the barrage calls and the settings call answered from memory. */
export function barrageWorld(seed: StoredBarrage[] = []) {
  const { container, world } = createHeadlessCore({ withFakeApi: false, path: '/play/movie-04' });
  const api = installFakeBarrageApi(world.http, seed);
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
