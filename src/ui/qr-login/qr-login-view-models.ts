import { makeAutoObservable, runInAction } from 'mobx';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { QrReader } from '../../core/ports/qr-reader.ts';
import type { QrAuthorization } from '../../core/qr-login/qr-authorization.ts';
import type { QrLoginRequest } from '../../core/qr-login/qr-login-protocol.ts';
import {
  QrLoginPaths,
  isOurLink,
  readScannedCode,
} from '../../core/qr-login/qr-login-rules.ts';
import { AuthorizeTexts, QrLoginScreenTexts, QrStateTexts, ScanTexts } from '../../core/qr-login/qr-login-texts.ts';
import type { QrLoginWaiting, QrWaitingView } from '../../core/qr-login/qr-login-waiting.ts';
import type { User } from '../../core/shared-kernel/user.ts';
import { returnAddress } from '../../core/shared-kernel/login-redirect.ts';
import { afterLoginPath } from '../app/after-login-path.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';

const NOTICE = { durationMs: 1500, position: 'center' } as const;

/** Makes the screen's waiting flow, telling the view-model each change and the sign-in. */
export type QrWaitingFactory = (onView: (view: QrWaitingView) => void, onSignedIn: (user: User) => void) => Pick<QrLoginWaiting, 'start' | 'stop' | 'refresh'>;

/** The login page's QR panel on a big screen (TV, a computer's wide window): the code, its state, 刷新二维码. */
export class QrLoginPanelViewModel {
  view: QrWaitingView = { phase: 'loading', url: '', message: '' };
  private waiting: Pick<QrLoginWaiting, 'start' | 'stop' | 'refresh'> | null = null;

  constructor(
    /** Whether this device shows codes (qr-login-rules.ts isBigScreen). */
    readonly shown: boolean,
    private readonly makeWaiting: QrWaitingFactory,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    makeAutoObservable<QrLoginPanelViewModel, 'waiting' | 'makeWaiting' | 'navigator' | 'notifier'>(
      this,
      { waiting: false, makeWaiting: false, navigator: false, notifier: false, shown: false },
      { autoBind: true },
    );
  }

  opened(): void {
    if (!this.shown || this.waiting !== null) return;
    this.waiting = this.makeWaiting(
      (view) => runInAction(() => {
        this.view = view;
      }),
      () => {
        this.notifier.toast(QrLoginScreenTexts.signedIn, NOTICE);
        this.navigator.replace(afterLoginPath(this.navigator.current().query.redirect));
      },
    );
    this.waiting.start();
  }

  stop(): void {
    this.waiting?.stop();
    this.waiting = null;
  }

  refreshTapped(): void {
    this.waiting?.refresh();
  }

  /** The code is drawn while the ticket is good or being looked at; dimmed under a notice once it is over. */
  get codeShown(): boolean {
    return this.view.url !== '';
  }

  get caption(): string {
    const { phase } = this.view;
    if (phase === 'loading') return QrLoginScreenTexts.loading;
    if (phase === 'failed') return this.view.message || QrLoginScreenTexts.failed;
    return QrStateTexts[phase];
  }

  /** The code no longer works: a notice over it with 刷新二维码. */
  get over(): boolean {
    return this.view.phase === 'expired' || this.view.phase === 'cancelled' || this.view.phase === 'failed';
  }
}

export const QrLoginPanelModel = viewModelToken<QrLoginPanelViewModel>('QrLoginPanelViewModel');

/** /authorizeLogin?ticket=…: which device asks to sign in as this account, 确认登录 or 取消. */
export class AuthorizeLoginViewModel {
  phase: 'loading' | 'asking' | 'confirmed' | 'cancelled' | 'refused' = 'loading';
  request: QrLoginRequest | null = null;
  message = '';
  busy = false;
  private readonly ticket: string;

  constructor(
    private readonly authorization: Pick<QrAuthorization, 'open' | 'decide'>,
    private readonly session: SessionModel,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    this.ticket = navigator.current().query.ticket ?? '';
    makeAutoObservable<AuthorizeLoginViewModel, 'authorization' | 'session' | 'navigator' | 'notifier' | 'ticket'>(
      this,
      { authorization: false, session: false, navigator: false, notifier: false, ticket: false },
      { autoBind: true },
    );
  }

  /** Opens the ticket (marks it scanned); a visitor signs in first and comes back here. */
  async opened(): Promise<void> {
    if (!this.session.loggedIn) {
      this.navigator.replace(QrLoginPaths.login, { redirect: returnAddress(this.navigator.current()) });
      return;
    }
    if (this.ticket === '') {
      this.refuse(AuthorizeTexts.missingTicket);
      return;
    }
    const outcome = await this.authorization.open(this.ticket);
    runInAction(() => {
      if (outcome.ok) {
        this.request = outcome.request;
        this.phase = 'asking';
      } else {
        this.refuse(outcome.message);
      }
    });
  }

  get accountName(): string {
    const user = this.session.user;
    return user ? user.nickName || user.userNameRaw : '';
  }

  async confirmTapped(): Promise<void> {
    await this.decide(true);
  }

  async cancelTapped(): Promise<void> {
    await this.decide(false);
  }

  doneTapped(): void {
    this.navigator.replace(QrLoginPaths.user);
  }

  rescanTapped(): void {
    this.navigator.replace(QrLoginPaths.scanCode);
  }

  get resultText(): string {
    if (this.phase === 'confirmed') return AuthorizeTexts.confirmed;
    if (this.phase === 'cancelled') return AuthorizeTexts.cancelled;
    return this.message;
  }

  private async decide(confirm: boolean): Promise<void> {
    if (this.busy || this.phase !== 'asking') return;
    this.busy = true;
    const outcome = await this.authorization.decide(this.ticket, confirm);
    runInAction(() => {
      this.busy = false;
      if (outcome.ok) this.phase = confirm ? 'confirmed' : 'cancelled';
      else if (outcome.over) this.refuse(outcome.message);
      else this.notifier.toast(outcome.message, NOTICE);
    });
  }

  private refuse(message: string): void {
    this.phase = 'refused';
    this.message = message;
  }
}

export const AuthorizeLoginModel = viewModelToken<AuthorizeLoginViewModel>('AuthorizeLoginViewModel');

/** Where a code read on the phone leads: our ticket to /authorizeLogin, another page of ours there, anything else to /scanCodeResult. */
function goToCode(navigator: Navigator, origin: string, text: string | null): void {
  if (text === null) {
    navigator.replace(QrLoginPaths.scanResult, { none: '1' });
    return;
  }
  const code = readScannedCode(text, origin);
  if (code.kind === 'ticket') navigator.replace(QrLoginPaths.authorize, { ticket: code.ticket });
  else navigator.replace(QrLoginPaths.scanResult, { text });
}

/** /scanCode: the camera reading codes (or why it cannot), and 从相册选择. */
export class ScanCodeViewModel {
  camera: 'starting' | 'scanning' | 'denied' | 'unavailable' = 'starting';
  reading = false;
  private stopCamera: (() => void) | null = null;
  private done = false;

  constructor(
    private readonly reader: QrReader,
    private readonly navigator: Navigator,
    private readonly origin: string,
  ) {
    makeAutoObservable<ScanCodeViewModel, 'reader' | 'navigator' | 'origin' | 'stopCamera' | 'done'>(
      this,
      { reader: false, navigator: false, origin: false, stopCamera: false, done: false },
      { autoBind: true },
    );
  }

  /** The screen's video element is there: the camera opens into it. */
  async videoMounted(video: unknown): Promise<void> {
    const outcome = await this.reader.openCamera(video, (text) => this.codeRead(text));
    if (this.done) {
      if (outcome.ok) outcome.stop();
      return;
    }
    runInAction(() => {
      if (outcome.ok) {
        this.stopCamera = outcome.stop;
        this.camera = 'scanning';
      } else {
        this.camera = outcome.reason;
      }
    });
  }

  stop(): void {
    this.done = true;
    this.stopCamera?.();
    this.stopCamera = null;
  }

  async pictureChosen(picture: unknown): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    const text = await this.reader.readPicture(picture);
    runInAction(() => {
      this.reading = false;
    });
    this.codeRead(text);
  }

  get status(): string {
    if (this.reading) return ScanTexts.reading;
    if (this.camera === 'starting') return ScanTexts.cameraStarting;
    if (this.camera === 'scanning') return ScanTexts.scanning;
    return this.camera === 'denied' ? ScanTexts.cameraDenied : ScanTexts.cameraUnavailable;
  }

  get cameraRefused(): boolean {
    return this.camera === 'denied' || this.camera === 'unavailable';
  }

  private codeRead(text: string | null): void {
    if (this.done) return;
    this.stop();
    goToCode(this.navigator, this.origin, text);
  }
}

export const ScanCodeModel = viewModelToken<ScanCodeViewModel>('ScanCodeViewModel');

/** /scanCodeResult: what was read (a link only when it is ours), or that no code was found. */
export class ScanCodeResultViewModel {
  readonly text: string;
  readonly noCode: boolean;

  constructor(
    private readonly navigator: Navigator,
    private readonly origin: string,
  ) {
    const query = navigator.current().query;
    this.text = query.text ?? '';
    this.noCode = query.none === '1' || this.text === '';
    makeAutoObservable<ScanCodeResultViewModel, 'navigator' | 'origin'>(this, { navigator: false, origin: false }, { autoBind: true });
  }

  get isLink(): boolean {
    return !this.noCode && isOurLink(this.text, this.origin);
  }

  get message(): string {
    if (this.noCode) return ScanTexts.noCode;
    return this.isLink ? ScanTexts.ours : ScanTexts.foreign;
  }

  linkTapped(): void {
    const code = readScannedCode(this.text, this.origin);
    if (code.kind === 'ours') this.navigator.push(code.path, code.query);
  }

  rescanTapped(): void {
    this.navigator.replace(QrLoginPaths.scanCode);
  }
}

export const ScanCodeResultModel = viewModelToken<ScanCodeResultViewModel>('ScanCodeResultViewModel');
