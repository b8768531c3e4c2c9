/**
 * The rules of the codes the app sends to an email address or a phone (issue 22): the server enforces them
 * (server/verification/verification-codes.ts) and the app's screens show them (the resend countdown, the input's
 * length), so they are written once, here.
 */
export const VerificationRules = {
  /** Digits in a code. */
  digits: 6,
  /** A code is good this long after it was sent. */
  lifetimeMs: 10 * 60_000,
  /** Wrong entries a code takes before it is used up. */
  maxTries: 5,
  /** A new code to the same target only this long after the last one. */
  resendAfterMs: 60_000,
  /** Codes sent to one target in a rolling day, at most. */
  perTargetPerDay: 10,
  /** Codes sent from one network address in a rolling hour, at most. */
  perAddressPerHour: 20,
} as const;

/** What a code is for: a code for one purpose never serves another. */
export type VerificationPurpose = 'reset_password' | 'bind_email' | 'bind_phone' | 'delete_account';

/** A well-formed code: exactly the rule's number of digits. */
export function isWellFormedCode(code: string): boolean {
  return code.length === VerificationRules.digits && /^[0-9]+$/.test(code);
}
