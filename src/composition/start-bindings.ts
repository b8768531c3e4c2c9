import type { Container } from 'inversify';
import { Clock } from '../core/ports/clock.ts';
import { Http } from '../core/ports/http.ts';
import { CookieStore, LocalStore, SessionStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { Random } from '../core/ports/random.ts';
import { readLanguage } from '../core/language/language.ts';
import { RegionService } from '../core/region/region-service.ts';
import { ApiClient } from '../core/request/api-client.ts';
import type { RequestContext } from '../core/request/common-params.ts';
import { SessionService } from '../core/session/session-service.ts';
import { CaptchaService } from '../core/captcha/captcha-service.ts';
import { SessionKeys } from '../core/shared-kernel/session-keys.ts';
import { tokenParams } from '../core/shared-kernel/user.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { AppConfig } from '../core/shell/app-config.ts';
import { AccessStatistics } from '../core/shell/access-statistics.ts';
import { AppStart } from '../core/shell/app-start.ts';
import { bindShell } from './shell-bindings.ts';
import { bindMiniPlayerSlot } from './mini-player-bindings.ts';
import { bindAds } from './ads-bindings.ts';
import { bindCatalogue } from './catalogue-bindings.ts';
import { bindLanguage } from './language-bindings.ts';

/** The request layer's view of the session, language and visitor id. */
const RequestContextToken = Symbol('RequestContext');

/**
 * Binds what the app needs at start and on the home route (session, request layer, region, config, statistics,
 * the shell, ads, sign-in, catalogue, language) on top of whatever port adapters the container holds. The other
 * features are bound by bindFeatures (feature-bindings.ts), which the browser loads with the first screen that
 * needs them; the headless core binds both at once (core-bindings.ts). Core classes stay decorator-free: each is
 * built by a factory binding, and every service is a singleton on purpose.
 */
export function bindStartCore(container: Container): void {
  container
    .bind(UserSession)
    .toDynamicValue((ctx) => new UserSession(ctx.get<KeyValueStore>(LocalStore), ctx.get<KeyValueStore>(CookieStore), ctx.get<Clock>(Clock)))
    .inSingletonScope();
  container
    .bind<RequestContext>(RequestContextToken)
    .toDynamicValue((ctx) => {
      const local = ctx.get<KeyValueStore>(LocalStore);
      const cookies = ctx.get<KeyValueStore>(CookieStore);
      const session = ctx.get(UserSession);
      return {
        visitorId: () => local.get(SessionKeys.visitorId),
        traditionalChinese: () => readLanguage(cookies) === 'zh-TW',
        tokenParams: () => {
          const user = session.user();
          return user ? tokenParams(user.token) : null;
        },
        sessionInvalidated: () => session.clear(),
      };
    })
    .inSingletonScope();
  container
    .bind(ApiClient)
    .toDynamicValue(
      (ctx) =>
        new ApiClient(ctx.get<Http>(Http), ctx.get<RequestContext>(RequestContextToken), ctx.get<Notifier>(Notifier), ctx.get<Navigator>(Navigator), (message) => console.warn(message)),
    )
    .inSingletonScope();
  container
    .bind(SessionService)
    .toDynamicValue((ctx) => new SessionService(ctx.get(ApiClient), ctx.get(UserSession), ctx.get<Navigator>(Navigator)))
    .inSingletonScope();
  container
    .bind(CaptchaService)
    .toDynamicValue((ctx) => new CaptchaService(ctx.get(ApiClient)))
    .inSingletonScope();
  container
    .bind(RegionService)
    .toDynamicValue((ctx) => new RegionService(ctx.get(ApiClient), ctx.get<KeyValueStore>(LocalStore)))
    .inSingletonScope();
  container
    .bind(AppConfig)
    .toDynamicValue((ctx) => new AppConfig(ctx.get(ApiClient), ctx.get<KeyValueStore>(SessionStore)))
    .inSingletonScope();
  container
    .bind(AccessStatistics)
    .toDynamicValue((ctx) => new AccessStatistics(ctx.get(ApiClient), ctx.get<KeyValueStore>(SessionStore), ctx.get<Clock>(Clock)))
    .inSingletonScope();
  container
    .bind(AppStart)
    .toDynamicValue(
      (ctx) =>
        new AppStart(
          ctx.get<KeyValueStore>(LocalStore),
          ctx.get<Random>(Random),
          ctx.get(SessionService),
          ctx.get(RegionService),
          ctx.get(AppConfig),
          ctx.get(AccessStatistics),
        ),
    )
    .inSingletonScope();
  bindShell(container);
  bindMiniPlayerSlot(container);
  bindAds(container);
  bindCatalogue(container);
  bindLanguage(container);
}
