import { AccountSecurityTexts, type PasswordChanged } from '../../src/core/account-security/account-security-protocol.ts';
import { newPasswordProblem } from '../../src/core/session/password-rules.ts';
import type { AppServices } from '../app-services.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import { Ret } from '../http/ret.ts';
import { PASSWORD_CHECKS_PER_USER } from '../rate-limit/rate-limiter.ts';

/**
 * Changes a signed-in user's password: the new one must meet the password rules and differ from the current one,
 * which must be right (5 wrong ones per 15 minutes, counted before the check, so parallel guesses cannot pass it).
 * Every other session of the account ends at once: revoked, dropped from the verified-session caches, and its open
 * pages told over the socket (userStateChange 1, 密码已修改，请重新登录). The calling session stays.
 */
export async function changePassword(
  services: Pick<AppServices, 'db' | 'passwords' | 'sessions' | 'limiter' | 'realtime'>,
  auth: AuthSession,
  input: { oldPassword: string; newPassword: string },
): Promise<PasswordChanged> {
  const { db, passwords, sessions, limiter, realtime } = services;
  const problem = newPasswordProblem(input.newPassword);
  if (problem !== null) throw badParam('newPassword', problem);
  const subject = String(auth.user.id);
  const claim = await limiter.claim(PASSWORD_CHECKS_PER_USER, subject);
  if (claim === null) throw new ApiError(Ret.TooManyAttempts, AccountSecurityTexts.TooManyChecks);
  if (!(await passwords.verify(input.oldPassword, auth.user.passwordHash))) {
    throw new ApiError(Ret.WrongPassword, AccountSecurityTexts.WrongPassword);
  }
  await limiter.reset(PASSWORD_CHECKS_PER_USER, subject);
  if (input.newPassword === input.oldPassword) throw new ApiError(Ret.SamePassword, AccountSecurityTexts.SamePassword);

  const passwordHash = await passwords.hash(input.newPassword);
  const ended = await db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [auth.user.id, passwordHash]);
    return tx.query<{ token: string }>(
      'UPDATE sessions SET revoked_at = now() WHERE uid = $1 AND token <> $2 AND revoked_at IS NULL RETURNING token',
      [auth.user.id, auth.token.token],
    );
  });
  // The caches of this process and, through Redis, of the others forget the account's sessions before anyone is told.
  await sessions.cache?.changed({ uid: auth.user.id });
  for (const { token } of ended) realtime.sessionEnded(token, AccountSecurityTexts.SessionEndedByPasswordChange);
  return { endedSessions: ended.length };
}
