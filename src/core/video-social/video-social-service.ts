import type { ApiClient, CallOptions } from '../request/api-client.ts';
import { shownComment, type Comment, type CommentPage, type ReplyPage } from './comment.ts';
import { VideoSocialCalls, type Rating, type VideoActionDetails, type VoteCounts } from './video-social-protocol.ts';
import { Vote, type CommentSort } from './video-social-rules.ts';

export type { Rating, VideoActionDetails, VoteCounts } from './video-social-protocol.ts';

export interface NewComment {
  mediaKey: string;
  content: string;
  /** The comment or reply answered. */
  parentId?: number;
  /** Sent as the videoType query (the category key). */
  videoType?: string;
}

/** The feature's calls. Errors surface as ApiError after the request layer's toasts. */
export class VideoSocialService {
  constructor(
    private readonly api: ApiClient,
    /** Told after each recorded share (the composition root tells the task centre: UpdTask share). */
    private readonly shared: () => void = () => undefined,
  ) {}

  async comments(mediaKey: string, sort: CommentSort, page: number, pageSize: number): Promise<CommentPage> {
    const read = await this.api.request(VideoSocialCalls.comments, { mediaKey, sort, page, pageSize });
    return { list: read.list.map(shownComment), total: read.total, commentCount: read.commentCount };
  }

  async replies(parentId: number, page: number, pageSize: number): Promise<ReplyPage> {
    const read = await this.api.request(VideoSocialCalls.replies, { parentId, page, pageSize });
    return { list: read.list.map(shownComment), total: read.total };
  }

  /** Replys: answers the stored comment (null for an unreadable answer). */
  async post(comment: NewComment): Promise<Comment | null> {
    const input = {
      mediaKey: comment.mediaKey,
      content: comment.content.trim(),
      ...(comment.parentId !== undefined ? { parentId: comment.parentId } : {}),
      ...(comment.videoType ? { videoType: comment.videoType } : {}),
    };
    const stored = await this.api.request(VideoSocialCalls.post, input);
    return stored && shownComment(stored);
  }

  async remove(id: number): Promise<void> {
    await this.api.request(VideoSocialCalls.remove, { id });
  }

  async likeComment(id: number): Promise<{ liked: boolean; likeCount: number }> {
    return this.api.request(VideoSocialCalls.likeComment, { id });
  }

  async vote(mediaKey: string, tapped: typeof Vote.Like | typeof Vote.Dislike): Promise<VoteCounts> {
    return this.api.request(tapped === Vote.Like ? VideoSocialCalls.like : VideoSocialCalls.dislike, { mediaKey });
  }

  async details(mediaKey: string, options: Pick<CallOptions, 'suppressTips'> = {}): Promise<VideoActionDetails> {
    return this.api.request(VideoSocialCalls.details, { mediaKey }, options);
  }

  async rate(mediaKey: string, stars: number): Promise<Rating> {
    return this.api.request(VideoSocialCalls.rate, { mediaKey, stars }, { notice: true });
  }

  /** Share: records it; answers the link to copy and the share count. */
  async share(mediaKey: string): Promise<{ link: string; shareCount: number }> {
    const answer = await this.api.request(VideoSocialCalls.share, { mediaKey });
    this.shared();
    return answer;
  }

  /** AddToScjs (the server catalogue's collections): answers whether the video is collected now. */
  async toggleCollect(mediaKey: string): Promise<boolean> {
    return (await this.api.request(VideoSocialCalls.collect, { mediaKey })).collected;
  }
}
