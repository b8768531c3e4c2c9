import { Container } from 'inversify';
import { FetchHttp } from '../../adapters/http/fetch-http.ts';
import { FirstScreenHttp } from '../../adapters/http/first-screen-http.ts';
import { SystemClock } from '../../adapters/clock/system-clock.ts';
import { RouterNavigator } from '../../adapters/navigator/router-navigator.ts';
import { WebviewNativeBridge } from '../../adapters/native-bridge/webview-native-bridge.ts';
import { AntdNotifier } from '../../adapters/notifier/antd-notifier.ts';
import { LazyPageTranslator } from '../../adapters/page-translator/lazy-page-translator.ts';
import { DocumentPageVisibility } from '../../adapters/page-visibility/document-page-visibility.ts';
import { CryptoRandom } from '../../adapters/random/crypto-random.ts';
import { CookieKeyValueStore } from '../../adapters/storage/cookie-key-value-store.ts';
import { WebKeyValueStore } from '../../adapters/storage/web-key-value-store.ts';
import { Clock } from '../core/ports/clock.ts';
import { Http } from '../core/ports/http.ts';
import { CookieStore, LocalStore, SessionStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { NativeBridge } from '../core/ports/native-bridge.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { PageVisibility } from '../core/ports/page-visibility.ts';
import { PageTranslator } from '../core/ports/page-translator.ts';
import { Random } from '../core/ports/random.ts';
import { ApiOrigin } from './api-origin.ts';
import { FrameOrigins } from './frame-origins.ts';
import { frameOrigins } from '../core/help/article-links.ts';
import { bindStartCore } from './start-bindings.ts';

export interface BrowserConfig {
  /** Base address of the API; '' means the page's own origin. */
  apiBase: string;
  /** FRAME_ORIGINS as built: comma-separated sites whose pages open inside the app (/iframe). */
  frameOrigins: string;
}

type RouterLike = ConstructorParameters<typeof RouterNavigator>[0];

/** The container of the browser app: real adapters, then the start core on top (the other features: lazy-features.ts). */
export function createBrowserContainer(router: RouterLike, config: BrowserConfig): Container {
  const container = new Container();
  container.bind<Clock>(Clock).toDynamicValue(() => new SystemClock()).inSingletonScope();
  container.bind<KeyValueStore>(LocalStore).toDynamicValue(() => new WebKeyValueStore(window.localStorage)).inSingletonScope();
  container.bind<KeyValueStore>(SessionStore).toDynamicValue(() => new WebKeyValueStore(window.sessionStorage)).inSingletonScope();
  container.bind<KeyValueStore>(CookieStore).toDynamicValue(() => new CookieKeyValueStore(document)).inSingletonScope();
  // The page may carry the visitor's first GetHomeData answer (server/static/first-screen-page.ts).
  container
    .bind<Http>(Http)
    .toDynamicValue(() => FirstScreenHttp.fromDocument(new FetchHttp({ baseURL: config.apiBase }), document))
    .inSingletonScope();
  container.bind<string>(ApiOrigin).toConstantValue(config.apiBase || window.location.origin);
  container.bind<readonly string[]>(FrameOrigins).toConstantValue(frameOrigins(config.frameOrigins.split(',')));
  container.bind<Notifier>(Notifier).toDynamicValue(() => new AntdNotifier()).inSingletonScope();
  container.bind<Navigator>(Navigator).toDynamicValue(() => new RouterNavigator(router)).inSingletonScope();
  container
    .bind<NativeBridge>(NativeBridge)
    .toDynamicValue((ctx) => {
      const sessionStore = ctx.get<KeyValueStore>(SessionStore);
      // A native app opens the page with ?isWebview=1; the flag then holds for the whole session.
      WebviewNativeBridge.rememberWebviewFlag(new URLSearchParams(window.location.search), sessionStore);
      return new WebviewNativeBridge(window, sessionStore);
    })
    .inSingletonScope();
  container.bind<PageVisibility>(PageVisibility).toDynamicValue(() => new DocumentPageVisibility(document)).inSingletonScope();
  container.bind<PageTranslator>(PageTranslator).toDynamicValue(() => LazyPageTranslator.opencc(document)).inSingletonScope();
  container.bind<Random>(Random).toDynamicValue(() => new CryptoRandom()).inSingletonScope();
  bindStartCore(container);
  return container;
}
