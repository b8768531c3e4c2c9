import type { ApiClient, CallOptions } from '../request/api-client.ts';
import { countOf, fieldsOf, textOf } from '../request/answer-values.ts';
import { parseComment, parseCommentPage, parseReplyPage, type Comment, type CommentPage, type ReplyPage } from './comment.ts';
import { VideoSocialCalls, type Rating, type RatingBucket, type VideoActionDetails, type VoteCounts } from './video-social-protocol.ts';
import { Vote, VideoSocialLimits, type CommentSort } from './video-social-rules.ts';

export type { Rating, VideoActionDetails, VoteCounts } from './video-social-protocol.ts';

export interface NewComment {
  mediaKey: string;
  content: string;
  /** The comment or reply answered. */
  parentId?: number;
  /** Sent as the videoType query (the category key). */
  videoType?: string;
}

function readVote(value: unknown): Vote {
  return value === Vote.Like || value === Vote.Dislike ? value : Vote.None;
}

/** The answers are read leniently: a missing or odd count is 0, an unknown vote none, 5 stars to 1 always listed. */
function parseVoteCounts(value: unknown): VoteCounts {
  const raw = fieldsOf(value);
  return { likes: countOf(raw.likes), dislikes: countOf(raw.dislikes), myVote: readVote(raw.myVote) };
}

function parseRating(value: unknown): Rating {
  const raw = fieldsOf(value);
  const buckets = Array.isArray(raw.distribution) ? raw.distribution.map(fieldsOf) : [];
  const distribution: RatingBucket[] = [];
  for (let stars = VideoSocialLimits.maxStars; stars >= VideoSocialLimits.minStars; stars -= 1) {
    distribution.push({ stars, count: countOf(buckets.find((bucket) => Number(bucket.stars) === stars)?.count) });
  }
  const score = Number(raw.score);
  const myRating = countOf(raw.myRating);
  return {
    score: Number.isFinite(score) && score > 0 ? score : 0,
    ratingCount: countOf(raw.ratingCount),
    distribution,
    myRating: myRating <= VideoSocialLimits.maxStars ? myRating : 0,
  };
}

export function parseDetails(value: unknown): VideoActionDetails {
  const raw = fieldsOf(value);
  return {
    mediaKey: textOf(raw.mediaKey),
    ...parseVoteCounts(raw),
    ...parseRating(raw),
    collected: raw.collected === true,
    shareCount: countOf(raw.shareCount),
    commentCount: countOf(raw.commentCount),
  };
}

/** The feature's calls. Errors surface as ApiError after the request layer's toasts. */
export class VideoSocialService {
  constructor(
    private readonly api: ApiClient,
    /** Told after each recorded share (the composition root tells the task centre: UpdTask share). */
    private readonly shared: () => void = () => undefined,
  ) {}

  async comments(mediaKey: string, sort: CommentSort, page: number, pageSize: number): Promise<CommentPage> {
    return parseCommentPage(await this.api.request(VideoSocialCalls.comments, { mediaKey, sort, page, pageSize }));
  }

  async replies(parentId: number, page: number, pageSize: number): Promise<ReplyPage> {
    return parseReplyPage(await this.api.request(VideoSocialCalls.replies, { parentId, page, pageSize }));
  }

  /** Replys: answers the stored comment (null for an unreadable answer). */
  async post(comment: NewComment): Promise<Comment | null> {
    const input = {
      mediaKey: comment.mediaKey,
      content: comment.content.trim(),
      ...(comment.parentId !== undefined ? { parentId: comment.parentId } : {}),
      ...(comment.videoType ? { videoType: comment.videoType } : {}),
    };
    return parseComment(await this.api.request(VideoSocialCalls.post, input));
  }

  async remove(id: number): Promise<void> {
    await this.api.request(VideoSocialCalls.remove, { id });
  }

  async likeComment(id: number): Promise<{ liked: boolean; likeCount: number }> {
    const raw = fieldsOf(await this.api.request(VideoSocialCalls.likeComment, { id }));
    return { liked: raw.liked === true, likeCount: countOf(raw.likeCount) };
  }

  async vote(mediaKey: string, tapped: typeof Vote.Like | typeof Vote.Dislike): Promise<VoteCounts> {
    return parseVoteCounts(await this.api.request(tapped === Vote.Like ? VideoSocialCalls.like : VideoSocialCalls.dislike, { mediaKey }));
  }

  async details(mediaKey: string, options: Pick<CallOptions, 'suppressTips'> = {}): Promise<VideoActionDetails> {
    return parseDetails(await this.api.request(VideoSocialCalls.details, { mediaKey }, options));
  }

  async rate(mediaKey: string, stars: number): Promise<Rating> {
    return parseRating(await this.api.request(VideoSocialCalls.rate, { mediaKey, stars }, { notice: true }));
  }

  /** Share: records it; answers the link to copy and the share count. */
  async share(mediaKey: string): Promise<{ link: string; shareCount: number }> {
    const raw = fieldsOf(await this.api.request(VideoSocialCalls.share, { mediaKey }));
    this.shared();
    return { link: typeof raw.link === 'string' ? raw.link : '', shareCount: countOf(raw.shareCount) };
  }

  /** AddToScjs (the server catalogue's collections): answers whether the video is collected now. */
  async toggleCollect(mediaKey: string): Promise<boolean> {
    return fieldsOf(await this.api.request(VideoSocialCalls.collect, { mediaKey })).collected === true;
  }
}
