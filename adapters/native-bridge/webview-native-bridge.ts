import type { KeyValueStore } from '../../src/core/ports/key-value-store.ts';
import type { NativeBridge, NativePlatform } from '../../src/core/ports/native-bridge.ts';

/** What the native wrappers inject into the page's window. */
export interface NativeWindow {
  /** Android: the JavaScript interface object, one method per native function. */
  android?: Record<string, unknown>;
  /** iOS (WKWebView): one message handler per native function. */
  webkit?: { messageHandlers?: Record<string, { postMessage(message: unknown): void } | undefined> };
}

/**
 * The native app wrapper around the web view, decided by the session flag isWebview: when it is set the
 * page talks to the Android interface object or to the iOS message handlers, whichever the window has.
 */
export class WebviewNativeBridge implements NativeBridge {
  /** Session storage key of the flag a native app sets by opening the page with ?isWebview=1. */
  static readonly flagKey = 'isWebview';

  /** Keeps the flag for the session when the page was opened with isWebview=1 in its query. */
  static rememberWebviewFlag(query: Readonly<Record<string, string>> | URLSearchParams, sessionStore: KeyValueStore): void {
    const value = query instanceof URLSearchParams ? query.get(WebviewNativeBridge.flagKey) : query[WebviewNativeBridge.flagKey];
    if (value === '1') sessionStore.set(WebviewNativeBridge.flagKey, '1');
  }

  private readonly win: NativeWindow;

  /** win: the page's window (or any object shaped like what the wrappers inject). */
  constructor(
    win: NativeWindow | Window,
    private readonly sessionStore: KeyValueStore,
  ) {
    this.win = win as NativeWindow;
  }

  platform(): NativePlatform {
    const flag = this.sessionStore.get(WebviewNativeBridge.flagKey);
    if (flag !== '1' && flag !== 'true') return 'none';
    if (this.win.android) return 'android';
    if (this.win.webkit?.messageHandlers) return 'ios';
    return 'none';
  }

  call(name: string, ...args: unknown[]): boolean {
    try {
      switch (this.platform()) {
        case 'android': {
          const android = this.win.android;
          const fn = android?.[name];
          if (typeof fn !== 'function') return false;
          (fn as (...values: unknown[]) => unknown).apply(android, args);
          return true;
        }
        case 'ios': {
          const handler = this.win.webkit?.messageHandlers?.[name];
          if (typeof handler?.postMessage !== 'function') return false;
          handler.postMessage(args);
          return true;
        }
        default:
          return false;
      }
    } catch {
      // The native side threw: treat it as not called.
      return false;
    }
  }
}
