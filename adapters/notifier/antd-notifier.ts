import type { AlertOptions, ConfirmOptions, Notifier, ToastOptions } from '../../src/core/ports/notifier.ts';
import type * as AntdKit from './antd-kit.ts';

const CONFIRM_TEXT = '确定';
const CANCEL_TEXT = '取消';

type Kit = typeof AntdKit;

/**
 * antd-mobile toasts and dialogs. antd-mobile (and its React 19 render hook) is loaded on first use or on
 * preload(), so it stays out of the JavaScript the first screen waits for.
 */
export class AntdNotifier implements Notifier {
  private loading: Promise<Kit> | null = null;

  constructor(private readonly load: () => Promise<Kit> = () => import('./antd-kit.ts')) {}

  /** Starts loading antd-mobile now, so the first toast shows without delay. */
  preload(): Promise<void> {
    return this.kit().then(() => undefined);
  }

  toast(message: string, options: ToastOptions): void {
    void this.kit().then(({ Toast }) => Toast.show({ content: message, duration: options.durationMs, position: options.position }));
  }

  async alert(options: AlertOptions): Promise<void> {
    const { Dialog } = await this.kit();
    return Dialog.alert({
      ...(options.title !== undefined ? { title: options.title } : {}),
      content: options.message,
      confirmText: options.confirmText ?? CONFIRM_TEXT,
    });
  }

  async confirm(options: ConfirmOptions): Promise<boolean> {
    const { Dialog } = await this.kit();
    return Dialog.confirm({
      ...(options.title !== undefined ? { title: options.title } : {}),
      content: options.message,
      confirmText: options.confirmText ?? CONFIRM_TEXT,
      cancelText: options.cancelText ?? CANCEL_TEXT,
    });
  }

  private kit(): Promise<Kit> {
    this.loading ??= this.load();
    return this.loading;
  }
}
