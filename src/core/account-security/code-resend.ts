import { ApiError } from '../request/api-error.ts';
import { AccountSecurityRet, type CodeWait } from './account-security-protocol.ts';
import { VerificationRules } from './verification-rules.ts';

/** Seconds until another code may be sent, from when the last one went (0: now). */
export function resendInSeconds(sentAt: number, now: number): number {
  return Math.max(0, Math.ceil((sentAt + VerificationRules.resendAfterMs - now) / 1000));
}

/**
 * When a refusal says the last code is too recent (6211 with the wait), the send time that wait implies, so the
 * countdown shows what is left; null for any other failure.
 */
export function sentAtOfRefusal(error: unknown, now: number): number | null {
  if (!(error instanceof ApiError) || error.ret !== AccountSecurityRet.CodeTooSoon) return null;
  const wait = Number((error.data as Partial<CodeWait> | null)?.waitMs);
  return Number.isFinite(wait) ? now + wait - VerificationRules.resendAfterMs : null;
}
