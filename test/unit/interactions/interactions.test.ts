import { describe, expect, it } from 'vitest';
import { installFakeInteractionsApi } from '../../../adapters/http/fake-interactions-api.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { bindFeatures } from '../../../src/composition/feature-bindings.ts';
import { likeHeadline, mentionedNicknames, replyAction, targetLink } from '../../../src/core/interactions/interaction-rules.ts';
import { InteractionNotices, InteractionsService } from '../../../src/core/interactions/interactions-service.ts';
import { UnreadCounter } from '../../../src/core/messaging/unread-counter.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { parseUser } from '../../../src/core/shared-kernel/user.ts';
import { CommentAndReplyViewModel, ReceivedLikesViewModel } from '../../../src/ui/interactions/interactions-view-models.ts';
import { MessageCentreViewModel } from '../../../src/ui/messaging/message-view-models.ts';
import { ChatService } from '../../../src/core/messaging/chat-service.ts';
import { Navigator } from '../../../src/core/ports/navigator.ts';
import type { MemoryNavigator } from '../../../adapters/navigator/memory-navigator.ts';

const target = (commentId: number, replyId = 0) => ({ mediaKey: 'movie-05', title: '片名', commentId, replyId, episode: 1, postId: 0 });
const actor = (uid: number, nickName: string) => ({ uid, nickName, avatar: '' });

function setup() {
  const { container, world } = createHeadlessCore({ withFakeApi: false });
  bindFeatures(container);
  const user = parseUser({ id: 7, nickName: '小遇', token: { uid: 7, token: 'tok' } });
  if (!user) throw new Error('bad user');
  container.get(UserSession).signedIn(user);
  let now = 1_000;
  const state = installFakeInteractionsApi(world.http, { caller: (call) => {
      const uid = call.params['uid'] ?? call.body['uid'];
      return uid ? Number(uid) : null;
    }, now: () => now });
  const refreshes: number[] = [];
  container.get(UnreadCounter).onRefreshRequested(() => refreshes.push(now));
  const navigator = container.get<Navigator>(Navigator) as MemoryNavigator;
  return { container, world, state, refreshes, navigator, service: container.get(InteractionsService), tick: () => (now += 1000) };
}

const settle = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('interaction rules', () => {
  it('finds each @nickname once, up to punctuation and spaces', () => {
    expect(mentionedNicknames('@张三 你看@李四，还有@张三 和 email@x')).toEqual(['张三', '李四', 'x']);
    expect(mentionedNicknames('没有提到谁')).toEqual([]);
    expect(mentionedNicknames('@')).toEqual([]);
    expect(mentionedNicknames(Array.from({ length: 12 }, (_, i) => `@u${i}`).join(' '))).toHaveLength(10);
  });

  it('says who liked what and what a comment did', () => {
    expect(likeHeadline({ kind: 'comment', likerCount: 1, latestLikers: [actor(2, '张三')] })).toBe('张三赞了你的评论');
    expect(likeHeadline({ kind: 'barrage', likerCount: 3, latestLikers: [actor(2, '张三'), actor(3, '李四')] })).toBe('张三等3人赞了你的弹幕');
    expect(replyAction('reply')).toBe('回复了你的评论');
    expect(replyAction('comment')).toBe('评论了你的视频');
    expect(replyAction('mention')).toBe('在评论中@了你');
  });

  it('links to the play page at the thread, or at a barrage\'s episode', () => {
    expect(targetLink(target(5))).toEqual({ path: '/play/movie-05', query: { commentId: '5' } });
    expect(targetLink(target(5, 9))).toEqual({ path: '/play/movie-05', query: { commentId: '5', replyId: '9' } });
    expect(targetLink({ ...target(0), episode: 3 })).toEqual({ path: '/play/movie-05', query: { episode: '3' } });
    expect(targetLink({ ...target(0), mediaKey: 'a b' }).path).toBe('/play/a%20b');
  });

  it('a liked post is a 动态 and opens its page', () => {
    expect(likeHeadline({ kind: 'post', likerCount: 2, latestLikers: [actor(2, '张三')] })).toBe('张三等2人赞了你的动态');
    expect(targetLink({ mediaKey: '', title: '', commentId: 0, replyId: 0, episode: 1, postId: 42 })).toEqual({ path: '/dynamicDetail', query: { id: '42' } });
  });
});

describe('InteractionsService and the screens\' view-models', () => {
  it('reading 收到的赞 marks it read once and asks for the total count again; rows read as the screen shows them', async () => {
    const { state, refreshes, navigator, service, tick } = setup();
    state.likes.push(
      { recipient: 7, kind: 'comment', id: 5, content: '好评', liker: actor(2, '张三'), time: tick(), target: target(5) },
      { recipient: 7, kind: 'comment', id: 5, content: '好评', liker: actor(3, '李四'), time: tick(), target: target(5) },
      { recipient: 8, kind: 'comment', id: 6, content: '别人的', liker: actor(2, '张三'), time: tick(), target: target(6) },
    );
    expect(await service.counts()).toEqual({ likes: 2, replies: 0 });
    const vm = new ReceivedLikesViewModel({ interactions: service, navigator });
    vm.list.opened();
    await settle();
    expect(vm.list.items).toHaveLength(1);
    expect(vm.list.items[0]).toMatchObject({ headline: '李四等2人赞了你的评论', content: '好评', what: '评论', unread: true });
    expect(state.reads.has('7:like')).toBe(true);
    expect(refreshes).toHaveLength(1);
    expect(await service.counts()).toEqual({ likes: 0, replies: 0 });

    vm.rowTapped(vm.list.items[0]!);
    expect(navigator.current()).toMatchObject({ path: '/play/movie-05', query: { commentId: '5' } });
    // Nothing unread: opening again marks nothing.
    await vm.list.refresh();
    expect(refreshes).toHaveLength(1);
  });

  it('a liked post without words reads 分享了一个视频 under 动态, and its row opens the post', async () => {
    const { state, navigator, service, tick } = setup();
    const post = { mediaKey: '', title: '', commentId: 0, replyId: 0, episode: 1, postId: 42 };
    state.likes.push({ recipient: 7, kind: 'post', id: 42, content: '', liker: actor(2, '张三'), time: tick(), target: post });
    const vm = new ReceivedLikesViewModel({ interactions: service, navigator });
    vm.list.opened();
    await settle();
    expect(vm.list.items[0]).toMatchObject({ headline: '张三赞了你的动态', content: '分享了一个视频', what: '动态' });
    vm.rowTapped(vm.list.items[0]!);
    expect(navigator.current()).toMatchObject({ path: '/dynamicDetail', query: { id: '42' } });
  });

  it('评论和回复 rows, 回复 opens the box, and the message centre shows both counts', async () => {
    const { container, state, navigator, service, tick } = setup();
    state.replies.push({ recipient: 7, kind: 'reply', id: 11, author: actor(2, '张三'), content: '<img src=x>', original: '原评论', time: tick(), target: target(5, 11) });
    const centre = new MessageCentreViewModel({ chat: container.get(ChatService), navigator, interactions: service, notices: container.get(InteractionNotices) });
    const close = centre.opened();
    await settle();
    expect(centre.entries.find((entry) => entry.testId === 'entry-replies')).toMatchObject({ label: '评论和回复', path: '/commentAndReply', badge: '1' });
    expect(centre.entries.find((entry) => entry.testId === 'entry-likes')).toMatchObject({ label: '收到的赞', path: '/getLike', badge: '' });
    close();

    const vm = new CommentAndReplyViewModel({ interactions: service, navigator });
    vm.list.opened();
    await settle();
    expect(vm.list.items[0]).toMatchObject({ action: '回复了你的评论', content: '<img src=x>', original: '原评论', unread: true });
    vm.replyTapped(vm.list.items[0]!);
    expect(navigator.current()).toMatchObject({ path: '/play/movie-05', query: { commentId: '5', replyId: '11', reply: '1' } });
    expect(await service.counts()).toEqual({ likes: 0, replies: 0 });
  });

  it('an interactionNotice over the socket asks the total count again and the open /message reads its counts again', async () => {
    const { container, world, state, refreshes, navigator, service, tick } = setup();
    const notices = container.get(InteractionNotices);
    world.socket.connect();
    const stop = notices.start();
    notices.start(); // idempotent
    const centre = new MessageCentreViewModel({ chat: container.get(ChatService), navigator, interactions: service, notices });
    const close = centre.opened();
    await settle();
    expect(centre.entries.find((entry) => entry.testId === 'entry-likes')?.badge).toBe('');
    state.likes.push({ recipient: 7, kind: 'barrage', id: 3, content: '高能', liker: actor(2, '张三'), time: tick(), target: target(0) });
    world.socket.serverEmit('interactionNotice', {});
    await settle();
    expect(refreshes).toHaveLength(1);
    expect(centre.entries.find((entry) => entry.testId === 'entry-likes')?.badge).toBe('1');
    close();
    stop();
    world.socket.serverEmit('interactionNotice', {});
    expect(refreshes).toHaveLength(1);
  });

  it('counts read as zeros when the call fails', async () => {
    const { world, service } = setup();
    world.http.route('GET', '/api/Message/GetInteractionUnread', () => ({ body: { ret: 500, msg: '失败', data: null } }));
    expect(await service.counts()).toEqual({ likes: 0, replies: 0 });
  });
});
