/**
 * The operator console's composition root (issue 33): its own container, on the same ports and protocols as the
 * app's. The browser's fetch carries the console's session cookie itself (same origin), so the request context names
 * no token; notices are antd 6's (AntdConsoleNotifier); routes are react-router's (RouterNavigator).
 */
import { Container } from 'inversify';
import { FetchHttp } from '../../adapters/http/fetch-http.ts';
import { AntdConsoleNotifier } from '../../adapters/notifier/antd-console-notifier.ts';
import { ConsoleOperators } from '../core/admin-operators/console-operators.ts';
import { CaptchaService } from '../core/captcha/captcha-service.ts';
import { Http } from '../core/ports/http.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { ApiClient } from '../core/request/api-client.ts';
import type { RequestContext } from '../core/request/common-params.ts';
import { AuditViewModel } from '../console/audit-view-model.ts';
import { ConsoleSessionModel } from '../console/console-session-model.ts';
import { AdsVM, AuditVM, ConsoleSession, MediaVM, OperatorsVM, SessionsVM, SignInVM } from '../console/console-tokens.ts';
import { MediaViewModel } from '../console/media-view-model.ts';
import { ConsoleMedia } from '../core/admin-media/console-media.ts';
import { BrowserLocalFiles } from '../../adapters/local-files/browser-local-files.ts';
import { SystemClock } from '../../adapters/clock/system-clock.ts';
import { AdsViewModel } from '../console/ads-view-model.ts';
import { ConsoleAds } from '../core/admin-ads/console-ads.ts';
import { OperatorsViewModel } from '../console/operators-view-model.ts';
import { SessionsViewModel } from '../console/sessions-view-model.ts';
import { SignInViewModel } from '../console/sign-in-view-model.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';

/** The console's calls carry no app token: its session is the browser's HttpOnly cookie. */
const CONSOLE_REQUEST_CONTEXT: RequestContext = {
  visitorId: () => null,
  traditionalChinese: () => false,
  tokenParams: () => null,
  sessionInvalidated: () => undefined,
};

export function createConsoleContainer(navigator: Navigator): Container {
  const container = new Container();
  container.bind<Navigator>(Navigator).toConstantValue(navigator);
  container.bind<Http>(Http).toConstantValue(new FetchHttp({ baseURL: '' }));
  container.bind<Notifier>(Notifier).toConstantValue(new AntdConsoleNotifier());
  container
    .bind(ApiClient)
    .toDynamicValue((ctx) => new ApiClient(ctx.get<Http>(Http), CONSOLE_REQUEST_CONTEXT, ctx.get<Notifier>(Notifier), ctx.get<Navigator>(Navigator), (message) => console.warn(message)))
    .inSingletonScope();
  container.bind(ConsoleOperators).toDynamicValue((ctx) => new ConsoleOperators(ctx.get(ApiClient))).inSingletonScope();
  container.bind(CaptchaService).toDynamicValue((ctx) => new CaptchaService(ctx.get(ApiClient))).inSingletonScope();
  container.bind<ConsoleSessionModel>(ConsoleSession).toDynamicValue((ctx) => new ConsoleSessionModel(ctx.get(ConsoleOperators))).inSingletonScope();

  bindViewModel(container, SignInVM, (c) => new SignInViewModel(c.get(ConsoleOperators), c.get(CaptchaService), c.get<ConsoleSessionModel>(ConsoleSession), c.get<Navigator>(Navigator)));
  bindViewModel(container, SessionsVM, (c) => new SessionsViewModel(c.get(ConsoleOperators), c.get<ConsoleSessionModel>(ConsoleSession), c.get<Notifier>(Notifier)));
  bindViewModel(container, OperatorsVM, (c) => new OperatorsViewModel(c.get(ConsoleOperators), c.get<ConsoleSessionModel>(ConsoleSession), c.get<Notifier>(Notifier)));
  container.bind(BrowserLocalFiles).toDynamicValue(() => new BrowserLocalFiles()).inSingletonScope();
  container.bind(ConsoleAds).toDynamicValue((ctx) => new ConsoleAds(ctx.get(ApiClient), ctx.get(BrowserLocalFiles))).inSingletonScope();
  bindViewModel(container, AdsVM, (c) => new AdsViewModel(c.get(ConsoleAds), c.get<ConsoleSessionModel>(ConsoleSession), c.get<Notifier>(Notifier), c.get(BrowserLocalFiles)));
  container.bind(ConsoleMedia).toDynamicValue((ctx) => new ConsoleMedia(ctx.get(ApiClient), ctx.get(BrowserLocalFiles), new SystemClock())).inSingletonScope();
  bindViewModel(container, MediaVM, (c) => new MediaViewModel(c.get(ConsoleMedia), c.get<ConsoleSessionModel>(ConsoleSession), c.get<Notifier>(Notifier), c.get(BrowserLocalFiles)));
  bindViewModel(container, AuditVM, (c) => new AuditViewModel(c.get(ConsoleOperators), c.get<ConsoleSessionModel>(ConsoleSession)));
  return container;
}
