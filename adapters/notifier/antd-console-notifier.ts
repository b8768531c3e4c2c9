import { message, Modal } from 'antd';
import type { AlertOptions, ConfirmOptions, Notifier, ToastOptions } from '../../src/core/ports/notifier.ts';

const CONFIRM_TEXT = '确定';
const CANCEL_TEXT = '取消';

/**
 * The operator console's notices on a desktop (antd 6): a toast is a message at the top of the page (antd's place
 * for it on a desktop, whatever the position asked), a loading indicator a message that stays until closed, an alert
 * and a confirm antd's modal dialogs. The phone app's are antd-mobile's (antd-notifier.ts).
 */
export class AntdConsoleNotifier implements Notifier {
  toast(text: string, options: ToastOptions): void {
    void message.open({ type: 'info', content: text, duration: options.durationMs / 1000 });
  }

  loading(text: string): () => void {
    return message.loading({ content: text, duration: 0 });
  }

  alert(options: AlertOptions): Promise<void> {
    return new Promise((resolve) => {
      Modal.info({ title: options.title, content: options.message, okText: options.confirmText ?? CONFIRM_TEXT, onOk: () => resolve() });
    });
  }

  confirm(options: ConfirmOptions): Promise<boolean> {
    return new Promise((resolve) => {
      Modal.confirm({
        title: options.title,
        content: options.message,
        okText: options.confirmText ?? CONFIRM_TEXT,
        cancelText: options.cancelText ?? CANCEL_TEXT,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  }
}
