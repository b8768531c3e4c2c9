import { makeAutoObservable } from 'mobx';
import { likeHeadline, likedWhat, replyAction, targetLink } from '../../core/interactions/interaction-rules.ts';
import { LikedKind, type InteractionActor, type InteractionTarget, type LikeGroup, type ReceivedReply } from '../../core/interactions/interactions-protocol.ts';
import { POST_WITHOUT_TEXT } from '../../core/posts/post.ts';
import type { InteractionsService } from '../../core/interactions/interactions-service.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { PagedListModel } from '../common/list/paged-list-model.ts';

const PAGE_SIZE = 20;

export interface LikeRow {
  key: string;
  /** 张三等3人赞了你的评论 */
  headline: string;
  likers: InteractionActor[];
  /** What was liked (shown as text). */
  content: string;
  /** 评论 or 弹幕, before the content. */
  what: string;
  time: number;
  unread: boolean;
  target: InteractionTarget;
}

export interface ReplyRow {
  key: string;
  author: InteractionActor;
  /** 回复了你的评论 · 评论了你的视频 · 在评论中@了你 */
  action: string;
  content: string;
  original: string;
  time: number;
  unread: boolean;
  target: InteractionTarget;
}

const likeRow = (group: LikeGroup): LikeRow => ({
  key: `${group.kind}:${group.id}`,
  headline: likeHeadline(group),
  likers: group.latestLikers,
  content: group.content || (group.kind === LikedKind.Post ? POST_WITHOUT_TEXT : ''),
  what: likedWhat(group.kind),
  time: group.time,
  unread: group.unread,
  target: group.target,
});

const replyRow = (reply: ReceivedReply): ReplyRow => ({
  key: String(reply.id),
  author: reply.author,
  action: replyAction(reply.kind),
  content: reply.content,
  original: reply.original,
  time: reply.time,
  unread: reply.unread,
  target: reply.target,
});

/** /getLike: liked comments and barrages, the latest like first; opening it marks the likes read. */
export class ReceivedLikesViewModel {
  readonly list: PagedListModel<LikeRow>;

  constructor(private readonly deps: { interactions: InteractionsService; navigator: Navigator }) {
    this.list = new PagedListModel(async (page, pageSize) => {
      const { list } = await deps.interactions.likes(page, pageSize);
      return { list: list.map(likeRow) };
    }, PAGE_SIZE);
    makeAutoObservable<ReceivedLikesViewModel, 'deps'>(this, { deps: false, list: false }, { autoBind: true });
  }

  rowTapped(row: LikeRow): void {
    const { path, query } = targetLink(row.target);
    this.deps.navigator.push(path, query);
  }
}

/** /commentAndReply: replies, comments on one's videos and mentions, newest first; opening it marks them read. */
export class CommentAndReplyViewModel {
  readonly list: PagedListModel<ReplyRow>;

  constructor(private readonly deps: { interactions: InteractionsService; navigator: Navigator }) {
    this.list = new PagedListModel(async (page, pageSize) => {
      const { list } = await deps.interactions.replies(page, pageSize);
      return { list: list.map(replyRow) };
    }, PAGE_SIZE);
    makeAutoObservable<CommentAndReplyViewModel, 'deps'>(this, { deps: false, list: false }, { autoBind: true });
  }

  /** Opens the video at the comment. */
  rowTapped(row: ReplyRow): void {
    const { path, query } = targetLink(row.target);
    this.deps.navigator.push(path, query);
  }

  /** 回复: the video at the comment, with the reply box answering it. */
  replyTapped(row: ReplyRow): void {
    const { path, query } = targetLink(row.target);
    this.deps.navigator.push(path, { ...query, reply: '1' });
  }
}

/** The two screens' view-models, bound by the composition root (interactions-bindings.ts). */
export const ReceivedLikesModel = viewModelToken<ReceivedLikesViewModel>('ReceivedLikesViewModel');
export const CommentAndReplyModel = viewModelToken<CommentAndReplyViewModel>('CommentAndReplyViewModel');
