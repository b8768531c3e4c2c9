import type { AlertOptions, ConfirmOptions, Notifier, ToastOptions } from '../../src/core/ports/notifier.ts';
import type * as AntdKit from './antd-kit.ts';

const CONFIRM_TEXT = '确定';
const CANCEL_TEXT = '取消';

type Kit = typeof AntdKit;

/** Where toasts and dialogs go: inside the fullscreen element while there is one (the player), else the body. */
function overlayContainer(): HTMLElement {
  const fullscreen = typeof document === 'undefined' ? null : document.fullscreenElement;
  return fullscreen instanceof HTMLElement ? fullscreen : document.body;
}

/**
 * antd-mobile toasts and dialogs. antd-mobile (and its React 19 render hook) is loaded on first use or on
 * preload(), so it stays out of the JavaScript the first screen waits for.
 */
export class AntdNotifier implements Notifier {
  private loadingKit: Promise<Kit> | null = null;
  /** Counts toasts shown, so closing a loading indicator never closes a later toast. */
  private shown = 0;

  constructor(private readonly load: () => Promise<Kit> = () => import('./antd-kit.ts')) {}

  /** Starts loading antd-mobile now, so the first toast shows without delay. */
  preload(): Promise<void> {
    return this.kit().then(() => undefined);
  }

  toast(message: string, options: ToastOptions): void {
    const seq = ++this.shown;
    void this.kit().then(({ Toast }) => {
      if (seq === this.shown) Toast.show({ content: message, duration: options.durationMs, position: options.position, getContainer: overlayContainer });
    });
  }

  loading(text: string): () => void {
    const seq = ++this.shown;
    let closed = false;
    let close: (() => void) | null = null;
    void this.kit().then(({ Toast }) => {
      if (closed || seq !== this.shown) return;
      close = Toast.show({ icon: 'loading', content: text, duration: 0, maskClickable: false, getContainer: overlayContainer }).close;
    });
    return () => {
      closed = true;
      if (close && seq === this.shown) close();
    };
  }

  async alert(options: AlertOptions): Promise<void> {
    const { Dialog } = await this.kit();
    return Dialog.alert({
      ...(options.title !== undefined ? { title: options.title } : {}),
      content: options.message,
      confirmText: options.confirmText ?? CONFIRM_TEXT,
      getContainer: overlayContainer,
    });
  }

  async confirm(options: ConfirmOptions): Promise<boolean> {
    const { Dialog } = await this.kit();
    return Dialog.confirm({
      ...(options.title !== undefined ? { title: options.title } : {}),
      content: options.message,
      confirmText: options.confirmText ?? CONFIRM_TEXT,
      cancelText: options.cancelText ?? CANCEL_TEXT,
      getContainer: overlayContainer,
    });
  }

  private kit(): Promise<Kit> {
    this.loadingKit ??= this.load();
    return this.loadingKit;
  }
}
