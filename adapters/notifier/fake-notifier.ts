import type { AlertOptions, ConfirmOptions, Notifier, ToastOptions } from '../../src/core/ports/notifier.ts';

export interface ShownToast extends ToastOptions {
  message: string;
}

export type OpenDialog =
  | { kind: 'alert'; options: AlertOptions; close(confirm: boolean): void }
  | { kind: 'confirm'; options: ConfirmOptions; close(confirm: boolean): void };

/** Records toasts and holds dialogs open until a test answers them. */
export class FakeNotifier implements Notifier {
  /** Every toast, in order. */
  readonly toasts: ShownToast[] = [];
  /** Dialogs still open, oldest first. */
  readonly dialogs: OpenDialog[] = [];

  toast(message: string, options: ToastOptions): void {
    this.toasts.push({ message, ...options });
  }

  alert(options: AlertOptions): Promise<void> {
    return new Promise((resolve) => this.dialogs.push({ kind: 'alert', options: { ...options }, close: () => resolve() }));
  }

  confirm(options: ConfirmOptions): Promise<boolean> {
    return new Promise((resolve) => this.dialogs.push({ kind: 'confirm', options: { ...options }, close: resolve }));
  }

  /** Closes the oldest open dialog: confirm true presses its confirm button, false its cancel button. */
  answer(confirm: boolean): void {
    const dialog = this.dialogs.shift();
    if (!dialog) throw new Error('FakeNotifier: no dialog is open');
    dialog.close(confirm);
  }

  lastToast(): ShownToast | undefined {
    return this.toasts[this.toasts.length - 1];
  }
}
