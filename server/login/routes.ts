import type { AppServices } from '../app-services.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { isUniqueViolation } from '../db/database.ts';
import { LOGIN_ATTEMPTS_PER_USER, LOGIN_FAILURES_PER_IP, REGISTRATIONS_PER_IP } from '../rate-limit/rate-limiter.ts';
import { CaptchaFields, CaptchaRules } from '../../src/core/shared-kernel/captcha-protocol.ts';
import { CaptchaStore } from '../captcha/captcha-store.ts';
import { findUserByName, insertUser } from '../user/user-repository.ts';
import { hasNewWorks } from '../posts/posts-repository.ts';
import { toUserView } from '../user/user-view.ts';
import { upgradePasswordHash } from './password-upgrade.ts';
import { LOGIN_NAME_PATTERN, checkNickName, checkPassword, checkUserName } from './credentials.ts';

export function registerLoginRoutes(api: ApiRouter, services: AppServices): void {
  const { db, passwords, sessions, limiter, clock, realtime } = services;
  const captchas = new CaptchaStore(db, CaptchaRules.lifetimeMs);

  /** Creates an account and logs it in. */
  api.post('/api/Login/Register', 'none', async ({ params, request }) => {
    const userName = checkUserName(params.string('userName'));
    const password = checkPassword(params.string('password'));
    const nickName = checkNickName(params.optionalString('nickName'), userName);

    // Claimed in one atomic step (not checked, then recorded), so parallel registrations cannot all slip under it.
    if ((await limiter.claim(REGISTRATIONS_PER_IP, request.ip)) === null) {
      throw new ApiError(Ret.TooManyAttempts, RetMessage.TooManyRegistrations);
    }

    const passwordHash = await passwords.hash(password);
    try {
      const { user, token } = await db.transaction(async (tx) => {
        const created = await insertUser(tx, { userName, passwordHash, nickName });
        return { user: created, token: await sessions.create(created.id, tx) };
      });
      return ok(toUserView(user, token, clock.now()), '注册成功');
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(Ret.UserNameTaken, RetMessage.UserNameTaken);
      throw error;
    }
  });

  /**
   * Logs in with account name (any case) and password. Unknown account and wrong password answer alike.
   * Consume first: each password check is counted before it runs (atomically, so parallel guesses cannot all
   * slip in); a right password gives the address its attempt back and clears the account's count. Past 3 checks for an account name within 15 minutes the
   * login asks for an image captcha (1007; a wrong, used or expired one: 1008) instead of locking the owner out;
   * 20 checks from one address within 15 minutes are a hard limit (1005).
   */
  api.post('/api/Login/Login', 'none', async ({ params, request }) => {
    const userName = params.string('userName');
    const password = params.string('password');
    const captchaId = params.optionalString(CaptchaFields.id) ?? '';
    const captchaCode = params.optionalString(CaptchaFields.code) ?? '';
    // A name no account can have is not looked up (nor kept as a rate-limit key), but still counts for the address.
    const plausibleName = LOGIN_NAME_PATTERN.test(userName);

    const addressClaim = await limiter.claim(LOGIN_FAILURES_PER_IP, request.ip);
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
    const valid = user === undefined
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
        request.log.warn({ err: error, userId: user.id }, 'password hash upgrade failed');
      }
    }
    const token = await sessions.create(user.id);
    realtime.loginElsewhere(user.id, token.token);
    return ok(toUserView(user, token, clock.now(), { newWorks: await hasNewWorks(db, user.id) }), '登录成功');
  });

  /** Confirms the session the token fields name; answers the user with the same token. */
  api.post('/api/Login/Validates', 'required', async ({ auth }) =>
    toUserView(auth.user, auth.token, clock.now(), { newWorks: await hasNewWorks(db, auth.user.id) }));

  /** Ends the session: the token stops working. */
  api.post('/api/Login/Logout', 'required', async ({ auth }) => {
    await sessions.revoke(auth.token.token);
    realtime.sessionEnded(auth.token.token);
    return ok(null, '已退出登录');
  });
}
