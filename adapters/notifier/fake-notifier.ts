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
  /** Every loading indicator shown, in order; open until its close function is called. */
  readonly loadings: { text: string; open: boolean }[] = [];

  toast(message: string, options: ToastOptions): void {
    this.toasts.push({ message, ...options });
  }

  alert(options: AlertOptions): Promise<void> {
    return new Promise((resolve) => this.dialogs.push({ kind: 'alert', options: { ...options }, close: () => resolve() }));
  }

  confirm(options: ConfirmOptions): Promise<boolean> {
    return new Promise((resolve) => this.dialogs.push({ kind: 'confirm', options: { ...options }, close: resolve }));
  }

  loading(text: string): () => void {
    const shown = { text, open: true };
    this.loadings.push(shown);
    return () => {
      shown.open = false;
    };
  }

  /** The texts of the loading indicators still shown. */
  openLoadings(): string[] {
    return this.loadings.filter((shown) => shown.open).map((shown) => shown.text);
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
