import { describe, expect, it } from 'vitest';
import { PostsService } from '../../../src/core/posts/posts-service.ts';
import { pageAsked } from '../../../src/core/posts/post.ts';
import { parsed } from '../../../src/core/request/answer-values.ts';
import { PostsCalls, PostsRet } from '../../../src/core/posts/posts-protocol.ts';
import { PostsTexts } from '../../../src/core/posts/posts-texts.ts';
import { drive, UID, uploadSetup } from '../upload/upload-support.ts';

function postsSetup() {
  const base = uploadSetup({ chunkSize: 1024 });
  const service = base.container.get(PostsService);
  const publishOne = async (text: string) => {
    base.fill(1500, 10);
    base.store.setDescription(text);
    const outcome = await drive(base.world.clock, base.publisher.publish());
    base.store.reset();
    if (outcome.kind !== 'published') throw new Error(outcome.kind);
    return outcome.postId;
  };
  return { ...base, service, publishOne };
}

/** A post as the declared answer reads it (null: unreadable). */
const parsePost = (data: unknown) => parsed(PostsCalls.post.answer!, data);

describe('post answers', () => {
  it('reads a post, its labels and place, leniently', () => {
    expect(parsePost({ id: 0 })).toBeNull();
    expect(
      parsePost({
        id: '5', uid: 7, nickName: '小遇', avatar: '', vipLevel: 2, contxt: 'x', labels: [{ id: 1, name: '搞笑' }, { id: 0 }],
        location: { id: 'p', name: '外滩', address: '上海', lat: '31.2', lng: 121.4, distanceM: 30 }, cover: '/c.jpg',
        videoUrl: '/uploads/videos/a.mp4', duration: 12.5, time: 1700000000000, videoId: 9, likeCount: '3', liked: true,
      }),
    ).toEqual({
      id: 5, uid: 7, nickName: '小遇', avatar: '', vipLevel: 2, contxt: 'x', labels: [{ id: 1, name: '搞笑' }],
      location: { id: 'p', name: '外滩', address: '上海', lat: 31.2, lng: 121.4, distanceM: 30 }, cover: '/c.jpg',
      videoUrl: '/uploads/videos/a.mp4', duration: 12.5, time: 1700000000000, videoId: 9, likeCount: 3, liked: true,
    });
    // Without likes (an older server), or with nonsense: none, not liked.
    expect(parsePost({ id: 2, likeCount: -4, liked: 'yes' })).toMatchObject({ likeCount: 0, liked: false });
    expect(parsePost({ id: 1, location: { name: 'no id' } })?.location).toBeNull();
    expect(parsed(PostsCalls.feed.answer!, 'nope')).toBeNull();
    expect(pageAsked(parsed(PostsCalls.feed.answer!, {})!, 2, 10)).toEqual({ list: [], page: 2, pageSize: 10, total: 0 });
  });
});

describe('PostsService', () => {
  it('lists my posts newest first, another user’s by uid, and the feed', async () => {
    const { service, world, publishOne, calls, api } = postsSetup();
    await publishOne('一');
    const second = await publishOne('二');
    const mine = await drive(world.clock, service.myPosts(1, 10));
    expect(mine.list.map((p) => p.contxt)).toEqual(['二', '一']);
    expect(mine).toMatchObject({ page: 1, pageSize: 10, total: 2 });
    expect(mine.list[0]).toMatchObject({ id: second, uid: UID, videoUrl: expect.stringMatching(/^\/uploads\/videos\/xw-.+\.mp4$/) });
    expect((await drive(world.clock, service.myPosts(1, 10, 99))).list).toEqual([]);
    expect(calls(PostsCalls.myPosts.path)[1]?.params).toMatchObject({ uid: 99, page: 1, pageSize: 10 });
    expect((await drive(world.clock, service.feed('all', 1, 1))).list.map((p) => p.contxt)).toEqual(['二']);
    expect((await drive(world.clock, service.feed('follow', 1, 10))).list).toEqual([]);
    api.state.follows.set(UID, new Set([UID]));
    expect((await drive(world.clock, service.feed('follow', 1, 10))).total).toBe(2);
    expect(calls(PostsCalls.feed.path)[1]?.params).toMatchObject({ scope: 'follow' });
  });

  it('likes a post and unlikes it (LikeTrends); the post then says so', async () => {
    const { service, world, publishOne, calls } = postsSetup();
    const id = await publishOne('赞我');
    expect(await drive(world.clock, service.like(id))).toEqual({ id, liked: true, likeCount: 1 });
    expect(await drive(world.clock, service.post(id))).toMatchObject({ likeCount: 1, liked: true });
    expect(await drive(world.clock, service.like(id))).toEqual({ id, liked: false, likeCount: 0 });
    expect(calls(PostsCalls.like.path).map((call) => call.params?.['id'])).toEqual([id, id]);
  });

  it('reads one post, and deletes my own (8103 once gone, 8104 for another’s)', async () => {
    const { service, world, publishOne, api } = postsSetup();
    const id = await publishOne('hello');
    expect((await drive(world.clock, service.post(id))).contxt).toBe('hello');
    const [post] = api.state.posts;
    if (post) post.uid = 99;
    await expect(drive(world.clock, service.remove(id))).rejects.toMatchObject({ ret: PostsRet.NotOwned });
    if (post) post.uid = UID;
    await drive(world.clock, service.remove(id));
    await expect(drive(world.clock, service.post(id))).rejects.toMatchObject({ ret: PostsRet.NotFound, msg: PostsTexts.NotFound });
    // The request layer toasts those refusals as usual.
    expect(world.notifier.toasts.map((t) => t.message)).toContain(PostsTexts.NotFound);
  });
});
