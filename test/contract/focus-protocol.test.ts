import { expect, it } from 'vitest';
import { installFakeFocusApi } from '../../adapters/http/fake-focus-api.ts';
import { DEMO_UPLOADERS, seedCatalogue } from '../../server/catalogue/seed.ts';
import { FocusCalls, type FocusUpdatePage } from '../../src/core/focus/focus-protocol.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { SocialCalls } from '../../src/core/social/social-protocol.ts';
import type { WireVideo } from '../../src/core/shared-kernel/video-wire.ts';
import { registerUser, tokenParams } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * 更多关注's call (src/core/focus/focus-protocol.ts) as the app sends it, answered by the fake the app's tests use
 * (adapters/http/fake-focus-api.ts) and by the reference server: both alike.
 */
interface FocusWorld {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null): Promise<Answer>;
  user(): Promise<Caller>;
  /** The caller follows the uploader with works. */
  followUploader(caller: Caller): Promise<void>;
  uploader: { uid: number; nickName: string };
}

type Caller = Record<string, string>;

protocolContract<FocusWorld>('focus protocol', {
  fake: ({ http, send }) => {
    let nextUid = 100;
    const state = installFakeFocusApi(http, { caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null) });
    const uploader = { uid: 7, nickName: DEMO_UPLOADERS[0].nickName };
    const video = (n: number): WireVideo => ({
      mediaKey: `life-0${n}`, title: `视频${n}`, category: 'life', subId: 1, cover: '', poster: '', duration: 60, playCount: 1, score: 8, year: 2024, area: '', tags: [], description: '',
      updatedAt: 1_000 * n, uploader: { uid: 7, nickName: uploader.nickName, avatar: '' },
    });
    state.videos.push(video(1), video(3), video(2));
    state.uploaders.push({ ...uploader, avatar: '', introduce: '', works: 3 });
    return {
      uploader,
      user: async () => ({ login_uid: String(nextUid++) }),
      followUploader: async (caller) => void state.follows.set(Number(caller['login_uid']), new Set([uploader.uid])),
      send: (declared, input, caller) => send(declared, input, caller ?? {}),
    };
  },
  server: {
    seed: seedCatalogue,
    world: async ({ app, db, send }) => {
      const rows = await db.query<{ id: number }>('SELECT id FROM users WHERE user_name = $1', [DEMO_UPLOADERS[0].userName]);
      const uploader = { uid: rows[0]!.id, nickName: DEMO_UPLOADERS[0].nickName };
      return {
        uploader,
        user: async () => tokenParams((await registerUser(app)).token),
        followUploader: async (caller) => void (await send(SocialCalls.follow, { userId: uploader.uid }, caller)),
        send: (declared, input, caller) => send(declared, input, caller ?? {}),
      };
    },
  },
}, (world) => {
  it('GetFocusUpdates: following nobody, no updates and 推荐关注 with the uploader', async () => {
    const answer = await world.send(FocusCalls.updates, { page: 1, pageSize: 10 }, await world.user());
    expect(answer.ret).toBe(200);
    const data = answer.data as FocusUpdatePage;
    expect(data).toMatchObject({ list: [], total: 0, follows: 0, page: 1, pageSize: 10 });
    expect(data.suggestions.find((s) => s.uid === world.uploader.uid)).toMatchObject({ nickName: world.uploader.nickName });
  });

  it('GetFocusUpdates: following the uploader, their videos newest first and no suggestions; 201 visitor, 1002 page size', async () => {
    const caller = await world.user();
    await world.followUploader(caller);
    const data = (await world.send(FocusCalls.updates, { page: 1, pageSize: 10 }, caller)).data as FocusUpdatePage;
    expect(data.follows).toBe(1);
    expect(data.suggestions).toEqual([]);
    expect(data.list.length).toBeGreaterThan(0);
    for (const update of data.list) expect(update.kind === 'video' && update.video.uploader?.uid).toBe(world.uploader.uid);
    const times = data.list.map((u) => u.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await world.send(FocusCalls.updates, { page: 1, pageSize: 10 }, null)).ret).toBe(201);
    expect(await world.send(FocusCalls.updates, { page: 1, pageSize: 51 }, caller)).toMatchObject({ ret: 1002, msg: '每页数量为1-50' });
  });
});
