type ToastPosition = 'top' | 'center' | 'bottom';

export interface ToastOptions {
  durationMs: number;
  position: ToastPosition;
}

export interface AlertOptions {
  title?: string;
  message: string;
  confirmText?: string;
}

export interface ConfirmOptions extends AlertOptions {
  cancelText?: string;
}

/** Toasts and dialogs shown to the user. */
export interface Notifier {
  toast(message: string, options: ToastOptions): void;
  /** One button; resolves when it is pressed. */
  alert(options: AlertOptions): Promise<void>;
  /** Two buttons; resolves true for confirm, false for cancel. */
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** A loading indicator with this text (正在加载) over the page until the returned function is called. */
  loading(text: string): () => void;
}
export const Notifier = Symbol('Notifier');
