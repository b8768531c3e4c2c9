import { expect, it } from 'vitest';
import { installFakeVideoSocialApi } from '../../adapters/http/fake-video-social-api.ts';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import {
  VideoSocialCalls,
  VideoSocialRet,
  type CommentView,
  type CommentViewPage,
  type Rating,
  type ReplyViewPage,
  type VideoActionDetails,
} from '../../src/core/video-social/video-social-protocol.ts';
import { registerUser, tokenParams } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * Comments and a video's actions (src/core/video-social/video-social-protocol.ts) as the app sends them, answered by
 * the fake the app's tests use (adapters/http/fake-video-social-api.ts) and by the reference server (in process, on
 * its test database): both must answer alike.
 */
interface Caller {
  uid: number;
  fields: Record<string, string>;
}

interface VideoSocialWorld {
  /** Sends a declared call as the app encodes it; `caller` null is a visitor. */
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null): Promise<Answer>;
  user(): Promise<Caller>;
  /** A video no other test uses. */
  video(): string;
  /** Lets time pass (a user posts once every 3 s). */
  later(ms: number): void;
}

const MISSING_VIDEO = 'no-such-video';

const VIDEOS = Array.from({ length: 8 }, (_, index) => `movie-${String(index + 2).padStart(2, '0')}`);

/** The seeded videos in turn, a new one for each test. */
function videoPicker(): () => string {
  let next = 0;
  return () => VIDEOS[next++ % VIDEOS.length] ?? 'movie-02';
}

protocolContract<VideoSocialWorld>('video-social protocol', {
  fake: ({ http, send, clock }) => {
    let uids = 0;
    installFakeVideoSocialApi(http, 0, {
      caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null),
      videos: new Set(VIDEOS),
      now: () => clock.now(),
    });
    return {
      async user() {
        uids += 1;
        return { uid: uids, fields: { login_uid: String(uids) } };
      },
      video: videoPicker(),
      later: (ms) => clock.advance(ms),
      send: (declared, input, caller) => send(declared, input, caller?.fields ?? {}),
    };
  },
  server: {
    seed: seedCatalogue,
    world: ({ app, clock, send }) => ({
      async user() {
        const user = await registerUser(app);
        const { uid: _tokenUid, ...fields } = tokenParams(user.token);
        return { uid: user.id, fields };
      },
      video: videoPicker(),
      later: (ms) => clock.advance(ms),
      send: (declared, input, caller) => send(declared, input, caller?.fields ?? {}),
    }),
  },
}, (world) => {
  it('Replys posts a comment and a reply; CommentListsV2 and GetCommentByParentID list them', async () => {
    const [a, b] = [await world.user(), await world.user()];
    const mediaKey = world.video();
    const posted = await world.send(VideoSocialCalls.post, { mediaKey, content: ' 好看 ', videoType: 'movie' }, a);
    expect(posted).toMatchObject({ ret: 200, msg: '评论成功', data: { parentId: 0, uid: a.uid, content: '好看', likeCount: 0, liked: false, replyCount: 0, replyTo: null, replies: [] } });
    const comment = posted.data as CommentView;
    const reply = await world.send(VideoSocialCalls.post, { mediaKey, content: '同意', parentId: comment.id }, b);
    expect(reply).toMatchObject({ ret: 200, msg: '回复成功', data: { parentId: comment.id, uid: b.uid, replyTo: null } });
    world.later(3_000);
    const again = await world.send(VideoSocialCalls.post, { mediaKey, content: '谢谢', parentId: (reply.data as CommentView).id }, a);
    expect(again).toMatchObject({ ret: 200, data: { parentId: comment.id, replyTo: { uid: b.uid } } });
    const page = (await world.send(VideoSocialCalls.comments, { mediaKey, page: 1, pageSize: 10 }, null)).data as CommentViewPage;
    expect({ total: page.total, commentCount: page.commentCount, page: page.page, pageSize: page.pageSize }).toEqual({ total: 1, commentCount: 3, page: 1, pageSize: 10 });
    expect(page.list[0]).toMatchObject({ id: comment.id, replyCount: 2 });
    expect(page.list[0]?.replies.map((r) => r.content)).toEqual(['同意', '谢谢']);
    const replies = (await world.send(VideoSocialCalls.replies, { parentId: comment.id, page: 1, pageSize: 1 }, null)).data as ReplyViewPage;
    expect({ total: replies.total, contents: replies.list.map((r) => r.content) }).toEqual({ total: 2, contents: ['同意'] });
  });

  it('Replys refuses empty or too long content, a visitor, an unknown video or parent, a stranger as replyToUid, and a second post within 3 s', async () => {
    const [a, b] = [await world.user(), await world.user()];
    const mediaKey = world.video();
    expect(await world.send(VideoSocialCalls.post, { mediaKey, content: '   ' }, a)).toMatchObject({ ret: 1002, msg: '请输入评论内容' });
    expect(await world.send(VideoSocialCalls.post, { mediaKey, content: '字'.repeat(501) }, a)).toMatchObject({ ret: 1002, msg: '评论最多500个字' });
    expect(await world.send(VideoSocialCalls.post, { mediaKey, content: '好', videoType: 'a b' }, a)).toMatchObject({ ret: 1002, msg: '参数格式错误：videoType' });
    expect((await world.send(VideoSocialCalls.post, { mediaKey, content: '好' }, null)).ret).toBe(201);
    expect((await world.send(VideoSocialCalls.post, { mediaKey: MISSING_VIDEO, content: '好' }, a)).ret).toBe(1030);
    expect(await world.send(VideoSocialCalls.post, { mediaKey, content: '好', parentId: 999_999 }, a)).toMatchObject({ ret: VideoSocialRet.CommentNotFound, msg: '评论不存在' });
    const first = (await world.send(VideoSocialCalls.post, { mediaKey, content: '第一' }, a)).data as CommentView;
    expect(await world.send(VideoSocialCalls.post, { mediaKey, content: '太快' }, a)).toMatchObject({ ret: VideoSocialRet.CommentTooFrequent, msg: '评论太频繁，请稍后再试' });
    const stranger = await world.user();
    expect(await world.send(VideoSocialCalls.post, { mediaKey, content: '好', parentId: first.id, replyToUid: stranger.uid }, b)).toMatchObject({
      ret: VideoSocialRet.ReplyTargetInvalid,
      msg: '回复的用户不在该评论下',
    });
    expect(await world.send(VideoSocialCalls.post, { mediaKey, content: '好', replyToUid: a.uid }, b)).toMatchObject({ ret: 1002, msg: '参数格式错误：replyToUid' });
  });

  it('CommentListsV2 and GetCommentByParentID refuse a bad sort, pageSize beyond 50, an unknown video, a reply as parent', async () => {
    const [a, b] = [await world.user(), await world.user()];
    const mediaKey = world.video();
    const comment = (await world.send(VideoSocialCalls.post, { mediaKey, content: '评论' }, a)).data as CommentView;
    const reply = (await world.send(VideoSocialCalls.post, { mediaKey, content: '回复', parentId: comment.id }, b)).data as CommentView;
    expect(await world.send(VideoSocialCalls.comments, { mediaKey, sort: 'old', page: 1, pageSize: 10 }, null)).toMatchObject({ ret: 1002, msg: '参数格式错误：sort' });
    expect(await world.send(VideoSocialCalls.comments, { mediaKey, page: 1, pageSize: 51 }, null)).toMatchObject({ ret: 1002, msg: '每页数量为1-50' });
    expect((await world.send(VideoSocialCalls.comments, { mediaKey: MISSING_VIDEO, page: 1, pageSize: 10 }, null)).ret).toBe(1030);
    expect((await world.send(VideoSocialCalls.comments, { mediaKey, sort: 'hot', page: 1, pageSize: 10 }, a)).ret).toBe(200);
    expect((await world.send(VideoSocialCalls.replies, { parentId: reply.id, page: 1, pageSize: 10 }, null)).ret).toBe(VideoSocialRet.CommentNotFound);
  });

  it('ReplyLike toggles a like; DelReply deletes one\'s own comment with its replies and refuses another\'s', async () => {
    const [a, b] = [await world.user(), await world.user()];
    const mediaKey = world.video();
    const comment = (await world.send(VideoSocialCalls.post, { mediaKey, content: '评论' }, a)).data as CommentView;
    await world.send(VideoSocialCalls.post, { mediaKey, content: '回复', parentId: comment.id }, b);
    expect(await world.send(VideoSocialCalls.likeComment, { id: comment.id }, b)).toMatchObject({ ret: 200, data: { liked: true, likeCount: 1 } });
    expect(await world.send(VideoSocialCalls.likeComment, { id: comment.id }, b)).toMatchObject({ ret: 200, data: { liked: false, likeCount: 0 } });
    expect((await world.send(VideoSocialCalls.likeComment, { id: 999_999 }, b)).ret).toBe(VideoSocialRet.CommentNotFound);
    expect((await world.send(VideoSocialCalls.likeComment, { id: comment.id }, null)).ret).toBe(201);
    expect(await world.send(VideoSocialCalls.remove, { id: comment.id }, b)).toMatchObject({ ret: VideoSocialRet.CommentNotOwned, msg: '只能删除自己的评论' });
    expect(await world.send(VideoSocialCalls.remove, { id: comment.id }, a)).toEqual({ ret: 200, msg: '删除成功', data: { id: comment.id, deleted: 2 } });
    expect((await world.send(VideoSocialCalls.remove, { id: comment.id }, a)).ret).toBe(VideoSocialRet.CommentNotFound);
    expect(await world.send(VideoSocialCalls.remove, { id: 0 }, a)).toMatchObject({ ret: 1002, msg: '参数格式错误：id' });
  });

  it('VideoLikes and VideoDisLikes toggle and replace the vote; VideoRatingDetails shows it with the rating, shares and comments', async () => {
    const [a, b] = [await world.user(), await world.user()];
    const mediaKey = world.video();
    expect(await world.send(VideoSocialCalls.like, { mediaKey }, a)).toMatchObject({ ret: 200, data: { likes: 1, dislikes: 0, myVote: 'like' } });
    expect(await world.send(VideoSocialCalls.dislike, { mediaKey }, a)).toMatchObject({ ret: 200, data: { likes: 0, dislikes: 1, myVote: 'dislike' } });
    expect(await world.send(VideoSocialCalls.dislike, { mediaKey }, a)).toMatchObject({ ret: 200, data: { likes: 0, dislikes: 0, myVote: 'none' } });
    await world.send(VideoSocialCalls.like, { mediaKey }, b);
    expect((await world.send(VideoSocialCalls.like, { mediaKey }, null)).ret).toBe(201);
    expect((await world.send(VideoSocialCalls.like, { mediaKey: MISSING_VIDEO }, a)).ret).toBe(1030);
    const rated = await world.send(VideoSocialCalls.rate, { mediaKey, stars: 4 }, a);
    expect(rated).toMatchObject({ ret: 200, msg: '评分成功', data: { score: 8, ratingCount: 1, myRating: 4 } });
    expect((rated.data as Rating).distribution).toEqual([5, 4, 3, 2, 1].map((stars) => ({ stars, count: stars === 4 ? 1 : 0 })));
    expect(await world.send(VideoSocialCalls.rate, { mediaKey, stars: 6 }, a)).toMatchObject({ ret: 1002, msg: '评分为1-5星' });
    await world.send(VideoSocialCalls.post, { mediaKey, content: '评论' }, a);
    const share = await world.send(VideoSocialCalls.share, { mediaKey }, null);
    expect(share.ret).toBe(200);
    expect((share.data as { link: string; shareCount: number }).shareCount).toBe(1);
    expect((share.data as { link: string }).link.endsWith(`/play/${mediaKey}`)).toBe(true);
    const details = await world.send(VideoSocialCalls.details, { mediaKey }, b);
    expect(details.data).toMatchObject({ mediaKey, likes: 1, dislikes: 0, myVote: 'like', score: 8, ratingCount: 1, myRating: 0, collected: false, shareCount: 1, commentCount: 1 } satisfies Partial<VideoActionDetails>);
    expect((await world.send(VideoSocialCalls.details, { mediaKey }, null)).data).toMatchObject({ myVote: 'none', myRating: 0, collected: false });
    expect((await world.send(VideoSocialCalls.details, { mediaKey: MISSING_VIDEO }, null)).ret).toBe(1030);
  });

  it('AddToScjs collects and uncollects; refuses a visitor and an unknown video', async () => {
    const a = await world.user();
    const mediaKey = world.video();
    expect(await world.send(VideoSocialCalls.collect, { mediaKey }, a)).toMatchObject({ ret: 200, data: { collected: true } });
    expect((await world.send(VideoSocialCalls.details, { mediaKey }, a)).data).toMatchObject({ collected: true });
    expect(await world.send(VideoSocialCalls.collect, { mediaKey }, a)).toMatchObject({ ret: 200, data: { collected: false } });
    expect((await world.send(VideoSocialCalls.collect, { mediaKey }, null)).ret).toBe(201);
    expect((await world.send(VideoSocialCalls.collect, { mediaKey: MISSING_VIDEO }, a)).ret).toBe(1030);
  });
});
