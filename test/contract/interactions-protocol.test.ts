import { expect, it } from 'vitest';
import { installFakeInteractionsApi } from '../../adapters/http/fake-interactions-api.ts';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import { SEND_LIMITS } from '../../server/rate-limit/send-limits.ts';
import { InteractionsCalls, type InteractionPage, type InteractionUnread, type LikeGroup, type ReceivedReply } from '../../src/core/interactions/interactions-protocol.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { VideoSocialLimits } from '../../src/core/video-social/video-social-rules.ts';
import { post, get, registerUser, tokenParams } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * 收到的赞 and 评论和回复 (src/core/interactions/interactions-protocol.ts) as the app sends them, answered by the fake
 * (adapters/http/fake-interactions-api.ts) and by the reference server: both must answer alike.
 */
interface Caller {
  uid: number;
  nickName: string;
  fields: Record<string, string>;
}

interface InteractionsWorld {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null): Promise<Answer>;
  user(): Promise<Caller>;
  /** `author` writes a comment on the video; answers its id. */
  comment(author: Caller, content: string): Promise<number>;
  /** `liker` likes the comment `id` of `author`. */
  like(author: Caller, id: number, liker: Caller): Promise<void>;
  /** `replier` replies to the comment `id` of `author`; answers the reply's id. */
  reply(author: Caller, id: number, original: string, replier: Caller, content: string): Promise<number>;
}

const MEDIA_KEY = 'movie-05';
const FIRST = { page: 1, pageSize: 20 };

protocolContract<InteractionsWorld>('interactions protocol', {
  fake: ({ http, send }) => {
    let nextUid = 1;
    let nextId = 1;
    let time = Date.UTC(2030, 0, 1);
    const tick = () => (time += 1000);
    const state = installFakeInteractionsApi(http, { caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null), now: () => time });
    const actor = (c: Caller) => ({ uid: c.uid, nickName: c.nickName, avatar: '' });
    const target = (commentId: number, replyId = 0) => ({ mediaKey: MEDIA_KEY, title: '片名', commentId, replyId, episode: 1, postId: 0 });
    const contents = new Map<number, string>();
    return {
      async user() {
        const uid = nextUid++;
        return { uid, nickName: `用户${uid}`, fields: { login_uid: String(uid) } };
      },
      async comment(_author, content) {
        const id = nextId++;
        contents.set(id, content);
        return id;
      },
      async like(author, id, liker) {
        state.likes.push({ recipient: author.uid, kind: 'comment', id, content: contents.get(id) ?? '', liker: actor(liker), time: tick(), target: target(id) });
      },
      async reply(author, id, original, replier, content) {
        const replyId = nextId++;
        state.replies.push({ recipient: author.uid, kind: 'reply', id: replyId, author: actor(replier), content, original, time: tick(), target: target(id, replyId) });
        return replyId;
      },
      send: (declared, input, caller) => send(declared, input, caller?.fields ?? {}),
    };
  },
  server: {
    config: { sendLimits: { ...SEND_LIMITS, comment: [] } },
    seed: seedCatalogue,
    world: ({ app, clock, send }) => {
      const postComment = async (author: Caller, content: string, parentId?: number): Promise<number> => {
        clock.advance(VideoSocialLimits.postIntervalMs);
        const { body } = await post<{ id: number }>(app, '/api/Video/Replys', { ...author.fields, mediaKey: MEDIA_KEY, content, ...(parentId ? { parentId: String(parentId) } : {}) });
        if (body.ret !== 200) throw new Error(JSON.stringify(body));
        return body.data.id;
      };
      return {
        async user() {
          const user = await registerUser(app);
          return { uid: user.uid, nickName: user.nickName, fields: tokenParams(user.token) };
        },
        comment: (author, content) => postComment(author, content),
        async like(_author, id, liker) {
          clock.advance(1000);
          const { body } = await get(app, '/api/Video/ReplyLike', { ...liker.fields, id: String(id) });
          if (body.ret !== 200) throw new Error(JSON.stringify(body));
        },
        reply: (_author, id, _original, replier, content) => postComment(replier, content, id),
        send: (declared, input, caller) => send(declared, input, caller?.fields ?? {}),
      };
    },
  },
}, (world) => {
  it('every call needs a session (201)', async () => {
    expect((await world.send(InteractionsCalls.likes, FIRST, null)).ret).toBe(201);
    expect((await world.send(InteractionsCalls.replies, FIRST, null)).ret).toBe(201);
    expect((await world.send(InteractionsCalls.unread, {}, null)).ret).toBe(201);
    expect((await world.send(InteractionsCalls.markRead, { kind: 'like' }, null)).ret).toBe(201);
  });

  it('a new user has nothing', async () => {
    const a = await world.user();
    expect((await world.send(InteractionsCalls.likes, FIRST, a)).data).toEqual({ list: [], page: 1, pageSize: 20, total: 0 });
    expect((await world.send(InteractionsCalls.replies, { page: 2, pageSize: 5 }, a)).data).toEqual({ list: [], page: 2, pageSize: 5, total: 0 });
    expect((await world.send(InteractionsCalls.unread, {}, a)).data).toEqual({ likes: 0, replies: 0 });
  });

  it('refuses a bad kind (1002 类型错误) and a page size over 50 (1002 每页数量为1-50)', async () => {
    const a = await world.user();
    expect(await world.send(InteractionsCalls.markRead, { kind: 'fans' }, a)).toMatchObject({ ret: 1002, msg: '类型错误' });
    expect(await world.send(InteractionsCalls.likes, { page: 1, pageSize: 51 }, a)).toMatchObject({ ret: 1002, msg: '每页数量为1-50' });
  });

  it('groups likes per comment, counts and clears unread per kind', async () => {
    const [a, b, c] = [await world.user(), await world.user(), await world.user()];
    const id = await world.comment(a, '被赞的评论');
    await world.like(a, id, b);
    await world.like(a, id, c);
    const replyId = await world.reply(a, id, '被赞的评论', b, '说得好');

    const likes = (await world.send(InteractionsCalls.likes, FIRST, a)).data as InteractionPage<LikeGroup>;
    expect(likes.total).toBe(1);
    expect(likes.list[0]).toMatchObject({ kind: 'comment', id, content: '被赞的评论', likerCount: 2, unread: true, target: { mediaKey: MEDIA_KEY, commentId: id, replyId: 0 } });
    expect(likes.list[0]?.latestLikers.map((liker) => liker.uid)).toEqual([c.uid, b.uid]);
    const replies = (await world.send(InteractionsCalls.replies, FIRST, a)).data as InteractionPage<ReceivedReply>;
    expect(replies.list).toHaveLength(1);
    expect(replies.list[0]).toMatchObject({
      kind: 'reply',
      id: replyId,
      content: '说得好',
      original: '被赞的评论',
      unread: true,
      author: { uid: b.uid, nickName: b.nickName },
      target: { mediaKey: MEDIA_KEY, commentId: id, replyId },
    });
    expect(typeof replies.list[0]?.time).toBe('number');
    expect((await world.send(InteractionsCalls.unread, {}, a)).data).toEqual({ likes: 2, replies: 1 });

    const marked = await world.send(InteractionsCalls.markRead, { kind: 'reply' }, a);
    expect(marked).toMatchObject({ ret: 200, data: { likes: 2, replies: 0 } as InteractionUnread });
    expect(((await world.send(InteractionsCalls.replies, FIRST, a)).data as InteractionPage<ReceivedReply>).list[0]?.unread).toBe(false);
    expect((await world.send(InteractionsCalls.markRead, { kind: 'like' }, a)).data).toEqual({ likes: 0, replies: 0 });
    // Nothing of a's shows to b.
    expect(((await world.send(InteractionsCalls.likes, FIRST, b)).data as InteractionPage<LikeGroup>).total).toBe(0);
  });
});
