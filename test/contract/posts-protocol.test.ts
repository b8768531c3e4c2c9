import { expect, it } from 'vitest';
import { installFakePostsApi, type FakeSavedVideo } from '../../adapters/http/fake-posts-api.ts';
import { PostsCalls, PostsRet, type Post, type PostPage } from '../../src/core/posts/posts-protocol.ts';
import { PostsTexts } from '../../src/core/posts/posts-texts.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { UploadRet } from '../../src/core/upload/upload-protocol.ts';
import { registerUser, tokenParams } from '../server/support.ts';
import { coverImage, demoClip, saveVideo, uploadCover, uploadVideo } from '../server/upload-support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * Posts' calls (src/core/posts/posts-protocol.ts) as the app sends them, answered by the fake the app's tests use
 * (adapters/http/fake-posts-api.ts) and by the reference server (in process, on its test database): both must
 * answer alike, so the fake cannot drift from the server.
 */
interface PostsWorld {
  /** Sends a declared call with its parameters encoded as the app encodes them; `caller` null is a visitor. */
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null, extra?: Record<string, string | undefined>): Promise<Answer>;
  /** A new user. */
  user(): Promise<Caller>;
  /** A video of `user` uploaded, saved and with its cover: ready to post. */
  savedVideo(user: Caller): Promise<{ videoId: number; cover: string }>;
  /** `follower` follows `followed`. */
  follow(follower: Caller, followed: Caller): Promise<void>;
  /** A label posts may carry. */
  labelId: number;
}

/** A user: the token fields a signed-in app sends, and the uid. */
interface Caller {
  fields: Record<string, string>;
  uid: number;
}

const PLACE = { id: 'sh-bund', name: '外滩', address: '上海市黄浦区中山东一路', lat: 31.24, lng: 121.49 };

protocolContract<PostsWorld>('posts protocol', {
  fake: ({ http, send }) => {
    const videos = new Map<number, FakeSavedVideo>();
    const users = new Set<number>();
    let nextUid = 1;
    let nextVideo = 501;
    const state = installFakePostsApi(http, {
      savedVideo: (videoId) => videos.get(videoId),
      labels: () => [{ id: 1, name: '搞笑' }],
      users: () => users,
    });
    return {
      labelId: 1,
      async user() {
        const uid = nextUid++;
        users.add(uid);
        return { uid, fields: { login_uid: String(uid) } };
      },
      async savedVideo(user) {
        const id = nextVideo++;
        const cover = `/media/uploads/covers/fake${id}.jpg`;
        videos.set(id, { id, uid: user.uid, coverPath: cover, videoUrl: `/uploads/videos/xw-fake${id}.mp4`, duration: 12 });
        return { videoId: id, cover };
      },
      async follow(follower, followed) {
        state.follows.set(follower.uid, new Set([...(state.follows.get(follower.uid) ?? []), followed.uid]));
      },
      send: (declared, input, caller, extra) => send(declared, input, { ...caller?.fields, ...extra }),
    };
  },
  server: {
    seed: (db) => db.query("INSERT INTO post_labels (name, sort) VALUES ('搞笑', 1)"),
    world: async ({ app, db, clock, send }) => {
      const [label] = await db.query<{ id: number }>("SELECT id FROM post_labels WHERE name = '搞笑'");
      const clip = await demoClip();
      const cover = await coverImage();
      const users = new Map<number, Awaited<ReturnType<typeof registerUser>>>();
      return {
        labelId: label?.id ?? 0,
        async user() {
          const user = await registerUser(app);
          users.set(user.id, user);
          return { uid: user.id, fields: tokenParams(user.token) };
        },
        async savedVideo(caller) {
          const user = users.get(caller.uid);
          if (!user) throw new Error('unknown user');
          const { info, last } = await uploadVideo(app, user, clip);
          const saved = await saveVideo(app, user, info, last.fileName);
          if (saved.body.ret !== 200) throw new Error(`SaveVideo failed: ${saved.raw}`);
          return { videoId: info.id, cover: await uploadCover(app, user, info.uniqueFileName, cover) };
        },
        async follow(follower, followed) {
          await db.query('INSERT INTO user_follows (follower_uid, followed_uid, created_at) VALUES ($1, $2, $3)', [follower.uid, followed.uid, new Date(clock.now())]);
        },
        send: (declared, input, caller, extra) => send(declared, input, { ...caller?.fields, ...extra }),
      };
    },
  },
}, (world) => {
  /** Publishes a saved video of `user` with `contxt`; the post. */
  const publish = async (user: Caller, contxt: string): Promise<Post> => {
    const video = await world.savedVideo(user);
    const answer = await world.send(PostsCalls.create, { trends: { contxt, labels: [] }, videoId: video.videoId, trendsDetails: [{ type: 'cover', filePath: video.cover }] }, user);
    expect(answer.ret).toBe(200);
    return answer.data as Post;
  };

  it('CreateTrends (a form body of JSON text) posts a saved video with its labels, place and cover; again answers the same post', async () => {
    const user = await world.user();
    const video = await world.savedVideo(user);
    const input = { trends: { contxt: '外滩的夜景', labels: [world.labelId] }, videoId: video.videoId, trendsDetails: [{ type: 'cover', filePath: video.cover }] as const, location: PLACE };
    const first = await world.send(PostsCalls.create, input, user);
    expect(first.ret).toBe(200);
    const post = first.data as Post;
    expect(post).toMatchObject({ uid: user.uid, contxt: '外滩的夜景', labels: [{ id: world.labelId }], location: PLACE, cover: video.cover, videoId: video.videoId });
    expect(post.id).toBeGreaterThan(0);
    expect(post.videoUrl).toMatch(/^\/uploads\/videos\/.+\.mp4$/);
    expect(((await world.send(PostsCalls.create, input, user)).data as Post).id).toBe(post.id);
  });

  it('CreateTrends refuses: no trends (1001), trends not JSON (1002), an unknown label (8101), another user\'s video (8122), a visitor (201)', async () => {
    const user = await world.user();
    const video = await world.savedVideo(user);
    const input = { trends: { contxt: 'x', labels: [] }, videoId: video.videoId };
    expect(await world.send(PostsCalls.create, input, user, { trends: undefined })).toEqual({ ret: 1001, msg: '缺少参数：trends', data: null });
    expect(await world.send(PostsCalls.create, input, user, { trends: '{"contxt":' })).toEqual({ ret: 1002, msg: '参数格式错误：trends', data: null });
    expect((await world.send(PostsCalls.create, input, user, { videoId: 'abc' })).ret).toBe(1002);
    expect((await world.send(PostsCalls.create, { ...input, trends: { contxt: 'x', labels: [99_999] } }, user)).ret).toBe(UploadRet.LabelInvalid);
    expect((await world.send(PostsCalls.create, input, await world.user())).ret).toBe(UploadRet.VideoNotSaved);
    expect((await world.send(PostsCalls.create, input, null)).ret).toBe(201);
  });

  it('MyListTrends: one\'s own posts newest first, another user\'s by uid (visitors too); a visitor without uid is 201; pageSize beyond 50 is 1002', async () => {
    const user = await world.user();
    await publish(user, '一');
    const second = await publish(user, '二');
    const mine = await world.send(PostsCalls.myPosts, { page: 1, pageSize: 10 }, user);
    expect(mine.ret).toBe(200);
    const page = mine.data as PostPage;
    expect(page.list.map((post) => post.contxt)).toEqual(['二', '一']);
    expect({ page: page.page, pageSize: page.pageSize, total: page.total }).toEqual({ page: 1, pageSize: 10, total: 2 });
    expect(page.list[0]?.id).toBe(second.id);
    const theirs = (await world.send(PostsCalls.myPosts, { page: 1, pageSize: 1, uid: user.uid }, null)).data as PostPage;
    expect({ contxt: theirs.list.map((post) => post.contxt), total: theirs.total }).toEqual({ contxt: ['二'], total: 2 });
    expect((await world.send(PostsCalls.myPosts, { page: 1, pageSize: 10 }, null)).ret).toBe(201);
    expect(await world.send(PostsCalls.myPosts, { page: 1, pageSize: 51 }, user)).toMatchObject({ ret: 1002, msg: '每页数量为1-50' });
  });

  it('ListTrends: every post (scope all), the followed users\' (follow, signed in only); another scope is 1002', async () => {
    const author = await world.user();
    const reader = await world.user();
    const made = await publish(author, '关注的人发的');
    const all = (await world.send(PostsCalls.feed, { page: 1, pageSize: 50, scope: 'all' }, null)).data as PostPage;
    expect(all.list.map((post) => post.id)).toContain(made.id);
    expect(((await world.send(PostsCalls.feed, { page: 1, pageSize: 10, scope: 'follow' }, reader)).data as PostPage).list).toEqual([]);
    await world.follow(reader, author);
    const followed = (await world.send(PostsCalls.feed, { page: 1, pageSize: 10, scope: 'follow' }, reader)).data as PostPage;
    expect(followed.list.map((post) => post.id)).toEqual([made.id]);
    expect((await world.send(PostsCalls.feed, { page: 1, pageSize: 10, scope: 'follow' }, null)).ret).toBe(201);
    expect((await world.send(PostsCalls.feed, { page: 1, pageSize: 10 }, null, { scope: 'mine' })).ret).toBe(1002);
  });

  it('TrendsDetail: one post (visitors too); an unknown one is 8103, a bad id 1002, none 1001', async () => {
    const user = await world.user();
    const made = await publish(user, '详情');
    expect(await world.send(PostsCalls.post, { id: made.id }, null)).toMatchObject({ ret: 200, data: { id: made.id, contxt: '详情', uid: user.uid } });
    expect(await world.send(PostsCalls.post, { id: 99_999_999 }, null)).toEqual({ ret: PostsRet.NotFound, msg: PostsTexts.NotFound, data: null });
    expect((await world.send(PostsCalls.post, { id: 1 }, null, { id: 'abc' })).ret).toBe(1002);
    expect((await world.send(PostsCalls.post, { id: 1 }, null, { id: undefined })).ret).toBe(1001);
  });

  it('LikeTrends likes, then unlikes; every list and the detail say how many like a post and whether the caller does', async () => {
    const author = await world.user();
    const fan = await world.user();
    const other = await world.send(PostsCalls.like, { id: 1 }, null);
    expect(other.ret).toBe(201);
    const made = await publish(author, '点赞的动态');
    expect(made).toMatchObject({ likeCount: 0, liked: false });
    expect(await world.send(PostsCalls.like, { id: made.id }, fan)).toMatchObject({ ret: 200, data: { id: made.id, liked: true, likeCount: 1 } });
    expect(await world.send(PostsCalls.like, { id: made.id }, author)).toMatchObject({ ret: 200, data: { id: made.id, liked: true, likeCount: 2 } });
    expect(await world.send(PostsCalls.post, { id: made.id }, fan)).toMatchObject({ ret: 200, data: { likeCount: 2, liked: true } });
    expect(await world.send(PostsCalls.post, { id: made.id }, null)).toMatchObject({ ret: 200, data: { likeCount: 2, liked: false } });
    const theirs = (await world.send(PostsCalls.myPosts, { page: 1, pageSize: 10, uid: author.uid }, null)).data as PostPage;
    expect(theirs.list.find((post) => post.id === made.id)).toMatchObject({ likeCount: 2, liked: false });
    const own = (await world.send(PostsCalls.myPosts, { page: 1, pageSize: 10 }, author)).data as PostPage;
    expect(own.list.find((post) => post.id === made.id)).toMatchObject({ likeCount: 2, liked: true });
    const all = (await world.send(PostsCalls.feed, { page: 1, pageSize: 50, scope: 'all' }, fan)).data as PostPage;
    expect(all.list.find((post) => post.id === made.id)).toMatchObject({ likeCount: 2, liked: true });
    expect(await world.send(PostsCalls.like, { id: made.id }, fan)).toMatchObject({ ret: 200, data: { id: made.id, liked: false, likeCount: 1 } });
    expect(await world.send(PostsCalls.like, { id: 99_999_999 }, fan)).toEqual({ ret: PostsRet.NotFound, msg: PostsTexts.NotFound, data: null });
    expect((await world.send(PostsCalls.like, { id: 1 }, fan, { id: '0' })).ret).toBe(1002);
  });

  it('DelTrends: another user\'s post is 8104, a visitor 201; one\'s own goes (then 8103)', async () => {
    const author = await world.user();
    const made = await publish(author, '要删除的');
    expect(await world.send(PostsCalls.remove, { id: made.id }, await world.user())).toEqual({ ret: PostsRet.NotOwned, msg: PostsTexts.NotOwned, data: null });
    expect((await world.send(PostsCalls.remove, { id: made.id }, null)).ret).toBe(201);
    expect(await world.send(PostsCalls.remove, { id: made.id }, author)).toMatchObject({ ret: 200, data: true });
    expect((await world.send(PostsCalls.post, { id: made.id }, null)).ret).toBe(PostsRet.NotFound);
    expect((await world.send(PostsCalls.remove, { id: made.id }, author)).ret).toBe(PostsRet.NotFound);
  });
});
