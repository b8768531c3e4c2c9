import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import { serve } from '../http/protocol-route.ts';
import { CaptchaRules } from '../../src/core/shared-kernel/captcha-protocol.ts';
import { SessionCalls } from '../../src/core/session/session-protocol.ts';
import { CaptchaStore } from '../captcha/captcha-repository.ts';
import { hasNewWorks } from '../user/user-repository.ts';
import { toUserView } from '../user/user-view.ts';
import { logIn, registerAccount } from './sign-in.ts';
import { sessionDeviceOf } from '../account-security/devices.ts';

/** The session's calls (src/core/session/session-protocol.ts): register, log in, validate, log out. */
export function registerLoginRoutes(api: ApiRouter, services: AppServices): void {
  const { db, sessions, clock, realtime } = services;
  const captchas = new CaptchaStore(db, CaptchaRules.lifetimeMs);

  serve(api, SessionCalls.register, 'none', async ({ input, request }) => ok(await registerAccount(services, input, request.ip, sessionDeviceOf(request, services.config.defaultRegion)), '注册成功'));

  serve(api, SessionCalls.login, 'none', async ({ input, request }) => ok(await logIn(services, captchas, input, request.ip, request.log, sessionDeviceOf(request, services.config.defaultRegion)), '登录成功'));

  /** Confirms the session the token fields name; answers the user with the same token. */
  serve(api, SessionCalls.validate, 'required', async ({ auth }) =>
    toUserView(auth.user, auth.token, clock.now(), { newWorks: await hasNewWorks(db, auth.user.id) }));

  /** Ends the session: the token stops working. */
  serve(api, SessionCalls.logout, 'required', async ({ auth }) => {
    await sessions.revoke(auth.token.token);
    realtime.sessionEnded(auth.token.token);
    return ok(null, '已退出登录');
  });
}
