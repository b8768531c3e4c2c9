/** Comments and a video's social actions: the calls, codes, limits and texts (shared by the app and the server). */

import { VideoSocialProtocolLimits, Vote, type RatingBucket } from './video-social-protocol.ts';
import { VideoSocialTexts } from './video-social-texts.ts';

// The wire's values, declared with the calls; the rules and the screens read them here too.
export { CommentSort, Vote, type RatingBucket } from './video-social-protocol.ts';

/** The app's own addresses the feature sends a visitor or a share to. */
export const VideoSocialPaths = { login: '/login', play: '/play' } as const;

export const VideoSocialLimits = {
  /** A comment's length in characters (code points) after trimming. */
  contentMin: 1,
  contentMax: VideoSocialProtocolLimits.contentMax,
  /** One comment (or reply) per user within this many milliseconds. */
  postIntervalMs: 3000,
  /** Replies shown under a comment in the list before 查看全部N条回复. */
  previewReplies: 2,
  defaultPageSize: VideoSocialProtocolLimits.defaultPageSize,
  maxPageSize: VideoSocialProtocolLimits.maxPageSize,
  maxPage: VideoSocialProtocolLimits.maxPage,
  maxVideoType: VideoSocialProtocolLimits.maxVideoType,
  minStars: VideoSocialProtocolLimits.minStars,
  maxStars: VideoSocialProtocolLimits.maxStars,
  /** Notices (spec: 1 s) and the default toast (1500 ms, bottom). */
  noticeToastMs: 1000,
  defaultToastMs: 1500,
} as const;

/** 查看全部N条回复 */
export const allRepliesText = (count: number): string => `查看全部${count}条回复`;
/** 评论 N */
export const commentsHeading = (count: string): string => `${VideoSocialTexts.comments} ${count}`;

/** Length of a text in characters (code points), as the limits count. */
function textLength(text: string): number {
  return [...text].length;
}

/** What is wrong with a comment's text (checked after trimming), or null: empty, over 500 characters, control characters but line breaks. */
export function commentContentProblem(content: string): string | null {
  const trimmed = content.trim();
  const length = textLength(trimmed);
  if (length < VideoSocialLimits.contentMin) return VideoSocialTexts.contentEmpty;
  if (length > VideoSocialLimits.contentMax) return VideoSocialTexts.contentTooLong;
  if (/[^\P{Cc}\n]/u.test(trimmed)) return VideoSocialTexts.contentBadCharacters;
  return null;
}

/**
 * The shown score out of 10 (one decimal): the average of the users' stars (each star is 2 points). 0 without
 * ratings (shown as 暂无评分), so a score never stands beside 0人评分.
 */
export function averageScore(distribution: readonly RatingBucket[]): number {
  let count = 0;
  let points = 0;
  for (const bucket of distribution) {
    count += bucket.count;
    points += bucket.count * bucket.stars * 2;
  }
  return count === 0 ? 0 : Math.round((points * 10) / count) / 10;
}

/** Full stars out of 5 for a score out of 10 (half up): 8.7 → 4, 9.0 → 5. */
export function starsOf(score: number): number {
  if (!Number.isFinite(score) || score <= 0) return 0;
  return Math.min(VideoSocialLimits.maxStars, Math.round(score / 2));
}

/** The vote after tapping 赞 (like) or 踩 (dislike): the same vote again clears it. */
export function toggledVote(current: Vote, tapped: typeof Vote.Like | typeof Vote.Dislike): Vote {
  return current === tapped ? Vote.None : tapped;
}
