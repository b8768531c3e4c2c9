/** Follow, block and report: the spec's codes, texts and limits (shared by the app and the server). */

import { REPORT_REASONS, SocialProtocolLimits, type ReportReason } from './social-protocol.ts';

/** Where the social screens send a visitor. */
export const SocialPaths = { login: '/login' } as const;

export { Flag } from '../shared-kernel/listed-user.ts';

export const SocialLimits = {
  /** Optional description of a report, in characters (code points). */
  reportContentMax: SocialProtocolLimits.reportContentMax,
  /** A reason's length the server accepts at most. */
  reportReasonMax: SocialProtocolLimits.reportReasonMax,
  /** Reports one user may send in 24 hours. */
  reportsPerDay: 10,
  defaultPageSize: SocialProtocolLimits.defaultPageSize,
  maxPageSize: SocialProtocolLimits.maxPageSize,
  /** Toasts of the follow button and the block control (spec: notices 1 s). */
  noticeToastMs: 1000,
  /** Local toasts (a missing reason): the spec's default toast, 1500 ms at the bottom. */
  defaultToastMs: 1500,
} as const;

export const SocialTexts = {
  follow: '关注',
  followed: '已关注',
  blocked: '已拉黑',
  unblockTitle: '取消拉黑',
  unblockMessage: '您已拉黑该用户，是否移出黑名单？',
  blockTitle: '加入黑名单',
  blockMessage: '加入黑名单后，你们将互相取消关注，且对方无法给你发送消息。确定拉黑吗？',
  block: '加入黑名单',
  unblock: '移出黑名单',
  confirm: '确定',
  cancel: '取消',
  reportDoneTitle: '已收到您的举报',
  reportDoneMessage: '如果该内容违反社区规范，我们将予以删除。',
  reportDoneButton: '我知道了',
  chooseReason: '请选择举报原因',
  contentTooLong: `描述最多${SocialLimits.reportContentMax}个字`,
  contentBadCharacters: '描述含有不支持的字符',
  reasonTooLong: `举报原因最多${SocialLimits.reportReasonMax}个字`,
  followedToast: '关注成功',
  unfollowedToast: '已取消关注',
  blockedToast: '已拉黑',
  unblockedToast: '已移出黑名单',
  reportedToast: '已收到您的举报',
  tooManyReports: '举报过于频繁，请稍后再试',
  followBlockedByUser: '对方已将你拉黑，无法关注',
} as const;

/** Length of a text in characters (code points), as the spec's limits count. */
export function textLength(text: string): number {
  return [...text].length;
}

/** A report description the server stores: trimmed, at most 200 characters, no control characters but line breaks. */
export function reportContentProblem(content: string): string | null {
  const trimmed = content.trim();
  if (textLength(trimmed) > SocialLimits.reportContentMax) return SocialTexts.contentTooLong;
  if (/[^\P{Cc}\n]/u.test(trimmed)) return SocialTexts.contentBadCharacters;
  return null;
}

export function isReportReason(value: string): value is ReportReason {
  return (REPORT_REASONS as readonly string[]).includes(value);
}
