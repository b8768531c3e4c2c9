/** Follow, block and report: the spec's codes, texts and limits (shared by the app and the server). */

import { REPORT_REASONS, SocialProtocolLimits, type ReportReason } from './social-protocol.ts';
import { SocialTexts } from './social-texts.ts';

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
