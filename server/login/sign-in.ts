import type { FastifyBaseLogger } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { isUniqueViolation } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { LOGIN_ATTEMPTS_PER_USER, LOGIN_FAILURES_PER_IP, REGISTRATIONS_PER_IP } from '../rate-limit/rate-limiter.ts';
import { findUserByName, hasNewWorks, insertUser } from '../user/user-repository.ts';
import { toUserView } from '../user/user-view.ts';
import type { UserAnswer } from '../../src/core/shared-kernel/user.ts';
import type { CaptchaStore } from '../captcha/captcha-repository.ts';
import type { SessionDevice } from '../auth/sessions.ts';
import { releaseDeletedName } from '../account-security/account-deletion.ts';
import { LOGIN_NAME_PATTERN, checkNickName, checkPassword } from './credentials.ts';
import { upgradePasswordHash } from './login-repository.ts';

type SignInServices = Pick<AppServices, 'db' | 'passwords' | 'sessions' | 'limiter' | 'clock' | 'realtime'>;

/**
 * Creates an account (its name already matched the protocol's pattern) and signs it in. Registrations are claimed
 * in one atomic step (not checked, then recorded), so parallel ones cannot all slip under the address's limit.
 */
export async function registerAccount(
  services: SignInServices,
  form: { userName: string; password: string; nickName?: string | undefined },
  address: string,
  from?: SessionDevice,
): Promise<UserAnswer> {
  const { db, passwords, sessions, limiter, clock } = services;
  const password = checkPassword(form.password);
  const nickName = checkNickName(form.nickName, form.userName);
  if ((await limiter.claim(REGISTRATIONS_PER_IP, address)) === null) {
    throw new ApiError(Ret.TooManyAttempts, RetMessage.TooManyRegistrations);
  }
  const passwordHash = await passwords.hash(password);
  // A name a deleted account held is free again 30 days after the deletion.
  await releaseDeletedName(db, form.userName, clock.now());
  try {
    const { user, token } = await db.transaction(async (tx) => {
      const created = await insertUser(tx, { userName: form.userName, passwordHash, nickName });
      return { user: created, token: await sessions.create(created.id, tx, from) };
    });
    return toUserView(user, token, clock.now());
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(Ret.UserNameTaken, RetMessage.UserNameTaken);
    throw error;
  }
}

/**
 * Logs in with account name (any case) and password. Unknown account and wrong password answer alike.
 * Consume first: each password check is counted before it runs (atomically, so parallel guesses cannot all
 * slip in); a right password gives the address its attempt back and clears the account's count. Past 3 checks for
 * an account name within 15 minutes the login asks for an image captcha (1007; a wrong, used or expired one: 1008)
 * instead of locking the owner out; 20 checks from one address within 15 minutes are a hard limit (1005).
 */
export async function logIn(
  services: SignInServices,
  captchas: CaptchaStore,
  form: { userName: string; password: string; captchaId?: string | undefined; captchaCode?: string | undefined },
  address: string,
  log: FastifyBaseLogger,
  from?: SessionDevice,
): Promise<UserAnswer> {
  const { db, passwords, sessions, limiter, clock, realtime } = services;
  const { userName, password } = form;
  const captchaId = form.captchaId ?? '';
  const captchaCode = form.captchaCode ?? '';
  // A name no account can have is not looked up (nor kept as a rate-limit key), but still counts for the address.
  const plausibleName = LOGIN_NAME_PATTERN.test(userName);

  const addressClaim = await limiter.claim(LOGIN_FAILURES_PER_IP, address);
  if (addressClaim === null) throw new ApiError(Ret.TooManyAttempts, RetMessage.TooManyLoginAttempts);
  try {
    // The account's free checks are used up: a captcha (good once) buys one more.
    if (plausibleName && (await limiter.claim(LOGIN_ATTEMPTS_PER_USER, userName)) === null) {
      if (captchaId === '' || captchaCode === '') throw new ApiError(Ret.CaptchaRequired, RetMessage.CaptchaRequired);
      if (!(await captchas.consume(captchaId, captchaCode, clock.now()))) throw new ApiError(Ret.CaptchaWrong, RetMessage.CaptchaWrong);
    }
  } catch (error) {
    // No password was checked: the address keeps its allowance.
    await addressClaim.release();
    throw error;
  }

  const user = plausibleName ? await findUserByName(db, userName) : undefined;
  // A deleted account (no password matches) costs the same check as an unknown one: nothing tells them apart.
  const valid = user === undefined || user.passwordHash === '!'
    ? await passwords.verifyDummy(password)
    : await passwords.verify(password, user.passwordHash);
  if (user === undefined || !valid) throw new ApiError(Ret.BadCredentials, RetMessage.BadCredentials);
  // The owner is in: the address gets its attempt back and the account starts afresh (no captcha next time).
  await Promise.all([addressClaim.release(), plausibleName ? limiter.reset(LOGIN_ATTEMPTS_PER_USER, userName) : undefined]);

  if (passwords.needsRehash(user.passwordHash)) {
    // An old scrypt hash (or an older cost) becomes argon2id at today's cost, now that the password is known.
    try {
      await upgradePasswordHash(db, user.id, user.passwordHash, await passwords.hash(password));
    } catch (error) {
      log.warn({ err: error, userId: user.id }, 'password hash upgrade failed');
    }
  }
  const token = await sessions.create(user.id, undefined, from);
  realtime.loginElsewhere(user.id, token.token);
  return toUserView(user, token, clock.now(), { newWorks: await hasNewWorks(db, user.id) });
}
