import type { Container } from 'inversify';
import { BrowserQrReader } from '../../adapters/qr-reader/browser-qr-reader.ts';
import { SocketIoSocket } from '../../adapters/socket/socket-io-socket.ts';
import { Clock } from '../core/ports/clock.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { QrReader } from '../core/ports/qr-reader.ts';
import type { Socket } from '../core/ports/socket.ts';
import { QrAuthorization } from '../core/qr-login/qr-authorization.ts';
import { isBigScreen } from '../core/qr-login/qr-login-rules.ts';
import { QrLoginWaiting } from '../core/qr-login/qr-login-waiting.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import {
  AuthorizeLoginModel,
  AuthorizeLoginViewModel,
  QrLoginPanelModel,
  QrLoginPanelViewModel,
  ScanCodeModel,
  ScanCodeResultModel,
  ScanCodeResultViewModel,
  ScanCodeViewModel,
} from '../ui/qr-login/qr-login-view-models.ts';
import { ApiOrigin } from './api-origin.ts';

/**
 * The big screen's own socket for following its ticket: a visitor has no messaging connection, and the app's shared
 * socket follows the signed-in user (MessagingConnection), so the waiting screen opens and closes one of its own.
 */
const QrLoginSocket = Symbol('QrLoginSocket');

/** The page's origin: the QR code opens /authorizeLogin there ('' headless). */
const pageOrigin = (): string => (typeof window === 'undefined' ? '' : window.location.origin);

/** QR-code sign-in: the login page's code on a big screen, /authorizeLogin, /scanCode and /scanCodeResult on the phone. */
export function bindQrLogin(container: Container): void {
  if (!container.isBound(QrLoginSocket)) {
    container.bind<Socket>(QrLoginSocket).toDynamicValue((c) => new SocketIoSocket({ url: c.get<string>(ApiOrigin) }));
  }
  if (!container.isBound(QrReader)) container.bind<QrReader>(QrReader).toDynamicValue(() => new BrowserQrReader(window)).inSingletonScope();
  container.bind(QrAuthorization).toDynamicValue((c) => new QrAuthorization(c.get(ApiClient))).inSingletonScope();
  bindViewModel(container, QrLoginPanelModel, (c) => {
    const shown = typeof window !== 'undefined' && isBigScreen(window.navigator.userAgent, window.innerWidth);
    const deps = { api: c.get(ApiClient), clock: c.get<Clock>(Clock), session: c.get(UserSession), origin: pageOrigin() };
    return new QrLoginPanelViewModel(
      shown,
      (onView, onSignedIn) => new QrLoginWaiting({ ...deps, socket: c.get<Socket>(QrLoginSocket) }, onView, onSignedIn),
      c.get<Navigator>(Navigator),
      c.get<Notifier>(Notifier),
    );
  });
  bindViewModel(container, AuthorizeLoginModel, (c) => new AuthorizeLoginViewModel(c.get(QrAuthorization), c.get(SessionModel), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier)));
  bindViewModel(container, ScanCodeModel, (c) => new ScanCodeViewModel(c.get<QrReader>(QrReader), c.get<Navigator>(Navigator), pageOrigin()));
  bindViewModel(container, ScanCodeResultModel, (c) => new ScanCodeResultViewModel(c.get<Navigator>(Navigator), pageOrigin()));
}
