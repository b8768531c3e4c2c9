import type { AppServices } from '../app-services.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { isUniqueViolation } from '../db/database.ts';
import { LOGIN_FAILURES_PER_IP, LOGIN_FAILURES_PER_USER, REGISTRATIONS_PER_IP } from '../rate-limit/rate-limiter.ts';
import { findUserByName, insertUser } from '../user/user-repository.ts';
import { hasNewWorks } from '../posts/posts-repository.ts';
import { toUserView } from '../user/user-view.ts';
import { LOGIN_NAME_PATTERN, checkNickName, checkPassword, checkUserName } from './credentials.ts';

export function registerLoginRoutes(api: ApiRouter, services: AppServices): void {
  const { db, passwords, sessions, limiter, clock, realtime } = services;

  /** Creates an account and logs it in. */
  api.post('/api/Login/Register', 'none', async ({ params, request }) => {
    const userName = checkUserName(params.string('userName'));
    const password = checkPassword(params.string('password'));
    const nickName = checkNickName(params.optionalString('nickName'), userName);

    if (await limiter.isExhausted(REGISTRATIONS_PER_IP, request.ip)) {
      throw new ApiError(Ret.TooManyAttempts, RetMessage.TooManyRegistrations);
    }
    await limiter.record(REGISTRATIONS_PER_IP, request.ip);

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
   * Logs in with account name (any case) and password. Unknown account and wrong password answer
   * alike. After 5 failures for an account or 20 from an address within 15 minutes: 1005.
   */
  api.post('/api/Login/Login', 'none', async ({ params, request }) => {
    const userName = params.string('userName');
    const password = params.string('password');
    // A name no account can have is not looked up (nor kept as a rate-limit key), but still counts for the address.
    const plausibleName = LOGIN_NAME_PATTERN.test(userName);

    if (
      (plausibleName && (await limiter.isExhausted(LOGIN_FAILURES_PER_USER, userName)))
      || (await limiter.isExhausted(LOGIN_FAILURES_PER_IP, request.ip))
    ) {
      throw new ApiError(Ret.TooManyAttempts, RetMessage.TooManyLoginAttempts);
    }

    const user = plausibleName ? await findUserByName(db, userName) : undefined;
    const valid = user === undefined
      ? await passwords.verifyDummy(password)
      : await passwords.verify(password, user.passwordHash);
    if (user === undefined || !valid) {
      if (plausibleName) await limiter.record(LOGIN_FAILURES_PER_USER, userName);
      await limiter.record(LOGIN_FAILURES_PER_IP, request.ip);
      throw new ApiError(Ret.BadCredentials, RetMessage.BadCredentials);
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
