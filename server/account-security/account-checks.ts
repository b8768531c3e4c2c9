import { AccountSecurityTexts } from '../../src/core/account-security/account-security-texts.ts';
import type { AppServices } from '../app-services.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret } from '../http/ret.ts';
import { PASSWORD_CHECKS_PER_USER } from '../rate-limit/rate-limiter.ts';

/**
 * The signed-in user's own password, before a change to the account (a new password, a binding, a deletion): 5
 * wrong ones per 15 minutes, counted before the check so parallel guesses cannot pass it, given back when right.
 * A wrong one answers 6201 with `wrongText`.
 */
export async function checkOwnPassword(
  services: Pick<AppServices, 'passwords' | 'limiter'>,
  auth: AuthSession,
  password: string,
  wrongText: string,
): Promise<void> {
  const subject = String(auth.user.id);
  if ((await services.limiter.claim(PASSWORD_CHECKS_PER_USER, subject)) === null) throw new ApiError(Ret.TooManyAttempts, AccountSecurityTexts.TooManyChecks);
  if (!(await services.passwords.verify(password, auth.user.passwordHash))) throw new ApiError(Ret.WrongPassword, wrongText);
  await services.limiter.reset(PASSWORD_CHECKS_PER_USER, subject);
}

/**
 * Sessions of `uid` just revoked: the caches of this process and, through Redis, of the others forget them before
 * anyone is told, then each one's open pages hear userStateChange 1 with `message`.
 */
export async function announceEndedSessions(
  services: Pick<AppServices, 'sessions' | 'realtime'>,
  uid: number,
  tokens: readonly string[],
  message: string,
): Promise<void> {
  await services.sessions.cache?.changed({ uid });
  for (const token of tokens) services.realtime.sessionEnded(token, message);
}
