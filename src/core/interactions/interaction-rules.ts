/**
 * The rules of 收到的赞 and 评论和回复: who is mentioned in a text, and how a row reads.
 */
import { LikedKind, ReplyKind, type InteractionTarget, type LikeGroup, type ReceivedReply } from './interactions-protocol.ts';

/** At most this many @mentions of a comment count (the rest are plain text). */
const MAX_MENTIONS = 10;
/** A nickname's length as a mention may name it (the registration limit is below it). */
const MAX_MENTION_LENGTH = 24;
/** A mention: @ then the nickname, up to a space, another @ or punctuation. */
const MENTION = /@([^\s@,，.。:：;；!！?？、()（）[\]【】"“”'‘’<>《》]+)/gu;

/** The nicknames a text mentions as @昵称, each once, in order (at most 10). */
export function mentionedNicknames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const name = match[1] ?? '';
    if ([...name].length <= MAX_MENTION_LENGTH) names.add(name);
    if (names.size === MAX_MENTIONS) break;
  }
  return [...names];
}

const LIKED_WHAT: Record<LikedKind, string> = { [LikedKind.Comment]: '评论', [LikedKind.Barrage]: '弹幕', [LikedKind.Post]: '动态' };

/** 评论 · 弹幕 · 动态: what a 收到的赞 row's thing is. */
export function likedWhat(kind: LikedKind): string {
  return LIKED_WHAT[kind];
}

/** 张三赞了你的评论 · 张三等3人赞了你的弹幕 (the latest liker named). */
export function likeHeadline(group: Pick<LikeGroup, 'kind' | 'likerCount' | 'latestLikers'>): string {
  const name = group.latestLikers[0]?.nickName ?? '';
  const who = group.likerCount > 1 ? `${name}等${group.likerCount}人` : name;
  return `${who}赞了你的${likedWhat(group.kind)}`;
}

/** 回复了你的评论 · 评论了你的视频 · 在评论中@了你. */
export function replyAction(kind: ReceivedReply['kind']): string {
  if (kind === ReplyKind.Reply) return '回复了你的评论';
  if (kind === ReplyKind.VideoComment) return '评论了你的视频';
  return '在评论中@了你';
}

/** Where a row opens: the play page at the comment's thread (commentId, replyId), or at a barrage's episode; a post's page. */
export function targetLink(target: InteractionTarget): { path: string; query: Record<string, string> } {
  if (target.postId > 0) return { path: '/dynamicDetail', query: { id: String(target.postId) } };
  const path = `/play/${encodeURIComponent(target.mediaKey)}`;
  if (target.commentId > 0) {
    const query: Record<string, string> = { commentId: String(target.commentId) };
    if (target.replyId > 0) query['replyId'] = String(target.replyId);
    return { path, query };
  }
  return { path, query: target.episode > 1 ? { episode: String(target.episode) } : {} };
}
