import { type CodeChannel } from '../../src/core/account-security/account-security-protocol.ts';
import { AccountSecurityTexts } from '../../src/core/account-security/account-security-texts.ts';
import { VerificationRules, type VerificationPurpose } from '../../src/core/account-security/verification-rules.ts';
import type { AppServices } from '../app-services.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret } from '../http/ret.ts';
import type { CheckOutcome } from '../verification/verification-codes.ts';

/**
 * Issues a code for `purpose` to `to` (an email, or +<code><digits>) and sends it by `channel`: the limits' refusals
 * answer 6211 (with the wait), 6212 or 1005, a transport that refuses answers 6213. `doing` says what the code is
 * for, in the message: 您正在<doing>，验证码：…
 */
export async function issueAndSendCode(
  verification: AppServices['verification'],
  message: { purpose: VerificationPurpose; channel: CodeChannel; to: string; subject: string; doing: string },
  address: string,
  now: number,
): Promise<void> {
  const issued = await verification.codes.issue(message.purpose, message.to, address, now);
  if (!issued.ok) {
    if (issued.kind === 'too_soon') throw new ApiError(Ret.CodeTooSoon, AccountSecurityTexts.CodeTooSoon, { waitMs: issued.waitMs });
    if (issued.kind === 'target_limit') throw new ApiError(Ret.CodeDayLimit, AccountSecurityTexts.CodeDayLimit);
    throw new ApiError(Ret.TooManyAttempts, AccountSecurityTexts.CodeAddressLimit);
  }
  const text = `您正在${message.doing}，验证码：${issued.code}，${VerificationRules.lifetimeMs / 60_000}分钟内有效。如非本人操作，请忽略。`;
  try {
    await verification.senders[message.channel].send({ channel: message.channel, to: message.to, subject: message.subject, text, code: issued.code });
  } catch {
    throw new ApiError(Ret.CodeNotSent, AccountSecurityTexts.CodeNotSent);
  }
}

/** A checked code's refusal: 6214 wrong, 6215 none waiting, 6216 out of tries; nothing for a right one. */
export function refuseUnlessRight(outcome: CheckOutcome): void {
  if (outcome === 'wrong') throw new ApiError(Ret.CodeWrong, AccountSecurityTexts.CodeWrong);
  if (outcome === 'expired') throw new ApiError(Ret.CodeExpired, AccountSecurityTexts.CodeExpired);
  if (outcome === 'exhausted') throw new ApiError(Ret.CodeExhausted, AccountSecurityTexts.CodeExhausted);
}
